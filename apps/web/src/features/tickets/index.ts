// The tickets feature's public surface for app/ and other features. Its pages and the
// desk are lazy-loaded by app/router.tsx from pages/ and desk/ (separate chunks).
export { MyTickets } from './components/my-tickets';
export { MyClosedTickets } from './components/my-closed-tickets';
export { activeTicketSlice, deskTicketsSeen, selectUnseenDeskTickets } from './active-ticket.slice';
export { registerTicketListeners } from './tickets.listeners';
// Shared with leave requests (issue 12): the same files module, limits and chip colours.
export { AttachmentPicker, useAttachments } from './components/attachment-picker';
export { AttachmentList } from './components/attachment-list';
export { reportFormError } from './components/report-form-error';
export { TONES as CHIP_TONES, toned as tonedChip, type Tone as ChipTone } from './components/ticket-chips';
