import { z } from 'zod';
import { ZTicket, ZTicketDepartment, ZTicketReply, ZTicketStatus } from './tickets.js';

/**
 * Live frames of the tickets feature (spec §4, §7).
 *
 * `/ws/admins/` — to every connected desk member of the ticket's department:
 *   {"message": {"command": "admin_new_ticket", "ticket": <ticket>, "data": <the same ticket>}}
 *   {"message": {"command": "admin_update_ticket", "ticket": <id>, "data": <new reply | null>, "status": <status>}}
 *   {"message": {"command": "admin_desk_settings", "department": <dept>, "what": "canned_replies" | "sla"}}
 *   {"message": {"command": "error", "data": <text>}}   (a frame the client sent failed)
 *
 * Internal notes (`data.internal`) go to the desk only: the owner gets no frame for a
 * note (and `data: null` when a note came with a status change).
 *
 * `/ws/notification/` — to the ticket's owner, alongside `notification` frames:
 *   {"message": {"command": "ticket_update", "ticket": <id>, "data": <new reply | null>, "status": <status>}}
 *
 * Every socket of the user gets the frame, including the one of the tab that made the
 * change: clients append a reply only if its id is not already in the thread.
 */
export const ZWsAdminNewTicket = z.object({
  // Spec §7: it "carries a ticket": `ticket`; `data` holds the same for clients that read it there.
  message: z.object({ command: z.literal('admin_new_ticket'), ticket: ZTicket, data: ZTicket }),
});
export type TWsAdminNewTicket = z.infer<typeof ZWsAdminNewTicket>;

const updateFields = {
  ticket: z.number().int(),
  data: ZTicketReply.nullable(),
  status: ZTicketStatus,
};

export const ZWsAdminUpdateTicket = z.object({
  message: z.object({ command: z.literal('admin_update_ticket'), ...updateFields }),
});
export type TWsAdminUpdateTicket = z.infer<typeof ZWsAdminUpdateTicket>;

export const ZWsTicketUpdate = z.object({
  message: z.object({ command: z.literal('ticket_update'), ...updateFields }),
});
export type TWsTicketUpdate = z.infer<typeof ZWsTicketUpdate>;

/** A desk's canned replies or SLA targets changed (to that desk's members): re-read them. */
export const ZWsAdminDeskSettings = z.object({
  message: z.object({
    command: z.literal('admin_desk_settings'),
    department: ZTicketDepartment,
    what: z.enum(['canned_replies', 'sla']),
  }),
});
export type TWsAdminDeskSettings = z.infer<typeof ZWsAdminDeskSettings>;
