// The reports feature's public surface (issue 14). Its pages are lazy-loaded by
// app/router.tsx from pages/ (chunks of their own); nothing else is shared yet.
export { REPORT_PATHS } from './report-format';
