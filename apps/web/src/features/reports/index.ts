// The reports feature's public surface: its registration for app/features.ts (pages
// lazy-loaded, chunks of their own) and its paths.
import { canManageReports } from '@portal/contracts';
import { page, type WebFeature } from '../../lib/feature';
export { REPORT_PATHS } from './report-format';

export const reportsFeature = {
  name: 'reports',
  routes: [
    {
      path: 'user/reports',
      guard: { allow: canManageReports },
      children: [
        { index: true, redirect: 'reports-list' },
        { path: 'reports-list', lazy: page(() => import('./pages/reports-list-page'), 'ReportsListPage') },
        { path: 'create-report', lazy: page(() => import('./pages/report-form-pages'), 'CreateReportPage') },
        { path: 'edit/:reportId', lazy: page(() => import('./pages/report-form-pages'), 'EditReportPage') },
      ],
    },
  ],
  // Spec §2: the printable report in its own wrapper, behind the login guard.
  bareRoutes: [
    {
      path: 'report/:reportId',
      signedIn: true,
      children: [{ index: true, lazy: page(() => import('./pages/report-print-page'), 'ReportPrintPage') }],
    },
  ],
} satisfies WebFeature;
