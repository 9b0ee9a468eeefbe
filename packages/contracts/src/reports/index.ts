export * from './reports.js';
export * from './report-access.js';
export * from './report-body.js';
export * from './report-endpoints.js';
