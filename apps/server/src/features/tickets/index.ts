// The tickets feature's public surface.
import type { ServerFeature } from '../../lib/feature.js';
import { helpDeskSettingsRoutes } from './help-desk-settings.routes.js';
import { escalateSlaBreaches } from './sla-escalation.js';
import { ticketNames } from './ticket-names.repository.js';
import { seedHelpDeskDemo } from './tickets-demo.js';
import { ticketsRoutes } from './tickets.routes.js';
// For the reports' summaries: each desk's tickets over a period.
export { deskTicketFigures, type DeskTicketFigures } from './ticket-figures.repository.js';
export { escalateSlaBreaches } from './sla-escalation.js';

export const ticketsFeature: ServerFeature = {
  name: 'tickets',
  // Also the /ws/admins/ channel, and multipart bodies (for its routes only).
  routes: [ticketsRoutes, helpDeskSettingsRoutes],
  jobs: (ctx) => [
    // Every server runs it; a conditional update per breach tells each one exactly once.
    { name: 'tickets.sla-escalation', everyMs: 60_000, ownTransactions: true, run: () => escalateSlaBreaches(ctx) },
  ],
  demo: { rows: seedHelpDeskDemo },
  eventLogActions: [
    'canned_reply.created',
    'canned_reply.deleted',
    'canned_reply.updated',
    'ticket.assigned',
    'ticket.created',
    'ticket.priority_changed',
    'ticket.replied',
    'ticket.sla_breached',
    'ticket.status_changed',
    'ticket_sla.updated',
  ],
  eventLogNames: { ticket: ticketNames },
};
