import { createAction, type ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { authEndpoints, isStaff, type Actor } from '@portal/contracts';
import { api } from './api/api';
import { fromContract } from './api/endpoint';
import { LiveSocket, type LiveStatus } from './live-socket';
import type { AppThunkDispatch } from './store-hooks';

/**
 * Every frame of every live channel, as an action: a feature reacts to the frames it
 * owns (tickets to `ticket_update` on `WS_CHANNELS.notification`) without owning the socket.
 */
export const liveFrameReceived = createAction<{ path: string; frame: unknown }>('live/frameReceived');

/**
 * A channel opened again after it was down: frames sent meanwhile are gone, so each
 * feature re-reads the server data it owns (its own cache tags, its own slices). lib/
 * only says which channel came back; it knows no feature and no tag.
 */
export const liveReconnected = createAction<{ path: string }>('live/reconnected');

/**
 * Every channel's status as it changes, so the header can say when any live feed (the
 * bell's, the desk queue's, the board's) is paused, and knows when all of them are up.
 */
export const liveChannelStatus = createAction<{ path: string; status: LiveStatus }>('live/status');

const wsTicketApi = api.injectEndpoints({
  endpoints: (build) => ({
    wsTicket: build.mutation({ ...fromContract(authEndpoints.createWsTicket, (_: void) => ({})) }),
  }),
});

/** ws:// or wss:// like the page (spec §7), on the page's own host. */
const socketUrl = (path: string, ticket: string) =>
  `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${path}?token=${encodeURIComponent(ticket)}`;

/**
 * A socket URL with a fresh single-use ticket (never the access token in a URL); null
 * when signed out meanwhile (stop), an error when the server is down (retry).
 */
export async function ticketedSocketUrl(dispatch: AppThunkDispatch, path: string): Promise<string | null> {
  const result = await dispatch(wsTicketApi.endpoints.wsTicket.initiate());
  if ('error' in result) {
    if ((result.error as { status?: unknown }).status === 401) return null;
    throw new Error('ticket unavailable');
  }
  return socketUrl(path, result.data.ticket);
}

/** ws:// or wss:// like the page (spec §7), on the page's own host, with a ticket. */
export { socketUrl };

export interface LiveChannelOptions {
  path: string;
  dispatch: AppThunkDispatch;
  onStatus?(status: LiveStatus): void;
}

/**
 * Opens one reconnecting channel: a fresh single-use ws ticket per attempt (never the
 * access token in a URL), reconnect at once when back online or visible, and every
 * frame dispatched as `liveFrameReceived`, every re-open as `liveReconnected`. Returns
 * the function that closes it.
 */
export function openLiveChannel({ path, dispatch, onStatus }: LiveChannelOptions): () => void {
  const socket = new LiveSocket({
    url: () => ticketedSocketUrl(dispatch, path),
    onStatus,
    onReconnect: () => dispatch(liveReconnected({ path })),
    onMessage: (frame) => dispatch(liveFrameReceived({ path, frame })),
  });
  socket.start();
  const wake = () => socket.reconnectNow();
  const onVisible = () => document.visibilityState === 'visible' && wake();
  window.addEventListener('online', wake);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    socket.stop();
    window.removeEventListener('online', wake);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** The part of the state a channel's lifetime follows (structural: lib/ knows no feature). */
interface SessionState {
  auth: { user: Actor | null; token: string };
}

export interface LiveChannelLifetime {
  path: string;
  /** Who the channel is open for (default: every staff user); the server's rule for the path, asked again at each sign-in. */
  allow?(user: Actor): boolean;
  /** Just before the channel opens for a signed-in staff user. */
  onStart?(dispatch: AppThunkDispatch): void;
  /** After it closed because the user signed out (or is no longer staff). */
  onStop?(dispatch: AppThunkDispatch): void;
  onStatus?(status: LiveStatus, dispatch: AppThunkDispatch): void;
  // No onReconnect: a re-open is the `liveReconnected` action, which every feature that
  // keeps server data fresh listens for (not only the channel's owner).
}

/** Keeps a channel open exactly while a signed-in user it allows (staff by default) is there. */
export function registerLiveChannel(listener: ListenerMiddlewareInstance, lifetime: LiveChannelLifetime) {
  const startListening = listener.startListening.withTypes<SessionState, AppThunkDispatch>();
  let close: (() => void) | null = null;
  startListening({
    predicate: (_a, current, previous) =>
      current.auth.user !== previous.auth.user || current.auth.token !== previous.auth.token,
    effect: (_action, { getState, dispatch }) => {
      const { user, token } = getState().auth;
      const allow = lifetime.allow ?? isStaff;
      if (!token || !user || !allow(user)) {
        if (close) {
          close();
          close = null;
          lifetime.onStop?.(dispatch);
        }
        return;
      }
      if (close) return;
      lifetime.onStart?.(dispatch);
      close = openLiveChannel({
        path: lifetime.path,
        dispatch,
        onStatus: (status) => {
          dispatch(liveChannelStatus({ path: lifetime.path, status }));
          lifetime.onStatus?.(status, dispatch);
        },
      });
    },
  });
}
