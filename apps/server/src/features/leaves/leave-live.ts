import { canSeeLeave, WS_CHANNELS, type TBusEventOf, type TWsLeaveUpdate } from '@portal/contracts';
import type { LiveConnection } from '../../plugins/realtime/gateway.js';

export interface LeaveSockets {
  connections(channel?: string): Iterable<LiveConnection>;
}

/**
 * Delivers a leave bus event to this server's sockets on /ws/notification/: to the
 * requester and to everyone who may see requests of the requester's department
 * (canSeeLeave: its approvers, HR and ADMIN). The event carries all the frame says, so
 * nothing is read. Answers how many frames went out.
 */
export function deliverLeaveEvent(event: TBusEventOf<'leave'>, sockets: LeaveSockets): number {
  const leave = { user: { id: event.user, user_type: event.department } };
  const to = [...sockets.connections(WS_CHANNELS.notification)].filter((c) => canSeeLeave(c.user, leave));
  if (to.length === 0) return 0;
  const frame: TWsLeaveUpdate = {
    message: {
      command: 'leave_update',
      leave: event.id,
      user: event.user,
      department: event.department,
      status: event.status,
    },
  };
  const text = JSON.stringify(frame);
  for (const c of to) c.send(text);
  return to.length;
}
