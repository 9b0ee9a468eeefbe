import { WS_CHANNELS } from '@portal/contracts';
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyAuthState, sessionCleared } from '../features/auth/auth.slice';
import { bootstrapSession } from '../features/auth/session';
import { ticketsApi } from '../features/tickets/api/tickets-api';
import { usersApi } from '../features/users/api/users-api';
import { fakeApi, makeTicket, makeUser } from '../test/fake-api';
import { createStore } from './store';

/** A websocket the test opens and drops by hand (lib/live-socket.ts uses the global one). */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  get path() {
    return new URL(this.url).pathname;
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
}

/** The newest socket of a channel. */
const socketOf = (path: string) => FakeSocket.all.filter((s) => s.path === path).at(-1);

describe('after a live reconnect every feature re-reads its own data', () => {
  afterEach(() => {
    FakeSocket.all = [];
    vi.unstubAllGlobals();
  });

  it('auth (me), users (profile, accounts), tickets (lists) and notifications each re-read', async () => {
    const { calls } = fakeApi({
      'POST /api/auth/ws-ticket/': () => ({ status: 200, body: { ticket: 'ws-ticket', expires_in: 30 } }),
      'GET /api/auth/me/': () => ({ status: 200, body: makeUser('IT') }),
      'GET /api/user/active-tickets/': () => ({ status: 200, body: [makeTicket()] }),
      'GET /api/users/hala/': () => ({ status: 200, body: { ...makeUser('HR'), username: 'hala' } }),
      'GET /api/admin/users/': () => ({
        status: 200,
        body: { results: [makeUser('HR')], count: 1, next: null, previous: null },
      }),
      'GET /api/notifications/all/': () => ({ status: 200, body: { results: [], next: null } }),
      'GET /api/notifications/unread-count/': () => ({ status: 200, body: { count: 0 } }),
    });
    vi.stubGlobal('WebSocket', FakeSocket);
    const count = (key: string) => calls.filter((c) => c.key === key).length;

    // A saved session (as restoreAuthState gives it): the user is confirmed at start,
    // then both channels open, as in the app.
    const signedIn = createStore({
      ...emptyAuthState,
      token: 'token',
      isAuthenticated: true,
      authSuccessLoading: true,
    });
    await act(async () => {
      await signedIn.dispatch(bootstrapSession());
    });
    await waitFor(() => {
      expect(socketOf(WS_CHANNELS.notification)).toBeDefined();
      expect(socketOf(WS_CHANNELS.admins)).toBeDefined();
    });
    act(() => {
      socketOf(WS_CHANNELS.notification)!.open();
      socketOf(WS_CHANNELS.admins)!.open();
    });

    // Pages that show the features' data (subscriptions keep the cache entries).
    await act(async () => {
      await Promise.all([
        signedIn.dispatch(ticketsApi.endpoints.activeTickets.initiate({ scope: 'mine' })),
        signedIn.dispatch(usersApi.endpoints.getProfile.initiate('hala')),
        signedIn.dispatch(usersApi.endpoints.listAccounts.initiate({})),
      ]);
    });
    const before = {
      me: count('GET /api/auth/me/'),
      tickets: count('GET /api/user/active-tickets/'),
      profile: count('GET /api/users/hala/'),
      accounts: count('GET /api/admin/users/'),
      notifications: count('GET /api/notifications/all/'),
    };
    expect(before).toEqual({ me: 1, tickets: 1, profile: 1, accounts: 1, notifications: 1 });

    // The user's own channel drops and comes back (a fresh ws ticket, a new socket).
    const dropped = socketOf(WS_CHANNELS.notification)!;
    act(() => dropped.drop());
    await waitFor(() => expect(socketOf(WS_CHANNELS.notification)).not.toBe(dropped));
    act(() => socketOf(WS_CHANNELS.notification)!.open());

    await waitFor(() =>
      expect({
        me: count('GET /api/auth/me/'),
        tickets: count('GET /api/user/active-tickets/'),
        profile: count('GET /api/users/hala/'),
        accounts: count('GET /api/admin/users/'),
        notifications: count('GET /api/notifications/all/'),
      }).toEqual({ me: 2, tickets: 2, profile: 2, accounts: 2, notifications: 2 }),
    );
    // Still signed in, as the same user.
    expect(signedIn.getState().auth.user?.username).toBe('someone');

    // The desk's channel comes back: the tickets feature re-reads its lists; the others'
    // data is not on that channel.
    const desk = socketOf(WS_CHANNELS.admins)!;
    act(() => desk.drop());
    await waitFor(() => expect(socketOf(WS_CHANNELS.admins)).not.toBe(desk));
    act(() => socketOf(WS_CHANNELS.admins)!.open());
    await waitFor(() => expect(count('GET /api/user/active-tickets/')).toBe(3));
    await new Promise((r) => setTimeout(r, 50));
    expect(count('GET /api/auth/me/')).toBe(2);
    expect(count('GET /api/admin/users/')).toBe(2);

    act(() => void signedIn.dispatch(sessionCleared())); // closes both channels
  });
});
