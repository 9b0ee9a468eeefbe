import { canUseWfm, WS_CHANNELS, type TBusEventOf, type TWsWfmSchedule } from '@portal/contracts';
import type { LiveConnection } from '../../plugins/realtime/gateway.js';

export interface WfmSockets {
  connections(channel?: string): Iterable<LiveConnection>;
}

/**
 * Delivers a schedule change to this server's sockets on /ws/wfm/ (the event carries the
 * days, so nothing is read: each page re-reads what it shows). Answers how many frames went out.
 */
export function deliverScheduleChange(event: TBusEventOf<'wfm_schedule'>, sockets: WfmSockets): number {
  const to = [...sockets.connections(WS_CHANNELS.wfm)].filter((c) => canUseWfm(c.user));
  if (to.length === 0) return 0;
  const frame: TWsWfmSchedule = { message: { command: 'wfm_schedule', from: event.from, to: event.to } };
  const text = JSON.stringify(frame);
  for (const c of to) c.send(text);
  return to.length;
}
