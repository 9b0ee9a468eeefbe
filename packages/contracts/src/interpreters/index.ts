export * from './interpreters.js';
export * from './interpreter-live.js';
export * from './interpreter-access.js';
export * from './interpreter-endpoints.js';
