// The leaves feature's public surface.
export { leavesRoutes } from './leaves.routes.js';
