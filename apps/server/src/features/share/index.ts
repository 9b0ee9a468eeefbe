// The screen-sharing feature's public surface (issue 17).
export { shareRoutes } from './share.routes.js';
export { sweepCalls } from './share.service.js';
