// The KPI feature's public surface for app/ and other features (issue 14). Its pages are
// lazy-loaded by app/router.tsx from pages/ (a chunk of their own).
export { KpiNotForYouPage } from './components/kpi-not-for-you';
// The person's own scorecard, for /user.
export { MyScorecardCard } from './components/my-scorecard-card';
