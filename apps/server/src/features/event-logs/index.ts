// The event-logs feature's public surface: other features record events through this.
export { recordEvent, type AuditEvent } from './audit.js';
export { verifyChain, type ChainReport } from './event-log-chain.js';
export { eventLogsRoutes } from './event-logs.routes.js';
