import {
  canAdministerAccounts,
  canManageLeaveSettings,
  canManageReports,
  canSeeItBoard,
  canSeeShareCalls,
  canSeeTeamCalendar,
  canUseKpiPages,
  canUseOcr,
  canUseShare,
  canUseWfm,
  canViewEventLogs,
} from '@portal/contracts';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { TeacupLoader } from '../components/teacup-loader';
import { ItNotForYouPage } from '../features/it';
import { KpiNotForYouPage } from '../features/kpi';
import { OcrNotForYouPage } from '../features/ocr';
import { LeaveNotForYouPage } from '../features/leaves/components/calendar-not-for-you';
import { AdminOnlyPage } from '../features/users/pages/admin-only-page';
import { WfmNotForYouPage } from '../features/wfm';
import { importWithReload, setChunkReloadTarget } from '../lib/lazy-import';
import { setAppNavigator } from '../lib/navigation';
import { RequireAuth } from './guards/require-auth';
import { RequirePermission } from './guards/require-permission';
import { AppLayout } from './layout/app-layout';
import { BareLayout } from './layout/bare-layout';
import { RouteError } from './route-error';

/**
 * A route module loaded on first visit (route-level code splitting: the login page's
 * bundle holds no other page). Failed chunks reload once, then reach RouteError.
 */
function page<M extends Record<K, ComponentType>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return async () => ({ Component: (await importWithReload(load))[name] });
}

/** Every route of spec §2, with its guards. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    HydrateFallback: () => <TeacupLoader overlay />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: 'login', lazy: page(() => import('../features/auth/pages/login-page'), 'LoginPage') },
          {
            element: <RequireAuth />,
            children: [
              {
                path: '/',
                children: [
                  { index: true, lazy: page(() => import('../features/home/pages/home-page'), 'HomePage') },
                  {
                    path: 'ticket/create',
                    lazy: page(() => import('../features/tickets/pages/create-ticket-page'), 'CreateTicketPage'),
                  },
                  {
                    path: 'ticket/:ticketId',
                    lazy: page(() => import('../features/tickets/pages/ticket-page'), 'TicketPage'),
                  },
                  {
                    path: 'leaves/:ticketId',
                    lazy: page(() => import('../features/leaves/pages/leave-page'), 'LeavePage'),
                  },
                ],
              },
              {
                path: 'dashboard',
                children: [
                  { index: true, lazy: page(() => import('../features/tickets/desk/desk-page'), 'DeskPage') },
                  {
                    path: 'ticket/:ticketId',
                    lazy: page(() => import('../features/tickets/pages/ticket-page'), 'DeskTicketPage'),
                  },
                ],
              },
              {
                path: 'it',
                children: [
                  {
                    // The board is for those who may watch someone; a user's own day (:slug) is not behind it.
                    element: <RequirePermission allow={canSeeItBoard} denied={<ItNotForYouPage />} />,
                    children: [{ index: true, lazy: page(() => import('../features/it/pages/it-page'), 'ItPage') }],
                  },
                  // Own day always; anyone else's as the server allows (404 otherwise).
                  { path: ':slug', lazy: page(() => import('../features/it/pages/it-user-page'), 'ItUserPage') },
                ],
              },
              {
                path: 'wfm',
                element: <RequirePermission allow={canUseWfm} denied={<WfmNotForYouPage />} />,
                children: [
                  { index: true, lazy: page(() => import('../features/wfm/pages/wfm-page'), 'WfmPage') },
                  { path: ':userName', lazy: page(() => import('../features/wfm/pages/wfm-user-page'), 'WfmUserPage') },
                ],
              },
              {
                path: 'share',
                children: [
                  {
                    // The audit is for auditors (directors too), who need not be share roles.
                    path: 'calls',
                    element: <RequirePermission allow={canSeeShareCalls} />,
                    children: [
                      {
                        index: true,
                        lazy: page(() => import('../features/share/pages/share-calls-page'), 'ShareCallsPage'),
                      },
                    ],
                  },
                  {
                    element: <RequirePermission allow={canUseShare} />,
                    children: [
                      {
                        index: true,
                        lazy: page(() => import('../features/share/pages/share-home-page'), 'ShareHomePage'),
                      },
                      {
                        path: 'call-end',
                        lazy: page(() => import('../features/share/pages/call-end-page'), 'CallEndPage'),
                      },
                      {
                        path: 'call-exceed',
                        lazy: page(() => import('../features/share/pages/call-exceed-page'), 'CallExceedPage'),
                      },
                      {
                        path: ':userName',
                        lazy: page(() => import('../features/share/pages/share-user-page'), 'ShareUserPage'),
                      },
                    ],
                  },
                ],
              },
              {
                path: 'kpi',
                element: <RequirePermission allow={canUseKpiPages} denied={<KpiNotForYouPage />} />,
                children: [
                  { index: true, lazy: page(() => import('../features/kpi/pages/kpi-page'), 'KpiPage') },
                  {
                    path: ':userName/add/:kpiId',
                    lazy: page(() => import('../features/kpi/pages/kpi-record-page'), 'KpiAddPage'),
                  },
                  {
                    path: 'edit/:kpiId',
                    lazy: page(() => import('../features/kpi/pages/kpi-record-page'), 'KpiEditPage'),
                  },
                ],
              },
              {
                path: 'profile/:userName',
                lazy: page(() => import('../features/users/pages/profile-page'), 'ProfilePage'),
              },
              {
                path: 'user',
                children: [
                  { index: true, lazy: page(() => import('../features/users/pages/user-page'), 'UserPage') },
                  {
                    path: 'leaves/submited-leaves',
                    lazy: page(() => import('../features/leaves/pages/my-leaves-page'), 'SubmittedLeavesPage'),
                  },
                  {
                    path: 'leaves/leave-history',
                    lazy: page(() => import('../features/leaves/pages/my-leaves-page'), 'LeaveHistoryPage'),
                  },
                  {
                    path: 'leaves/create-leave',
                    lazy: page(() => import('../features/leaves/pages/create-leave-page'), 'CreateLeavePage'),
                  },
                  {
                    path: 'leaves/team-calendar',
                    element: (
                      <RequirePermission allow={canSeeTeamCalendar} denied={<LeaveNotForYouPage page="calendar" />} />
                    ),
                    children: [
                      {
                        index: true,
                        lazy: page(() => import('../features/leaves/pages/team-calendar-page'), 'TeamCalendarPage'),
                      },
                    ],
                  },
                  {
                    path: 'leaves/settings',
                    element: (
                      <RequirePermission
                        allow={canManageLeaveSettings}
                        denied={<LeaveNotForYouPage page="settings" />}
                      />
                    ),
                    children: [
                      {
                        index: true,
                        lazy: page(() => import('../features/leaves/pages/leave-settings-page'), 'LeaveSettingsPage'),
                      },
                    ],
                  },
                  {
                    path: 'reports',
                    element: <RequirePermission allow={canManageReports} />,
                    children: [
                      { index: true, element: <Navigate to="reports-list" replace /> },
                      {
                        path: 'reports-list',
                        lazy: page(() => import('../features/reports/pages/reports-list-page'), 'ReportsListPage'),
                      },
                      {
                        path: 'create-report',
                        lazy: page(() => import('../features/reports/pages/report-form-pages'), 'CreateReportPage'),
                      },
                      {
                        path: 'edit/:reportId',
                        lazy: page(() => import('../features/reports/pages/report-form-pages'), 'EditReportPage'),
                      },
                    ],
                  },
                ],
              },
              {
                path: 'ocr',
                element: <RequirePermission allow={canUseOcr} denied={<OcrNotForYouPage />} />,
                children: [
                  { index: true, lazy: page(() => import('../features/ocr/pages/ocr-page'), 'OcrPage') },
                  { path: ':ocrId', lazy: page(() => import('../features/ocr/pages/ocr-job-page'), 'OcrJobPage') },
                ],
              },
              {
                path: 'eventlogs',
                element: <RequirePermission allow={canViewEventLogs} />,
                children: [
                  {
                    index: true,
                    lazy: page(() => import('../features/event-logs/pages/event-logs-page'), 'EventLogsPage'),
                  },
                ],
              },
              {
                path: 'admin',
                element: <RequirePermission allow={canAdministerAccounts} denied={<AdminOnlyPage />} />,
                children: [
                  {
                    index: true,
                    lazy: page(() => import('../features/users/pages/admin-users-page'), 'AdminUsersPage'),
                  },
                ],
              },
            ],
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
  {
    // Interpreters share their screen from here: its own sign-in and session,
    // outside the portal's routes and guards (spec §1 keeps them out of the portal).
    path: 'screen-share',
    element: <BareLayout />,
    errorElement: <RouteError />,
    HydrateFallback: () => <TeacupLoader overlay />,
    children: [
      { index: true, lazy: page(() => import('../features/share/pages/screen-share-page'), 'ScreenSharePage') },
    ],
  },
  {
    // Spec §2: its own wrapper; the login guard applies here too.
    path: 'report/:reportId',
    element: <BareLayout />,
    errorElement: <RouteError />,
    HydrateFallback: () => <TeacupLoader overlay />,
    children: [
      {
        element: <RequireAuth />,
        children: [
          {
            index: true,
            lazy: page(() => import('../features/reports/pages/report-print-page'), 'ReportPrintPage'),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setAppNavigator((to) => void router.navigate(to));
  setChunkReloadTarget(() => {
    const next = router.state.navigation.location;
    return next ? router.createHref(next) : null;
  });
  return router;
}
