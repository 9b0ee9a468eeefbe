export * from './reports.js';
export * from './report-access.js';
