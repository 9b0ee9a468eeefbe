import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ZUser, type TMfaChallenge, type TUser } from '@portal/contracts';
import { accountErrorMessage, type AccountErrorMessage, type RequestError } from '../../lib/api/api-error';
import { sessionRejected } from '../../lib/api/base-query';
import { readStorage, STORAGE_KEYS } from '../../lib/storage';
import { authApi, sessionIssued } from './api/auth-api';

/** Spec §3 auth state. */
export interface AuthState {
  /** A login request is in flight. */
  loading: boolean;
  /** The last login failure, mapped per spec §8 (translated when shown). */
  error: AccountErrorMessage | null;
  user: TUser | null;
  isAuthenticated: boolean;
  /** Empty when signed out. */
  token: string;
  /** The spec's AuthSuccessLoading: the signed-in user's profile is being loaded. */
  authSuccessLoading: boolean;
  /**
   * Why the last session ended when the user did not sign out (shown on the login page):
   * their account was deactivated, or the session ended some other way (signed out
   * elsewhere, a password change).
   */
  signedOutBecause: 'sessionEnded' | 'accountDeactivated' | null;
  /**
   * Why the profile load last failed while it is being tried again: the portal did not
   * answer, or answered something other than "this session is invalid" (a 401, which
   * ends the session). The session is kept meanwhile; null once the profile loads.
   */
  profileUnreachable: NonNullable<RequestError> | null;
  /**
   * The password step succeeded and a second factor is due (or must be set up first): the
   * login page's next step. Never stored: a reload starts the sign-in again.
   */
  mfa: TMfaChallenge | null;
}

export const emptyAuthState: AuthState = {
  loading: false,
  error: null,
  user: null,
  isAuthenticated: false,
  token: '',
  authSuccessLoading: false,
  signedOutBecause: null,
  profileUnreachable: null,
  mfa: null,
};

/** Retry now, not after the profile load's backoff (the unreachable message's button). */
export const profileRetryRequested = createAction('auth/profileRetryRequested');

/**
 * Spec §4: a saved token is reused at start. The user stays "loading" until auth/me
 * confirms the token, so guarded routes never render for a revoked session.
 */
export function restoreAuthState(): AuthState {
  const token = readStorage(STORAGE_KEYS.token) ?? '';
  if (!token) return emptyAuthState;
  let user: TUser | null = null;
  try {
    const parsed = ZUser.safeParse(JSON.parse(readStorage(STORAGE_KEYS.user) ?? 'null'));
    if (parsed.success) user = parsed.data;
  } catch {
    // A corrupt saved user is simply reloaded from the server.
  }
  return { ...emptyAuthState, token, user, isAuthenticated: true, authSuccessLoading: true };
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: emptyAuthState,
  reducers: {
    /** Logout or "clear user": everything back to the initial state (spec §4). */
    sessionCleared: () => emptyAuthState,
    /** Back from the second step to the password (or its challenge ran out). */
    mfaCancelled: (state) => {
      state.mfa = null;
    },
    profileLoadStarted: (state) => {
      state.authSuccessLoading = true;
    },
    /** Still loading: the session is kept and the load tried again (session.ts). */
    profileLoadRetrying: (state, { payload }: PayloadAction<NonNullable<RequestError>>) => {
      state.profileUnreachable = payload;
    },
  },
  extraReducers: (builder) => {
    builder
      // The server ended the session (password changed or signed out elsewhere, an
      // administrator): the login page says so rather than appearing unexplained.
      .addCase(sessionRejected, (_state, { payload }) => ({
        ...emptyAuthState,
        signedOutBecause:
          payload?.code === 'sessionAccountDisabled' ? ('accountDeactivated' as const) : ('sessionEnded' as const),
      }))
      .addMatcher(authApi.endpoints.login.matchPending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addMatcher(sessionIssued, (state, { payload }) => {
        state.loading = false;
        state.error = null;
        // A second factor is due: the login page asks for it (no session yet).
        if ('mfa' in payload) {
          state.mfa = payload.mfa;
          return;
        }
        // An enrolment by session (a passkey added on the profile) starts no new session.
        if (!payload.access) return;
        state.mfa = null;
        state.token = payload.access;
        state.isAuthenticated = true;
        // The profile load follows at once (auth.listeners.ts).
        state.authSuccessLoading = true;
      })
      .addMatcher(authApi.endpoints.login.matchRejected, (state, action) => {
        // Spec §4: token cleared, user unauthenticated, error kept.
        return { ...emptyAuthState, error: accountErrorMessage(action.payload ?? action.error) };
      })
      .addMatcher(authApi.endpoints.me.matchFulfilled, (state, { payload }) => {
        // A late answer for a session that has meanwhile ended must not revive it.
        if (!state.token) return;
        state.user = payload;
        state.isAuthenticated = true;
        state.authSuccessLoading = false;
        state.profileUnreachable = null;
      })
      .addMatcher(authApi.endpoints.updateMe.matchFulfilled, (state, { payload }) => {
        state.user = payload;
      })
      .addMatcher(authApi.endpoints.changePassword.matchFulfilled, (state, { payload }) => {
        // The server ended every other session and issued this token for ours.
        state.token = payload.access;
      });
  },
});

export const { sessionCleared, profileLoadStarted, profileLoadRetrying, mfaCancelled } = authSlice.actions;

type WithAuth = { auth: AuthState };
export const selectAuth = (state: WithAuth) => state.auth;
export const selectCurrentUser = (state: WithAuth) => state.auth.user;
export const selectToken = (state: WithAuth) => state.auth.token;
/** True while guarded routes must wait (spec §4: "while auth is loading"). */
export const selectAuthPending = (state: WithAuth) => state.auth.loading || state.auth.authSuccessLoading;
