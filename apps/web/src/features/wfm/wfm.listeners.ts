import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { canUseWfm, WS_CHANNELS, ZWsWfmSchedule } from '@portal/contracts';
import { liveFrameReceived, liveReconnected, registerLiveChannel } from '../../lib/live-channel';
import type { AppThunkDispatch } from '../../lib/store-hooks';
import { wfmApi } from './api/wfm-api';

/** What a schedule change moves: the roster, the day board and histories compare presence with it. */
const SCHEDULE = ['WfmShift', 'WfmDay', 'WfmHistory'] as const;

/**
 * Keeps /ws/wfm/ open for those who use the WFM pages: another planner's change
 * (`wfm_schedule`) re-reads the schedule and what is computed from it; a re-opened channel
 * (frames missed) re-reads it too.
 */
export function registerWfmListeners(listener: ListenerMiddlewareInstance) {
  const startListening = listener.startListening.withTypes<unknown, AppThunkDispatch>();
  registerLiveChannel(listener, { path: WS_CHANNELS.wfm, allow: canUseWfm });

  startListening({
    actionCreator: liveReconnected,
    effect: ({ payload: { path } }, { dispatch }) => {
      if (path === WS_CHANNELS.wfm) dispatch(wfmApi.util.invalidateTags([...SCHEDULE]));
    },
  });

  startListening({
    actionCreator: liveFrameReceived,
    effect: ({ payload: { path, frame } }, { dispatch }) => {
      if (path !== WS_CHANNELS.wfm || !ZWsWfmSchedule.safeParse(frame).success) return;
      dispatch(wfmApi.util.invalidateTags([...SCHEDULE]));
    },
  });
}
