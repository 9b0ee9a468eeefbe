// The KPI feature's public surface: its routes and the scheduled reminders.
export { kpiRoutes } from './kpi.routes.js';
export { sendKpiReminders } from './kpi-reminders.service.js';
