// The users feature's public surface: its registration for app/features.ts (profile, user
// settings and account administration, lazy-loaded).
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import { canAdministerAccounts } from '@portal/contracts';
import { createElement } from 'react';
import { page, type WebFeature } from '../../lib/feature';
import { AdminOnlyPage } from './pages/admin-only-page';
import { registerUsersListeners } from './users.listeners';

export const usersFeature = {
  name: 'users',
  routes: [
    { path: 'profile/:userName', lazy: page(() => import('./pages/profile-page'), 'ProfilePage') },
    { path: 'user', lazy: page(() => import('./pages/user-page'), 'UserPage') },
    {
      path: 'admin',
      guard: { allow: canAdministerAccounts, denied: createElement(AdminOnlyPage) },
      children: [{ index: true, lazy: page(() => import('./pages/admin-users-page'), 'AdminUsersPage') }],
    },
  ],
  // Spec §2's Legacy Dashboard: the account administration, in a new tab.
  // Only ADMIN may open it (anyone else would get its refusal page in a new tab).
  nav: [
    {
      to: '/admin',
      labelKey: 'nav.legacyDashboard',
      icon: AdminPanelSettingsOutlined,
      newTab: true,
      visible: canAdministerAccounts,
    },
  ],
  listeners: registerUsersListeners,
} satisfies WebFeature;
