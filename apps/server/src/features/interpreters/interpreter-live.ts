import { canWatchPresence, WS_CHANNELS, type TBusEventOf, type TWsInterpreterStatus } from '@portal/contracts';
import type { LiveConnection } from '../../plugins/realtime/gateway.js';

export interface InterpreterSockets {
  connections(channel?: string): Iterable<LiveConnection>;
}

/**
 * Delivers a presence change to this server's sockets on /ws/interpreters/ (the event
 * carries all the frame says, so nothing is read). Answers how many frames went out.
 */
export function deliverPresenceEvent(event: TBusEventOf<'presence'>, sockets: InterpreterSockets): number {
  const to = [...sockets.connections(WS_CHANNELS.interpreters)].filter((c) => canWatchPresence(c.user));
  if (to.length === 0) return 0;
  const frame: TWsInterpreterStatus = {
    message: { command: 'interpreter_status', username: event.username, online: event.online ? 1 : 0, at: event.at },
  };
  const text = JSON.stringify(frame);
  for (const c of to) c.send(text);
  return to.length;
}
