// The reports feature's public surface: its registration for app/features.ts (pages
// lazy-loaded, chunks of their own) and its paths.
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import { canManageReports } from '@portal/contracts';
import { notForYou } from '../../components/not-for-you-page';
import { page, type WebFeature } from '../../lib/feature';
export { REPORT_PATHS } from './report-format';

export const reportsFeature = {
  name: 'reports',
  routes: [
    {
      path: 'user/reports',
      guard: { allow: canManageReports, denied: notForYou('reports.notForYouTitle', 'reports.notForYouBody') },
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
  nav: [{ to: '/user/reports', labelKey: 'nav.reports', icon: AssessmentOutlined, visible: canManageReports }],
} satisfies WebFeature;
