export * from './kpi.js';
export * from './kpi-access.js';
export * from './kpi-periods.js';
export * from './kpi-endpoints.js';
