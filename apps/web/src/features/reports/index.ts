// The reports feature's public surface. Its pages are lazy-loaded by
// app/router.tsx from pages/ (chunks of their own); nothing else is shared yet.
export { REPORT_PATHS } from './report-format';
