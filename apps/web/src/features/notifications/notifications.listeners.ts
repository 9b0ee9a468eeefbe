import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { isStaff, ZWsServerMessage, ZWsTicketResponse } from '@portal/contracts';
import { toast } from 'react-toastify';
import { api } from '../../lib/api/api';
import { LiveSocket } from '../../lib/live-socket';
import { playNotificationSound } from '../../lib/sounds';
import type { AppThunkDispatch } from '../../lib/store-hooks';
import type { AuthState } from '../auth';
import {
  liveStatusChanged,
  loadNotifications,
  notificationsCleared,
  notificationsReceived,
  type NotificationsState,
} from './notifications.slice';

type State = { auth: AuthState; notifications: NotificationsState };

/** Cached server data that live events keep fresh: re-read after a reconnect. */
const LIVE_REFRESH_TAGS = ['Me', 'Profile', 'Account'] as const;

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

/**
 * The live connection of a signed-in staff user: `/ws/notification/` through one
 * reconnecting client. Tickets, never the access token, go into the URL.
 */
export function registerNotificationListeners(listener: ListenerMiddlewareInstance) {
  const startListening = listener.startListening.withTypes<State, AppThunkDispatch>();
  let socket: LiveSocket | null = null;
  let detach: (() => void) | null = null;

  const stop = () => {
    socket?.stop();
    socket = null;
    detach?.();
    detach = null;
  };

  startListening({
    predicate: (_a, current, previous) =>
      current.auth.user !== previous.auth.user || current.auth.token !== previous.auth.token,
    effect: (_action, { getState, dispatch }) => {
      const { user, token } = getState().auth;
      const wanted = !!token && !!user && isStaff(user);
      if (!wanted) {
        if (socket) {
          stop();
          dispatch(notificationsCleared());
        }
        return;
      }
      if (socket) return;
      void dispatch(loadNotifications(1));
      socket = new LiveSocket({
        url: async () => {
          const result = await dispatch(wsTicketApi.endpoints.wsTicket.initiate());
          if ('error' in result) {
            // Signed out meanwhile: stop. Otherwise (server down) let the backoff retry.
            if ((result.error as { status?: unknown }).status === 401) return null;
            throw new Error('ticket unavailable');
          }
          return socketUrl('/ws/notification/', result.data.ticket);
        },
        onStatus: (status) => dispatch(liveStatusChanged(status)),
        onReconnect: () => {
          // Events sent while we were away are gone: re-read what may have changed.
          void dispatch(loadNotifications(1));
          dispatch(api.util.invalidateTags([...LIVE_REFRESH_TAGS]));
        },
        onMessage: (raw) => {
          const parsed = ZWsServerMessage.safeParse(raw);
          if (!parsed.success) return;
          const { command, data } = parsed.data.message;
          if (command === 'notification') {
            const list = Array.isArray(data) ? data : [data];
            dispatch(notificationsReceived(list));
            if (!getState().notifications.muted && list.some((n) => !n.is_read)) playNotificationSound();
          } else if (command === 'error') {
            toast.error(data); // spec §8: a websocket error frame becomes an error toast
          }
        },
      });
      socket.start();
      const wake = () => socket?.reconnectNow();
      const onVisible = () => document.visibilityState === 'visible' && wake();
      window.addEventListener('online', wake);
      document.addEventListener('visibilitychange', onVisible);
      detach = () => {
        window.removeEventListener('online', wake);
        document.removeEventListener('visibilitychange', onVisible);
      };
    },
  });
}
