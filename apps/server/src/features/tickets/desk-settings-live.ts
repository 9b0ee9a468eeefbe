import { isTicketDesk, WS_CHANNELS, type TBusEventOf, type TWsAdminDeskSettings } from '@portal/contracts';
import type { TicketSockets } from './ticket-live.js';

/**
 * Delivers a `desk_settings` bus event to this server's sockets: `admin_desk_settings`
 * to the members of that department's desk on /ws/admins/ (they re-read the canned
 * replies or SLA targets). Nothing is read: the frame names what changed. Answers how
 * many frames went out.
 */
export function deliverDeskSettingsEvent(
  event: TBusEventOf<'desk_settings'>,
  sockets: Pick<TicketSockets, 'connections'>,
): number {
  const desk = [...sockets.connections(WS_CHANNELS.admins)].filter((c) => isTicketDesk(c.user, event.department));
  if (desk.length === 0) return 0;
  const frame: TWsAdminDeskSettings = {
    message: { command: 'admin_desk_settings', department: event.department, what: event.what },
  };
  const text = JSON.stringify(frame);
  for (const c of desk) c.send(text);
  return desk.length;
}
