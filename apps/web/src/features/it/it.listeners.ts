import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { canSeeItBoard, WS_CHANNEL_MESSAGES, WS_CHANNELS } from '@portal/contracts';
import { liveFrameReceived, liveReconnected, registerLiveChannel } from '../../lib/live-channel';
import type { AppThunkDispatch } from '../../lib/store-hooks';
import { itApi } from './api/it-api';
import {
  appUsageReceived,
  deviceReceived,
  hasItMachine,
  itCleared,
  itStatusReceived,
  networkReceived,
  userLogsReceived,
  type ItState,
} from './it.slice';

/**
 * Keeps /ws/it/ open for those who may watch someone (`canSeeItBoard`, the
 * server's rule for the channel); each frame updates the `it` slice (spec §4). A frame for
 * someone not on the board (a newly watched user) and a re-open of the channel (frames
 * missed) read it-list again.
 */
export function registerItListeners(listener: ListenerMiddlewareInstance) {
  const startListening = listener.startListening.withTypes<{ it: ItState }, AppThunkDispatch>();
  registerLiveChannel(listener, {
    path: WS_CHANNELS.it,
    allow: canSeeItBoard,
    onStop: (dispatch) => dispatch(itCleared()),
  });

  startListening({
    actionCreator: liveReconnected,
    effect: ({ payload: { path } }, { dispatch }) => {
      if (path === WS_CHANNELS.it) dispatch(itApi.util.invalidateTags(['ItList']));
    },
  });

  startListening({
    actionCreator: liveFrameReceived,
    effect: ({ payload: { path, frame } }, { dispatch, getState }) => {
      if (path !== WS_CHANNELS.it) return;
      const parsed = WS_CHANNEL_MESSAGES[WS_CHANNELS.it].safeParse(frame);
      if (!parsed.success) return;
      const message = parsed.data.message;
      // Errors and pongs concern the socket, not a user.
      if (!('username' in message)) return;
      const it = getState().it;
      // A user or a machine the board does not know yet (newly watched, newly enrolled).
      const known =
        'agent_id' in message
          ? hasItMachine(it, message.username, message.agent_id)
          : !!it.byUsername[message.username];
      if (!known) {
        if (it.loaded) dispatch(itApi.util.invalidateTags(['ItList']));
        return;
      }
      switch (message.command) {
        case 'app_usage':
          dispatch(appUsageReceived(message));
          break;
        case 'network':
          dispatch(networkReceived(message));
          break;
        case 'device':
          dispatch(deviceReceived(message));
          break;
        case 'user_logs':
          dispatch(userLogsReceived({ username: message.username, data: message.data }));
          break;
        case 'it_status':
          dispatch(itStatusReceived(message));
          break;
      }
    },
  });
}
