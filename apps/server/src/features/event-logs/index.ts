// The event-logs feature's public surface: other features record events through this.
import type { ServerFeature } from '../../lib/feature.js';
import { eventLogsRoutes } from './event-logs.routes.js';
export { recordEvent, type AuditEvent } from './audit.js';
export { verifyChain, type ChainReport } from './event-log-chain.js';

export const eventLogsFeature: ServerFeature = {
  name: 'event-logs',
  routes: [eventLogsRoutes],
};
