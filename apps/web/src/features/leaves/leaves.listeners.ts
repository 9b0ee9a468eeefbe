import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { WS_CHANNEL_MESSAGES, WS_CHANNELS } from '@portal/contracts';
import { liveFrameReceived, liveReconnected } from '../../lib/live-channel';
import { leavesApi } from './api/leaves-api';

const LEAVE_LIST_TAGS = ['LeaveList', 'LeaveBalance', 'LeaveCalendar'] as const;

/**
 * `leave_update` frames on `/ws/notification/` (the channel the bell keeps
 * open) re-read the request, the lists (mine, inbox), balances and the calendar, so a
 * decision shows on both sides without a reload. Frames missed while away: re-read all.
 */
export function registerLeaveListeners(listener: ListenerMiddlewareInstance) {
  listener.startListening({
    actionCreator: liveReconnected,
    effect: ({ payload: { path } }, { dispatch }) => {
      if (path !== WS_CHANNELS.notification) return;
      dispatch(leavesApi.util.invalidateTags(['Leave', ...LEAVE_LIST_TAGS]));
    },
  });

  listener.startListening({
    actionCreator: liveFrameReceived,
    effect: ({ payload: { path, frame } }, { dispatch }) => {
      if (path !== WS_CHANNELS.notification) return;
      const parsed = WS_CHANNEL_MESSAGES[WS_CHANNELS.notification].safeParse(frame);
      if (!parsed.success || parsed.data.message.command !== 'leave_update') return;
      dispatch(leavesApi.util.invalidateTags([{ type: 'Leave', id: parsed.data.message.leave }, ...LEAVE_LIST_TAGS]));
    },
  });
}
