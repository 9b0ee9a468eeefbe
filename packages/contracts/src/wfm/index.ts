export * from './wfm.js';
export * from './wfm-access.js';
