// The WFM feature's public surface for app/. Its pages are lazy-loaded by
// app/router.tsx from pages/ (a chunk of their own).
export { WfmNotForYouPage } from './components/wfm-not-for-you';
