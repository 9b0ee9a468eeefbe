// The WFM feature's public surface: shifts, the day board, history and required staffing.
export { wfmRoutes } from './wfm.routes.js';
// For other features (IT monitoring): the portal's clock and day bounds in TIME_ZONE, shifts running now.
export { clock as portalClock, daysBetween as portalDays, onShiftNow } from './wfm.repository.js';
