// The share feature's public surface: its registration for app/features.ts (pages
// lazy-loaded, chunks of their own) and the live parts the app layout mounts.
import ScreenShareOutlined from '@mui/icons-material/ScreenShareOutlined';
import { canSeeShareCalls, canUseShare } from '@portal/contracts';
import { notForYou } from '../../components/not-for-you-page';
import { page, type WebFeature } from '../../lib/feature';
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

export const shareFeature = {
  name: 'share',
  routes: [
    {
      path: 'share',
      children: [
        {
          // The audit is for auditors (directors too), who need not be share roles.
          path: 'calls',
          guard: {
            allow: canSeeShareCalls,
            denied: notForYou('share.callsNotForYouTitle', 'share.callsNotForYouBody'),
          },
          children: [{ index: true, lazy: page(() => import('./pages/share-calls-page'), 'ShareCallsPage') }],
        },
        {
          guard: { allow: canUseShare, denied: notForYou('share.notForYouTitle', 'share.notForYouBody') },
          children: [
            { index: true, lazy: page(() => import('./pages/share-home-page'), 'ShareHomePage') },
            { path: 'call-end', lazy: page(() => import('./pages/call-end-page'), 'CallEndPage') },
            { path: 'call-exceed', lazy: page(() => import('./pages/call-exceed-page'), 'CallExceedPage') },
            { path: ':userName', lazy: page(() => import('./pages/share-user-page'), 'ShareUserPage') },
          ],
        },
      ],
    },
  ],
  // Interpreters share their screen from here: its own sign-in and session, outside the
  // portal's routes and guards (spec §1 keeps them out of the portal).
  bareRoutes: [
    {
      path: 'screen-share',
      children: [{ index: true, lazy: page(() => import('./pages/screen-share-page'), 'ScreenSharePage') }],
    },
  ],
  // Not in spec §2's menu, but its share routes need a way in: the share roles get the
  // people list, auditors who are not share roles (directors) the calls audit.
  nav: [
    { to: '/share', labelKey: 'nav.share', icon: ScreenShareOutlined, visible: canUseShare },
    {
      to: '/share/calls',
      labelKey: 'nav.shareCalls',
      icon: ScreenShareOutlined,
      visible: (user) => !canUseShare(user) && canSeeShareCalls(user),
    },
  ],
} satisfies WebFeature;
