// The IT monitoring feature's public surface: its registration (pages, menu entry, the
// spec §3 data holder and listeners) for app/features.ts.
import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import { canSeeItBoard } from '@portal/contracts';
import { createElement } from 'react';
import { page, type WebFeature } from '../../lib/feature';
import { ItNotForYouPage } from './components/board/it-not-for-you';
import { registerItListeners } from './it.listeners';
import { itSlice } from './it.slice';
// "My activity" on /user (the users feature's own page).
export { MyActivityCard } from './components/my-activity-card';

export const itFeature = {
  name: 'it',
  routes: [
    {
      path: 'it',
      children: [
        {
          // The board is for those who may watch someone; a user's own day (:slug) is not behind it.
          guard: { allow: canSeeItBoard, denied: createElement(ItNotForYouPage) },
          children: [{ index: true, lazy: page(() => import('./pages/it-page'), 'ItPage') }],
        },
        // Own day always; anyone else's as the server allows (404 otherwise).
        { path: ':slug', lazy: page(() => import('./pages/it-user-page'), 'ItUserPage') },
      ],
    },
  ],
  nav: [{ to: '/it', labelKey: 'nav.it', icon: DevicesOutlined }],
  reducers: { it: itSlice.reducer },
  listeners: registerItListeners,
} satisfies WebFeature;
