// The tickets feature's public surface.
export { ticketsRoutes } from './tickets.routes.js';
export { helpDeskSettingsRoutes } from './help-desk-settings.routes.js';
export { escalateSlaBreaches } from './sla-escalation.js';
