// The share feature's public surface for app/. Its pages are lazy-loaded by
// app/router.tsx from pages/ (chunks of their own); the live parts come from live/.
export {
  shareApi,
  shareCallUpdated,
  useAcceptShareCallMutation,
  useDeclineShareCallMutation,
  useEndShareCallMutation,
} from './api/share-api';
export { SHARE_PATHS } from './share-format';
// Every staff tab's share connection (the target's consent dialog and indicator), mounted by the app layout.
export { SharePortalHost } from './live/share-portal-host';
