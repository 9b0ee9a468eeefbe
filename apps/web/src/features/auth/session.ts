import { addListener, createAsyncThunk, isAnyOf, type UnsubscribeListener } from '@reduxjs/toolkit';
import { isStaff, type TUser } from '@portal/contracts';
import { toast } from 'react-toastify';
import { api } from '../../lib/api/api';
import { sessionRejected } from '../../lib/api/base-query';
import { i18next } from '../../lib/i18n/i18n';
import { backoffDelay } from '../../lib/live-socket';
import type { AppThunkDispatch } from '../../lib/store-hooks';
import { authApi } from './api/auth-api';
import { takeSsoSignOut } from './sso/sso-api';
import {
  profileLoadRetrying,
  profileLoadStarted,
  profileRetryRequested,
  sessionCleared,
  type AuthState,
} from './auth.slice';

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
    // Signed out by the person (not refused as non-staff): out of the company provider too.
    const providerSignOut = takeSsoSignOut();
    if (providerSignOut && options?.reportFailure !== false) window.location.assign(providerSignOut);
  },
);

/** A profile load the portal did not answer is tried again after 1 s, doubling up to 30 s (jittered). */
const PROFILE_RETRY_BASE_MS = 1_000;
const PROFILE_RETRY_MAX_MS = 30_000;

/**
 * Resolves after `ms`, or sooner when the user asks to retry or the session ends (then
 * the waiting load sees the token gone and stops).
 */
function retryAfter(dispatch: AppThunkDispatch, ms: number): Promise<void> {
  return new Promise((resolve) => {
    let unsubscribe: UnsubscribeListener = () => {};
    const wake = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(wake, ms);
    unsubscribe = dispatch(
      addListener({ matcher: isAnyOf(profileRetryRequested, sessionCleared, sessionRejected), effect: wake }),
    ) as unknown as UnsubscribeListener;
  });
}

/**
 * Loads the signed-in user (spec §4, "profile load failure leads to logout", read as: the
 * server said the session is invalid). Only a 401 ends the session, and the base query
 * has already ended it. Any other failure — no answer, an aborted request (an F5 while
 * it is in flight), a timeout, a 5xx — keeps the token and tries again with backoff,
 * the state saying why meanwhile; guarded pages wait instead of showing the user as
 * signed out. An INTERPRETER or GUEST is logged out at once, since the portal is for
 * staff (spec §1). Resolves to the staff user, or null when the session did not survive.
 */
export const loadCurrentUser = createAsyncThunk<TUser | null, void, ThunkConfig>(
  'auth/loadCurrentUser',
  async (_, { dispatch, getState }) => {
    const token = getState().auth.token;
    if (!token) return null;
    dispatch(profileLoadStarted());
    for (let attempt = 0; ; attempt++) {
      const result = await dispatch(authApi.endpoints.me.initiate(undefined, { subscribe: false, forceRefetch: true }));
      // Ended (a 401, a sign-out) or replaced by a new sign-in meanwhile: not ours to finish.
      if (getState().auth.token !== token) return null;
      if (result.data) {
        if (isStaff(result.data)) return result.data;
        toast.warning(i18next.t('login.staffOnly'), { toastId: 'staff-only' });
        await dispatch(logout({ reportFailure: false }));
        return null;
      }
      if (result.error) dispatch(profileLoadRetrying(result.error));
      await retryAfter(dispatch, backoffDelay(attempt, PROFILE_RETRY_BASE_MS, PROFILE_RETRY_MAX_MS));
      if (getState().auth.token !== token) return null;
    }
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
