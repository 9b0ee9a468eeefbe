// The tickets feature's public surface.
export { ticketsRoutes } from './tickets.routes.js';
