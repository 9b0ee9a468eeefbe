export * from './leaves.js';
export * from './leave-access.js';
export * from './working-days.js';
export * from './leave-live.js';
export * from './leave-endpoints.js';
