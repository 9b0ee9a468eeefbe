export * from './it.js';
export * from './it-access.js';
export * from './it-alerts.js';
export * from './it-live.js';
export * from './agent-protocol.js';
