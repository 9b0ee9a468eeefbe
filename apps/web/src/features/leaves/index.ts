// The leaves feature's public surface: its registration for app/features.ts (pages
// lazy-loaded, chunks of their own) and what other features show.
import { canManageLeaveSettings, canSeeTeamCalendar } from '@portal/contracts';
import { createElement } from 'react';
import { page, type WebFeature } from '../../lib/feature';
import { LeaveNotForYouPage } from './components/calendar-not-for-you';
import { approvesLeave } from './components/leaves-nav';
import { registerLeaveListeners } from './leaves.listeners';
export { LeaveHomeCards } from './components/leave-home-cards';
// For the team calendar and settings pages of this feature, and anyone linking to leave pages.
export { approvesLeave, LEAVE_PATHS, LeavesNav } from './components/leaves-nav';

export const leavesFeature = {
  name: 'leaves',
  routes: [
    { path: 'leaves/:ticketId', lazy: page(() => import('./pages/leave-page'), 'LeavePage') },
    {
      path: 'user/leaves',
      children: [
        { path: 'submited-leaves', lazy: page(() => import('./pages/my-leaves-page'), 'SubmittedLeavesPage') },
        { path: 'leave-history', lazy: page(() => import('./pages/my-leaves-page'), 'LeaveHistoryPage') },
        { path: 'create-leave', lazy: page(() => import('./pages/create-leave-page'), 'CreateLeavePage') },
        {
          path: 'approvals',
          guard: { allow: approvesLeave, denied: createElement(LeaveNotForYouPage, { page: 'approvals' }) },
          children: [{ index: true, lazy: page(() => import('./pages/leave-approvals-page'), 'LeaveApprovalsPage') }],
        },
        {
          path: 'team-calendar',
          guard: { allow: canSeeTeamCalendar, denied: createElement(LeaveNotForYouPage, { page: 'calendar' }) },
          children: [{ index: true, lazy: page(() => import('./pages/team-calendar-page'), 'TeamCalendarPage') }],
        },
        {
          path: 'settings',
          guard: { allow: canManageLeaveSettings, denied: createElement(LeaveNotForYouPage, { page: 'settings' }) },
          children: [{ index: true, lazy: page(() => import('./pages/leave-settings-page'), 'LeaveSettingsPage') }],
        },
      ],
    },
  ],
  listeners: registerLeaveListeners,
} satisfies WebFeature;
