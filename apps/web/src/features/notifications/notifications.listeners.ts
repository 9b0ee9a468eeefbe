import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { WS_CHANNELS, ZWsNotificationChannelMessage } from '@portal/contracts';
import { toast } from 'react-toastify';
import { liveFrameReceived, liveReconnected, registerLiveChannel } from '../../lib/live-channel';
import { translateSaid } from '../../lib/i18n/messages';
import { playNotificationSound } from '../../lib/sounds';
import type { AppThunkDispatch } from '../../lib/store-hooks';
import {
  loadNotifications,
  notificationsCleared,
  notificationsReceived,
  selectNotificationsMuted,
  type NotificationsState,
} from './notifications.slice';

type State = { notifications: NotificationsState };

/**
 * The live connection of a signed-in staff user: `WS_CHANNELS.notification`. Its
 * `notification` and `error` frames are handled here; other features listen for
 * their own frames (tickets: `ticket_update`) and re-read their own data when it
 * reconnects (`liveReconnected`).
 */
export function registerNotificationListeners(listener: ListenerMiddlewareInstance) {
  const startListening = listener.startListening.withTypes<State, AppThunkDispatch>();
  registerLiveChannel(listener, {
    path: WS_CHANNELS.notification,
    onStart: (dispatch) => void dispatch(loadNotifications(1)),
    onStop: (dispatch) => dispatch(notificationsCleared()),
  });

  // Notifications sent while we were away are gone: the bell re-reads its first page.
  startListening({
    actionCreator: liveReconnected,
    effect: ({ payload }, { dispatch }) => {
      if (payload.path === WS_CHANNELS.notification) void dispatch(loadNotifications(1));
    },
  });

  startListening({
    actionCreator: liveFrameReceived,
    effect: ({ payload }, { getState, dispatch }) => {
      if (payload.path !== WS_CHANNELS.notification) return;
      const parsed = ZWsNotificationChannelMessage.safeParse(payload.frame);
      if (!parsed.success) return;
      const message = parsed.data.message;
      if (message.command === 'notification') {
        const list = Array.isArray(message.data) ? message.data : [message.data];
        dispatch(notificationsReceived(list));
        if (!selectNotificationsMuted(getState()) && list.some((n) => !n.is_read)) playNotificationSound();
      } else if (message.command === 'error') {
        // Spec §8: a websocket error frame becomes an error toast, by its code in the reader's language.
        toast.error(translateSaid({ message: message.data, code: message.code, params: message.params }));
      }
      // `ticket_update` frames belong to the tickets feature.
    },
  });
}
