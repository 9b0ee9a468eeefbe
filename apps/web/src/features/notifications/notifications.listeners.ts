import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { ZWsServerMessage } from '@portal/contracts';
import { toast } from 'react-toastify';
import { api } from '../../lib/api/api';
import { liveFrameReceived, registerLiveChannel } from '../../lib/live-channel';
import { playNotificationSound } from '../../lib/sounds';
import type { AppThunkDispatch } from '../../lib/store-hooks';
import {
  liveStatusChanged,
  loadNotifications,
  notificationsCleared,
  notificationsReceived,
  type NotificationsState,
} from './notifications.slice';

type State = { notifications: NotificationsState };

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
  registerLiveChannel(listener, {
    path: NOTIFICATION_CHANNEL,
    onStart: (dispatch) => void dispatch(loadNotifications(1)),
    onStop: (dispatch) => dispatch(notificationsCleared()),
    onStatus: (status, dispatch) => dispatch(liveStatusChanged(status)),
    onReconnect: (dispatch) => {
      // Events sent while we were away are gone: re-read what may have changed.
      void dispatch(loadNotifications(1));
      dispatch(api.util.invalidateTags([...LIVE_REFRESH_TAGS]));
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
