// The KPI feature's public surface: its registration for app/features.ts (pages lazy-loaded,
// a chunk of their own) and what other features show.
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { canUseKpiPages } from '@portal/contracts';
import { createElement, lazy } from 'react';
import { page, type WebFeature } from '../../lib/feature';
import { KpiNotForYouPage } from './components/kpi-not-for-you';
// The person's own scorecard, for /user.
export { MyScorecardCard } from './components/my-scorecard-card';
// "Score while watching": the KPI add form beside a screen-sharing call (its own chunk).
export const KpiScorePanel = lazy(() => import('./pages/kpi-record-page').then((m) => ({ default: m.KpiScorePanel })));

export const kpiFeature = {
  name: 'kpi',
  routes: [
    {
      path: 'kpi',
      guard: { allow: canUseKpiPages, denied: createElement(KpiNotForYouPage) },
      children: [
        { index: true, lazy: page(() => import('./pages/kpi-page'), 'KpiPage') },
        { path: ':userName/add/:kpiId', lazy: page(() => import('./pages/kpi-record-page'), 'KpiAddPage') },
        { path: 'edit/:kpiId', lazy: page(() => import('./pages/kpi-record-page'), 'KpiEditPage') },
      ],
    },
  ],
  nav: [{ to: '/kpi', labelKey: 'nav.kpi', icon: InsightsOutlined, visible: canUseKpiPages }],
} satisfies WebFeature;
