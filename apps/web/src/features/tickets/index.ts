// The tickets feature's public surface for other features.
export { MyTickets } from './components/my-tickets';
export { MyClosedTickets } from './components/my-closed-tickets';
export { deskTicketsSeen, selectUnseenDeskTickets } from './active-ticket.slice';
