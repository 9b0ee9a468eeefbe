import { createAsyncThunk } from '@reduxjs/toolkit';
import { isStaff, type TUser } from '@portal/contracts';
import { toast } from 'react-toastify';
import { api } from '../../lib/api/api';
import { i18next } from '../../lib/i18n/i18n';
import { authApi } from './api/auth-api';
import { profileLoadFailed, profileLoadStarted, sessionCleared, type AuthState } from './auth.slice';

type ThunkConfig = { state: { auth: AuthState } };

/**
 * Ends the session on the server, then — whatever the server said — locally (spec §4:
 * a logout failure still clears the session).
 */
export const logout = createAsyncThunk<void, { reportFailure?: boolean } | void, ThunkConfig>(
  'auth/logout',
  async (options, { dispatch, getState }) => {
    if (getState().auth.token) {
      try {
        await dispatch(authApi.endpoints.logout.initiate()).unwrap();
      } catch {
        if (options?.reportFailure !== false) toast.error(i18next.t('errors.logout'), { toastId: 'logout-failed' });
      }
    }
    dispatch(sessionCleared());
    // No cached answer of this session may be shown to the next one.
    dispatch(api.util.resetApiState());
  },
);

/**
 * Loads the signed-in user (spec §4). A failure logs out; an INTERPRETER or GUEST is
 * logged out at once, since the portal is for staff (spec §1). Resolves to the staff
 * user, or null when the session did not survive.
 */
export const loadCurrentUser = createAsyncThunk<TUser | null, void, ThunkConfig>(
  'auth/loadCurrentUser',
  async (_, { dispatch, getState }) => {
    if (!getState().auth.token) return null;
    dispatch(profileLoadStarted());
    const result = await dispatch(authApi.endpoints.me.initiate(undefined, { subscribe: false, forceRefetch: true }));
    if (!result.data) {
      dispatch(profileLoadFailed());
      await dispatch(logout({ reportFailure: false }));
      return null;
    }
    if (!isStaff(result.data)) {
      toast.warning(i18next.t('login.staffOnly'), { toastId: 'staff-only' });
      await dispatch(logout({ reportFailure: false }));
      return null;
    }
    return result.data;
  },
);

/**
 * Re-reads the signed-in user while the session goes on (after a live reconnect: the
 * account may have changed meanwhile). Unlike `loadCurrentUser` the pages stay up: no
 * loading state, and a failed read keeps the session (a 401 ends it in the base query).
 * The answer lands in the auth slice like any auth/me answer.
 */
export const refreshCurrentUser = createAsyncThunk<void, void, ThunkConfig>(
  'auth/refreshCurrentUser',
  async (_, { dispatch, getState }) => {
    if (!getState().auth.token || !getState().auth.user) return;
    const result = await dispatch(authApi.endpoints.me.initiate(undefined, { subscribe: false, forceRefetch: true }));
    if (result.data && !isStaff(result.data)) {
      toast.warning(i18next.t('login.staffOnly'), { toastId: 'staff-only' });
      await dispatch(logout({ reportFailure: false }));
    }
  },
);

/** At start: a saved token is reused and the current user loaded (spec §4). */
export const bootstrapSession = createAsyncThunk<void, void, ThunkConfig>(
  'auth/bootstrapSession',
  async (_, { dispatch, getState }) => {
    if (getState().auth.token) await dispatch(loadCurrentUser());
  },
);
