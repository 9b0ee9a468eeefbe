export * from './it.js';
export * from './it-access.js';
export * from './it-alerts.js';
export * from './it-live.js';
export * from './agent-protocol.js';
export * from './it-endpoints.js';
export * from './agent-endpoints.js';
