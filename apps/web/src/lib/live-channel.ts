import { createAction } from '@reduxjs/toolkit';
import { ZWsTicketResponse } from '@portal/contracts';
import { api } from './api/api';
import { LiveSocket, type LiveStatus } from './live-socket';
import type { AppThunkDispatch } from './store-hooks';

/**
 * Every frame of every live channel, as an action: a feature reacts to the frames it
 * owns (tickets to `ticket_update` on /ws/notification/) without owning the socket.
 */
export const liveFrameReceived = createAction<{ path: string; frame: unknown }>('live/frameReceived');

const wsTicketApi = api.injectEndpoints({
  endpoints: (build) => ({
    wsTicket: build.mutation<{ ticket: string; expires_in: number }, void>({
      query: () => ({ url: 'auth/ws-ticket/', method: 'POST' }),
      responseSchema: ZWsTicketResponse,
    }),
  }),
});

/** ws:// or wss:// like the page (spec §7), on the page's own host. */
const socketUrl = (path: string, ticket: string) =>
  `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${path}?token=${encodeURIComponent(ticket)}`;

export interface LiveChannelOptions {
  path: string;
  dispatch: AppThunkDispatch;
  onStatus?(status: LiveStatus): void;
  /** After a re-open: frames sent while we were away are gone, re-read what may have changed. */
  onReconnect?(): void;
}

/**
 * Opens one reconnecting channel: a fresh single-use ws ticket per attempt (never the
 * access token in a URL), reconnect at once when back online or visible, and every
 * frame dispatched as `liveFrameReceived`. Returns the function that closes it.
 */
export function openLiveChannel({ path, dispatch, onStatus, onReconnect }: LiveChannelOptions): () => void {
  const socket = new LiveSocket({
    url: async () => {
      const result = await dispatch(wsTicketApi.endpoints.wsTicket.initiate());
      if ('error' in result) {
        // Signed out meanwhile: stop. Otherwise (server down) let the backoff retry.
        if ((result.error as { status?: unknown }).status === 401) return null;
        throw new Error('ticket unavailable');
      }
      return socketUrl(path, result.data.ticket);
    },
    onStatus,
    onReconnect,
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
