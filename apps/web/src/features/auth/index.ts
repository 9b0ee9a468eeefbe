// The auth feature's public surface: other features and app/ import from here, never
// deeper (app/router.tsx lazy-loads the login page from pages/ to keep it a chunk).
export { authSlice, restoreAuthState, selectAuth, selectCurrentUser, selectToken, type AuthState } from './auth.slice';
export { ownProfileUpdated, useChangePasswordMutation, useUpdateMeMutation } from './api/auth-api';
export { registerAuthListeners } from './auth.listeners';
export { bootstrapSession, logout } from './session';
export { LoginForm } from './components/login-form';
export { PortalUnreachable } from './components/portal-unreachable';
