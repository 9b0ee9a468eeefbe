// The tickets feature's public surface for app/ and other features. Its pages and the
// desk are lazy-loaded by app/router.tsx from pages/ and desk/ (separate chunks).
export { MyTickets } from './components/my-tickets';
export { MyClosedTickets } from './components/my-closed-tickets';
export { activeTicketSlice, deskTicketsSeen, selectUnseenDeskTickets } from './active-ticket.slice';
export { registerTicketListeners } from './tickets.listeners';
