export * from './wfm.js';
export * from './wfm-access.js';
export * from './wfm-endpoints.js';
export * from './wfm-live.js';
