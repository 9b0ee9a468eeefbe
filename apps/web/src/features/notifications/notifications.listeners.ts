import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { isStaff, ZWsServerMessage } from '@portal/contracts';
import { toast } from 'react-toastify';
import { api } from '../../lib/api/api';
import { liveFrameReceived, openLiveChannel } from '../../lib/live-channel';
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

export const NOTIFICATION_CHANNEL = '/ws/notification/';

/** Cached server data that live events keep fresh: re-read after a reconnect. */
const LIVE_REFRESH_TAGS = ['Me', 'Profile', 'Account', 'Ticket', 'TicketList', 'TicketStats'] as const;

/**
 * The live connection of a signed-in staff user: `/ws/notification/`. Its
 * `notification` and `error` frames are handled here; other features listen for
 * their own frames (tickets: `ticket_update`).
 */
export function registerNotificationListeners(listener: ListenerMiddlewareInstance) {
  const startListening = listener.startListening.withTypes<State, AppThunkDispatch>();
  let close: (() => void) | null = null;

  startListening({
    predicate: (_a, current, previous) =>
      current.auth.user !== previous.auth.user || current.auth.token !== previous.auth.token,
    effect: (_action, { getState, dispatch }) => {
      const { user, token } = getState().auth;
      const wanted = !!token && !!user && isStaff(user);
      if (!wanted) {
        if (close) {
          close();
          close = null;
          dispatch(notificationsCleared());
        }
        return;
      }
      if (close) return;
      void dispatch(loadNotifications(1));
      close = openLiveChannel({
        path: NOTIFICATION_CHANNEL,
        dispatch,
        onStatus: (status) => dispatch(liveStatusChanged(status)),
        onReconnect: () => {
          void dispatch(loadNotifications(1));
          dispatch(api.util.invalidateTags([...LIVE_REFRESH_TAGS]));
        },
      });
    },
  });

  startListening({
    actionCreator: liveFrameReceived,
    effect: ({ payload }, { getState, dispatch }) => {
      if (payload.path !== NOTIFICATION_CHANNEL) return;
      const parsed = ZWsServerMessage.safeParse(payload.frame);
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
}
