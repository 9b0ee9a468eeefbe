// The WFM feature's public surface: shifts, the day board, history and required staffing.
import type { ServerFeature } from '../../lib/feature.js';
import { seedWfmDemo } from './wfm-demo.js';
import { wfmRoutes } from './wfm.routes.js';
// For other features (IT monitoring): the portal's clock and day bounds in TIME_ZONE, shifts running now.
export { clock as portalClock, daysBetween as portalDays, onShiftNow } from './wfm.repository.js';
// For the reports' summaries: interpreters' adherence to their shifts over a period.
export { interpretersAdherence } from './wfm-reads.service.js';

export const wfmFeature: ServerFeature = {
  name: 'wfm',
  routes: [wfmRoutes],
  // After the interpreters' demo: today's shifts are planned around their presence.
  demo: { rows: (db, { timeZone }) => seedWfmDemo(db, timeZone) },
  eventLogActions: [
    'wfm.shift_changed',
    'wfm.shift_created',
    'wfm.shift_deleted',
    'wfm.shifts_imported',
    'wfm.staffing_removed',
    'wfm.staffing_set',
  ],
};
