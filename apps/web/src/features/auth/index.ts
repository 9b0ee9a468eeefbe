// The auth feature's public surface: other features import from here, never deeper.
export { selectAuth, selectCurrentUser, selectToken, type AuthState } from './auth.slice';
export { useChangePasswordMutation, useUpdateMeMutation } from './api/auth-api';
export { logout } from './session';
