import {
  isTicketDesk,
  WS_CHANNELS,
  type TBusEventOf,
  type TWsAdminNewTicket,
  type TWsAdminUpdateTicket,
  type TWsTicketUpdate,
} from '@portal/contracts';
import type { AppContext } from '../../lib/context.js';
import type { LiveConnection } from '../../plugins/realtime/gateway.js';
import { loadTicket } from './ticket-reads.service.js';
import { presentReply } from './tickets.presenter.js';
import * as repo from './tickets.repository.js';

export interface TicketSockets {
  connections(channel?: string): Iterable<LiveConnection>;
  connectionsOf(userId: number): Iterable<LiveConnection>;
}

/**
 * Delivers a ticket bus event to this server's sockets: `admin_new_ticket` /
 * `admin_update_ticket` to the desk of the ticket's department on /ws/admins/, and
 * `ticket_update` to the owner on /ws/notification/ — never for an internal note's
 * event (a note with a status change comes as two events: the change, then the note).
 * Answers how many frames went out.
 */
export async function deliverTicketEvent(ctx: AppContext, event: TBusEventOf<'ticket'>, sockets: TicketSockets) {
  const desk = [...sockets.connections(WS_CHANNELS.admins)].filter((c) => isTicketDesk(c.user, event.department));
  const owner =
    event.event === 'updated' && !event.internal
      ? [...sockets.connectionsOf(event.owner)].filter((c) => c.channel === WS_CHANNELS.notification)
      : [];
  // Nobody here to tell: read nothing (every server gets every event).
  if (desk.length === 0 && owner.length === 0) return 0;
  const send = (to: LiveConnection[], frame: string) => {
    for (const c of to) c.send(frame);
    return to.length;
  };
  if (event.event === 'created') {
    // As its desk sees it (a new ticket has no notes yet).
    const ticket = await loadTicket(ctx.db, event.id, [event.department]);
    if (!ticket) return 0;
    // Spec §7: it carries the ticket (`ticket`); `data` repeats it for clients that read it there.
    const frame: TWsAdminNewTicket = { message: { command: 'admin_new_ticket', ticket, data: ticket } };
    return send(desk, JSON.stringify(frame));
  }
  const r = event.reply === null ? undefined : await repo.findReply(ctx.db, event.reply);
  const reply = r ? presentReply(r) : null;
  const fields = { ticket: event.id, data: reply, status: event.status };
  const toDesk: TWsAdminUpdateTicket = { message: { command: 'admin_update_ticket', ...fields } };
  const toOwner: TWsTicketUpdate = { message: { command: 'ticket_update', ...fields } };
  return send(desk, JSON.stringify(toDesk)) + send(owner, JSON.stringify(toOwner));
}
