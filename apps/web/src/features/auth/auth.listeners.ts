import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { WS_CHANNELS } from '@portal/contracts';
import { toast } from 'react-toastify';
import { api } from '../../lib/api/api';
import { sessionRejected } from '../../lib/api/base-query';
import { i18next } from '../../lib/i18n/i18n';
import { liveReconnected } from '../../lib/live-channel';
import { playLoginFailureSound } from '../../lib/sounds';
import { STORAGE_KEYS, writeStorage } from '../../lib/storage';
import type { AppThunkDispatch } from '../../lib/store-hooks';
import { authApi, sessionIssued } from './api/auth-api';
import type { AuthState } from './auth.slice';
import { loadCurrentUser, refreshCurrentUser } from './session';

/** The side effects of the auth state machine (spec §4), kept out of the reducers. */
export function registerAuthListeners(listener: ListenerMiddlewareInstance) {
  const startListening = listener.startListening.withTypes<{ auth: AuthState }, AppThunkDispatch>();
  /** Refused sign-ins so far: each one's toast has its own id. */
  let failures = 0;

  // Login success: the profile is loaded; only a staff user is welcomed. (A second factor
  // due is not a success yet: the login page asks for it.)
  startListening({
    matcher: sessionIssued,
    effect: async ({ payload }, { dispatch }) => {
      if (!('access' in payload) || !payload.access) return;
      const user = await dispatch(loadCurrentUser()).unwrap();
      if (!user) return;
      toast.dismiss(`login-failed-${failures}`);
      toast.success(i18next.t('login.success'), { toastId: 'login-success' });
    },
  });

  // Login failure: the spec §8 message, and a short sound. Each refusal is a toast of its
  // own (the last one's goes), so a second refusal while the first is still up is shown
  // and announced again rather than swallowed as a duplicate.
  startListening({
    matcher: authApi.endpoints.login.matchRejected,
    effect: (_action, { getState }) => {
      const error = getState().auth.error;
      if (error) {
        const message = 'key' in error ? i18next.t(error.key) : error.text;
        toast.dismiss(`login-failed-${failures}`);
        failures += 1;
        toast.error(message, { toastId: `login-failed-${failures}` });
      }
      playLoginFailureSound();
    },
  });

  // The server no longer accepts our token (revoked, deactivated, expired).
  startListening({
    actionCreator: sessionRejected,
    effect: (_action, { dispatch, getState }) => {
      // The sign-in page says why at length; the toast says it where the user was.
      if (getState().auth.signedOutBecause === 'accountDeactivated') {
        toast.warning(i18next.t('messages.sessionAccountDisabled'), { toastId: 'session-ended' });
      } else toast.info(i18next.t('errors.sessionEnded'), { toastId: 'session-ended' });
      dispatch(api.util.resetApiState());
    },
  });

  // Back on the user's own live channel after an outage: re-read who we are ('Me').
  startListening({
    actionCreator: liveReconnected,
    effect: ({ payload }, { dispatch }) => {
      if (payload.path === WS_CHANNELS.notification) void dispatch(refreshCurrentUser());
    },
  });

  // Token and user live in localStorage while signed in, and nowhere after (spec §4).
  startListening({
    predicate: (_action, current, previous) =>
      current.auth.token !== previous.auth.token || current.auth.user !== previous.auth.user,
    effect: (_action, { getState }) => {
      const { token, user } = getState().auth;
      writeStorage(STORAGE_KEYS.token, token || null);
      writeStorage(STORAGE_KEYS.user, token && user ? JSON.stringify(user) : null);
    },
  });
}
