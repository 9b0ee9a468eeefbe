export * from './tickets.js';
export * from './ticket-access.js';
export * from './ticket-live.js';
export * from './help-desk.js';
export * from './ticket-endpoints.js';
export * from './help-desk-endpoints.js';
