import { lazy } from 'react';
// The KPI feature's public surface for app/ and other features. Its pages are
// lazy-loaded by app/router.tsx from pages/ (a chunk of their own).
export { KpiNotForYouPage } from './components/kpi-not-for-you';
// The person's own scorecard, for /user.
export { MyScorecardCard } from './components/my-scorecard-card';
// "Score while watching": the KPI add form beside a screen-sharing call (its own chunk).
export const KpiScorePanel = lazy(() => import('./pages/kpi-record-page').then((m) => ({ default: m.KpiScorePanel })));
