import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'react-toastify';
import { createStore } from '../../app/store';
import { sessionRejected } from '../../lib/api/base-query';
import { playLoginFailureSound } from '../../lib/sounds';
import { STORAGE_KEYS } from '../../lib/storage';
import { fakeApi, makeUser } from '../../test/fake-api';
import { authApi } from './api/auth-api';
import { authSlice, emptyAuthState, profileRetryRequested, restoreAuthState, sessionCleared } from './auth.slice';
import { bootstrapSession, logout } from './session';

vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), {
    success: vi.fn(),
    error: vi.fn(),
    info: vi.fn(),
    warning: vi.fn(),
    dismiss: vi.fn(),
  }),
}));
vi.mock('../../lib/sounds', () => ({ playLoginFailureSound: vi.fn() }));

const TOKEN = 'token-1';
const badCredentials = {
  status: 400,
  body: {
    message: 'Unable to log in with provided credentials.',
    extra: { fields: { non_field_errors: ['Unable to log in with provided credentials.'] } },
  },
};

/** Resolves once the listener-driven effects have run. */
async function settle(store: ReturnType<typeof createStore>) {
  await vi.waitFor(() => {
    const { loading, authSuccessLoading } = store.getState().auth;
    expect(loading || authSuccessLoading).toBe(false);
  });
  // Listener effects that follow the last state change.
  await new Promise((r) => setTimeout(r, 0));
}

beforeEach(() => {
  vi.clearAllMocks();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('auth reducer (spec §4 transitions)', () => {
  const reduce = authSlice.reducer;

  it('starts unauthenticated with an empty token', () => {
    expect(reduce(undefined, { type: '@@init' })).toEqual(emptyAuthState);
    expect(emptyAuthState).toMatchObject({ token: '', isAuthenticated: false, user: null, loading: false });
  });

  it('sessionCleared resets everything', () => {
    const signedIn = { ...emptyAuthState, token: 't', user: makeUser(), isAuthenticated: true };
    expect(reduce(signedIn, sessionCleared())).toEqual(emptyAuthState);
  });

  it('restores a saved token and user, pending confirmation by auth/me', () => {
    const user = makeUser();
    localStorage.setItem(STORAGE_KEYS.token, 'saved');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    expect(restoreAuthState()).toEqual({
      ...emptyAuthState,
      token: 'saved',
      user,
      isAuthenticated: true,
      authSuccessLoading: true,
    });
  });

  it('ignores a corrupt saved user', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'saved');
    localStorage.setItem(STORAGE_KEYS.user, '{not json');
    expect(restoreAuthState().user).toBeNull();
    expect(restoreAuthState().token).toBe('saved');
  });

  it('without a saved token starts empty', () => {
    expect(restoreAuthState()).toEqual(emptyAuthState);
  });
});

describe('login', () => {
  it('success stores the token, loads the profile, saves both and says Login Success', async () => {
    const user = makeUser('HR');
    const api = fakeApi({
      'POST /api/auth/jwt/login/': () => ({ status: 200, body: { access: TOKEN } }),
      'GET /api/auth/me/': () => ({ status: 200, body: user }),
    });
    const store = createStore(emptyAuthState);
    const pending = store.dispatch(authApi.endpoints.login.initiate({ username: 'hr', password: 'pw' }));
    expect(store.getState().auth.loading).toBe(true);
    await pending;
    await settle(store);

    expect(store.getState().auth).toMatchObject({ token: TOKEN, user, isAuthenticated: true, error: null });
    expect(api.calls.find((c) => c.key === 'GET /api/auth/me/')?.authorization).toBe(`Bearer ${TOKEN}`);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(TOKEN);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toEqual(user);
    expect(toast.success).toHaveBeenCalledWith('Login Success', expect.anything());
  });

  it('failure clears the token, keeps the spec §8 error, toasts it and plays a sound', async () => {
    fakeApi({ 'POST /api/auth/jwt/login/': () => badCredentials });
    const store = createStore(emptyAuthState);
    await store.dispatch(authApi.endpoints.login.initiate({ username: 'hr', password: 'nope' }));
    await settle(store);

    expect(store.getState().auth).toMatchObject({ token: '', isAuthenticated: false, user: null, loading: false });
    expect(store.getState().auth.error).toEqual({ key: 'errors.credentials' });
    expect(toast.error).toHaveBeenCalledWith('email or password invalid', expect.anything());
    expect(playLoginFailureSound).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('a throttled login shows the server message', async () => {
    fakeApi({
      'POST /api/auth/jwt/login/': () => ({
        status: 429,
        body: { message: 'Too many failed login attempts. Try again later.' },
      }),
    });
    const store = createStore(emptyAuthState);
    await store.dispatch(authApi.endpoints.login.initiate({ username: 'hr', password: 'x' }));
    await settle(store);
    expect(toast.error).toHaveBeenCalledWith('Too many failed login attempts. Try again later.', expect.anything());
  });

  it('an unreachable server says so in plain words, never the raw failure', async () => {
    fakeApi({ 'POST /api/auth/jwt/login/': () => new TypeError('Failed to fetch') });
    const store = createStore(emptyAuthState);
    await store.dispatch(authApi.endpoints.login.initiate({ username: 'hr', password: 'x' }));
    await settle(store);
    expect(toast.error).toHaveBeenCalledWith(
      "Can't reach the portal. Check your connection and try again.",
      expect.anything(),
    );
  });

  it('a session the server ended leaves a reason for the login page', async () => {
    fakeApi({ 'GET /api/notifications/unread-count/': () => ({ status: 401, body: { message: 'No.' } }) });
    const store = createStore({ ...emptyAuthState, token: TOKEN, isAuthenticated: true });
    store.dispatch(sessionRejected());
    expect(store.getState().auth).toMatchObject({ token: '', user: null, signedOutBecause: 'sessionEnded' });
  });

  it.each(['INTERPRETER', 'GUEST'] as const)('%s is logged out at once, with a staff-only toast', async (type) => {
    const api = fakeApi({
      'POST /api/auth/jwt/login/': () => ({ status: 200, body: { access: TOKEN } }),
      'GET /api/auth/me/': () => ({ status: 200, body: makeUser(type) }),
      'POST /api/auth/jwt/logout/': () => ({ status: 200, body: { detail: 'Logged out.' } }),
    });
    const store = createStore(emptyAuthState);
    await store.dispatch(authApi.endpoints.login.initiate({ username: 'interpreter01', password: 'pw' }));
    await vi.waitFor(() => expect(api.calls.map((c) => c.key)).toContain('POST /api/auth/jwt/logout/'));
    await settle(store);

    expect(store.getState().auth).toEqual(emptyAuthState);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(toast.warning).toHaveBeenCalledWith(expect.stringMatching(/staff only/), expect.anything());
    expect(toast.success).not.toHaveBeenCalled();
  });
});

describe('login, then an unreachable portal', () => {
  it('keeps the new token, says nothing is wrong with it, and welcomes once the profile loads', async () => {
    let reachable = false;
    const user = makeUser('HR');
    const api = fakeApi({
      'POST /api/auth/jwt/login/': () => ({ status: 200, body: { access: TOKEN } }),
      'GET /api/auth/me/': () => (reachable ? { status: 200, body: user } : { status: 503, body: {} }),
    });
    const store = createStore(emptyAuthState);
    await store.dispatch(authApi.endpoints.login.initiate({ username: 'hr', password: 'pw' }));
    await vi.waitFor(() => expect(store.getState().auth.profileUnreachable).toMatchObject({ status: 503 }));
    expect(store.getState().auth).toMatchObject({ token: TOKEN, authSuccessLoading: true, error: null });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(TOKEN);
    expect(api.calls.map((c) => c.key)).not.toContain('POST /api/auth/jwt/logout/');

    reachable = true;
    store.dispatch(profileRetryRequested());
    await settle(store);
    expect(store.getState().auth).toMatchObject({ token: TOKEN, user, profileUnreachable: null });
    expect(toast.success).toHaveBeenCalledWith('Login Success', expect.anything());
  });

  it('a 401 while retrying ends the session as the server says', async () => {
    let answer: 503 | 401 = 503;
    fakeApi({
      'POST /api/auth/jwt/login/': () => ({ status: 200, body: { access: TOKEN } }),
      'GET /api/auth/me/': () => ({ status: answer, body: { message: 'No.' } }),
    });
    const store = createStore(emptyAuthState);
    await store.dispatch(authApi.endpoints.login.initiate({ username: 'hr', password: 'pw' }));
    await vi.waitFor(() => expect(store.getState().auth.profileUnreachable).toBeTruthy());
    answer = 401;
    store.dispatch(profileRetryRequested());
    await vi.waitFor(() =>
      expect(store.getState().auth).toMatchObject({ token: '', user: null, signedOutBecause: 'sessionEnded' }),
    );
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});

describe('session at start', () => {
  it('reuses a saved token for the Authorization header and loads the user', async () => {
    const user = makeUser('IT');
    localStorage.setItem(STORAGE_KEYS.token, 'saved-token');
    const api = fakeApi({ 'GET /api/auth/me/': () => ({ status: 200, body: user }) });
    const store = createStore();
    expect(store.getState().auth.authSuccessLoading).toBe(true);
    await store.dispatch(bootstrapSession());
    expect(api.calls[0]).toMatchObject({ key: 'GET /api/auth/me/', authorization: 'Bearer saved-token' });
    expect(store.getState().auth).toMatchObject({
      user,
      isAuthenticated: true,
      authSuccessLoading: false,
      token: 'saved-token',
    });
  });

  // Only the server's word that the session is invalid (401) ends it: an F5 that aborts
  // auth/me, a network blip or a 503 keeps the token, says so, and tries again.
  it.each([
    ['a 503', () => ({ status: 503, body: { message: 'The service is temporarily unavailable. Try again shortly.' } })],
    ['a 500', () => ({ status: 500, body: { message: 'Internal server error.' } })],
    ['a network failure', () => new TypeError('Failed to fetch')],
    ['an aborted request', () => new DOMException('The user aborted a request.', 'AbortError')],
  ] as const)('%s of the profile load keeps the session and retries until the portal answers', async (_, fail) => {
    localStorage.setItem(STORAGE_KEYS.token, 'saved-token');
    const user = makeUser('HR');
    let reachable = false;
    const api = fakeApi({
      'GET /api/auth/me/': () => (reachable ? { status: 200, body: user } : fail()),
      'POST /api/auth/jwt/logout/': () => ({ status: 200, body: { detail: 'Logged out.' } }),
    });
    const store = createStore();
    const loaded = store.dispatch(bootstrapSession());
    await vi.waitFor(() => expect(store.getState().auth.profileUnreachable).toBeTruthy());
    expect(store.getState().auth).toMatchObject({ token: 'saved-token', authSuccessLoading: true });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('saved-token');
    expect(api.calls.map((c) => c.key)).not.toContain('POST /api/auth/jwt/logout/');

    reachable = true;
    store.dispatch(profileRetryRequested());
    await loaded;
    expect(store.getState().auth).toMatchObject({
      token: 'saved-token',
      user,
      authSuccessLoading: false,
      profileUnreachable: null,
    });
    expect(api.calls.map((c) => c.key)).not.toContain('POST /api/auth/jwt/logout/');
  });

  it('tries again by itself, 1 s and then 2 s later at the most', async () => {
    vi.useFakeTimers();
    localStorage.setItem(STORAGE_KEYS.token, 'saved-token');
    let failures = 2;
    const api = fakeApi({
      'GET /api/auth/me/': () =>
        failures-- > 0 ? new TypeError('Failed to fetch') : { status: 200, body: makeUser('IT') },
    });
    const store = createStore();
    const loaded = store.dispatch(bootstrapSession());
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.advanceTimersByTimeAsync(2_000);
    await loaded;
    expect(api.calls.filter((c) => c.key === 'GET /api/auth/me/')).toHaveLength(3);
    expect(store.getState().auth).toMatchObject({ token: 'saved-token', authSuccessLoading: false });
  });

  it('a sign-out while the portal is unreachable stops the retries', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'saved-token');
    const api = fakeApi({
      'GET /api/auth/me/': () => ({ status: 503, body: {} }),
      'POST /api/auth/jwt/logout/': () => new TypeError('Failed to fetch'),
    });
    const store = createStore();
    const loaded = store.dispatch(bootstrapSession());
    await vi.waitFor(() => expect(store.getState().auth.profileUnreachable).toBeTruthy());
    await store.dispatch(logout({ reportFailure: false }));
    await loaded;
    expect(store.getState().auth).toEqual(emptyAuthState);
    expect(api.calls.filter((c) => c.key === 'GET /api/auth/me/')).toHaveLength(1);
  });

  it('a revoked token (401) ends the session', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'revoked');
    const api = fakeApi({
      'GET /api/auth/me/': () => ({
        status: 401,
        body: { message: 'Authentication credentials were not provided or are invalid.' },
      }),
    });
    const store = createStore();
    await store.dispatch(bootstrapSession());
    // The login page says why; the server already knows, so nothing is sent to it.
    expect(store.getState().auth).toEqual({ ...emptyAuthState, signedOutBecause: 'sessionEnded' });
    expect(toast.info).toHaveBeenCalled();
    expect(api.calls.map((c) => c.key)).toEqual(['GET /api/auth/me/']);
  });
});

describe('logout', () => {
  const signedIn = () => ({ ...emptyAuthState, token: TOKEN, user: makeUser(), isAuthenticated: true });

  it('revokes the token on the server and clears the session and storage', async () => {
    const api = fakeApi({ 'POST /api/auth/jwt/logout/': () => ({ status: 200, body: { detail: 'Logged out.' } }) });
    localStorage.setItem(STORAGE_KEYS.token, TOKEN);
    const store = createStore(signedIn());
    await store.dispatch(logout());
    expect(api.calls[0]).toMatchObject({ key: 'POST /api/auth/jwt/logout/', authorization: `Bearer ${TOKEN}` });
    expect(store.getState().auth).toEqual(emptyAuthState);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("a failed logout says 'Error while logout' and still clears the session", async () => {
    fakeApi({ 'POST /api/auth/jwt/logout/': () => new TypeError('Failed to fetch') });
    const store = createStore(signedIn());
    await store.dispatch(logout());
    expect(toast.error).toHaveBeenCalledWith('Error while logout', expect.anything());
    expect(store.getState().auth).toEqual(emptyAuthState);
  });
});

describe('change password', () => {
  it('stores the fresh token in place of the old one', async () => {
    fakeApi({
      'POST /api/auth/change_password/': () => ({
        status: 200,
        body: { detail: 'Password updated.', access: 'fresh' },
      }),
    });
    const store = createStore({ ...emptyAuthState, token: 'old', user: makeUser(), isAuthenticated: true });
    await store.dispatch(
      authApi.endpoints.changePassword.initiate({ old_password: 'a', new_password: 'b-long-enough' }),
    );
    expect(store.getState().auth.token).toBe('fresh');
    await vi.waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('fresh'));
  });
});
