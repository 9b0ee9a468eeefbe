import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { canWatchPresence, WS_CHANNELS, ZWsInterpreterStatus } from '@portal/contracts';
import { liveFrameReceived, liveReconnected, registerLiveChannel } from '../../lib/live-channel';
import type { AppThunkDispatch } from '../../lib/store-hooks';
import { interpretersApi } from './api/interpreters-api';
import {
  interpretersCleared,
  interpreterStatusReceived,
  presenceReconnected,
  type InterpretersState,
} from './interpreters.slice';

/**
 * Keeps /ws/interpreters/ open for those who watch presence; each
 * `interpreter_status` frame updates the board in place (spec §4). A frame for someone not
 * on the board (a new interpreter) and a re-open of the channel (frames missed) re-read it.
 */
export function registerInterpreterListeners(listener: ListenerMiddlewareInstance) {
  const startListening = listener.startListening.withTypes<{ interpreters: InterpretersState }, AppThunkDispatch>();
  registerLiveChannel(listener, {
    path: WS_CHANNELS.interpreters,
    // The server's rule for the channel: the board's audience and WFM's.
    allow: canWatchPresence,
    onStop: (dispatch) => dispatch(interpretersCleared()),
  });

  startListening({
    actionCreator: liveReconnected,
    effect: ({ payload: { path } }, { dispatch }) => {
      if (path !== WS_CHANNELS.interpreters) return;
      dispatch(presenceReconnected());
      dispatch(interpretersApi.util.invalidateTags(['InterpreterBoard']));
    },
  });

  startListening({
    actionCreator: liveFrameReceived,
    effect: ({ payload: { path, frame } }, { dispatch, getState }) => {
      if (path !== WS_CHANNELS.interpreters) return;
      const parsed = ZWsInterpreterStatus.safeParse(frame);
      if (!parsed.success) return;
      const { username } = parsed.data.message;
      const { loaded, byUsername } = getState().interpreters;
      dispatch(interpreterStatusReceived(parsed.data.message));
      if (loaded && !byUsername[username]) dispatch(interpretersApi.util.invalidateTags(['InterpreterBoard']));
    },
  });
}
