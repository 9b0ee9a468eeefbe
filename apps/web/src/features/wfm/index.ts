// The WFM feature's public surface: its registration for app/features.ts (pages
// lazy-loaded, a chunk of their own).
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import { canUseWfm } from '@portal/contracts';
import { createElement } from 'react';
import { page, type WebFeature } from '../../lib/feature';
import { WfmNotForYouPage } from './components/wfm-not-for-you';
import { registerWfmListeners } from './wfm.listeners';

export const wfmFeature = {
  name: 'wfm',
  routes: [
    {
      path: 'wfm',
      guard: { allow: canUseWfm, denied: createElement(WfmNotForYouPage) },
      children: [
        { index: true, lazy: page(() => import('./pages/wfm-page'), 'WfmPage') },
        { path: ':userName', lazy: page(() => import('./pages/wfm-user-page'), 'WfmUserPage') },
      ],
    },
  ],
  nav: [{ to: '/wfm', labelKey: 'nav.wfm', icon: GroupsOutlined }],
  listeners: registerWfmListeners,
} satisfies WebFeature;
