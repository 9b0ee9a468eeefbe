// The leaves feature's public surface.
import type { ServerFeature } from '../../lib/feature.js';
import { leaveNames, leaveTypeNames } from './leave-names.repository.js';
import { seedLeavesDemo } from './leaves-demo.js';
import { leavesRoutes } from './leaves.routes.js';
// For the reports' summaries: approved leave days per department over a period.
export { approvedLeaveDays } from './leave-figures.repository.js';

export const leavesFeature: ServerFeature = {
  name: 'leaves',
  // Leave requests; multipart for its own submit route; frames on /ws/notification/.
  routes: [leavesRoutes],
  demo: { rows: seedLeavesDemo },
  eventLogActions: [
    'leave.approved',
    'leave.cancelled',
    'leave.holiday_added',
    'leave.holiday_removed',
    'leave.hr_confirmed',
    'leave.hr_rejected',
    'leave.recorded',
    'leave.rejected',
    'leave.revoked',
    'leave.settings_changed',
    'leave.submitted',
    'leave.type_created',
    'leave.type_updated',
  ],
  eventLogNames: { leave: leaveNames, leave_type: leaveTypeNames },
};
