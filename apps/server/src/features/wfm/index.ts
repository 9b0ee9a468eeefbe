// The WFM feature's public surface: shifts, the day board, history and required staffing.
export { wfmRoutes } from './wfm.routes.js';
