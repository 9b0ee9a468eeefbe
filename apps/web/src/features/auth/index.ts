// The auth feature's public surface: other features and app/ import from here, never
// deeper. Its registration (authFeature) lazy-loads the login page (a chunk of its own).
import { page, type WebFeature } from '../../lib/feature';
import { registerAuthListeners } from './auth.listeners';
import { authSlice } from './auth.slice';
export { restoreAuthState, selectAuth, selectCurrentUser, selectToken, type AuthState } from './auth.slice';
export {
  ownProfileUpdated,
  useChangePasswordMutation,
  useMyMfaQuery,
  useRegenerateRecoveryCodesMutation,
  useRemoveTotpMutation,
  useResetAccountMfaMutation,
  useUpdateMeMutation,
} from './api/auth-api';
export { CodeField } from './components/code-field';
export { RecoveryCodes } from './components/recovery-codes';
export { TotpSetup } from './components/totp-setup';
export { bootstrapSession, logout } from './session';
export { LoginForm } from './components/login-form';
export { PortalUnreachable } from './components/portal-unreachable';
export { PasskeysSection } from './passkeys/components/passkeys-section';

export const authFeature = {
  name: 'auth',
  publicRoutes: [
    { path: 'login', lazy: page(() => import('./pages/login-page'), 'LoginPage') },
    // Where the company provider's sign-in lands (its one-time code in the fragment).
    { path: 'login/sso', lazy: page(() => import('./sso/sso-landing-page'), 'SsoLandingPage') },
  ],
  reducers: { auth: authSlice.reducer },
  listeners: registerAuthListeners,
} satisfies WebFeature;
