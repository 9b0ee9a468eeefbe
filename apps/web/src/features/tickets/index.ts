// The tickets feature's public surface for other features.
export { MyTickets } from './components/my-tickets';
