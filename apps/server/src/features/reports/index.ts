// The reports feature's public surface.
export { reportsRoutes } from './reports.routes.js';
