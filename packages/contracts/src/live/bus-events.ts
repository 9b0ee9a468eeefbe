import { z } from 'zod';
import { ZText } from '../common/text.js';
import { ZTicketDepartment, ZTicketStatus } from '../tickets/tickets.js';
import { ZLeaveStatus } from '../leaves/leaves.js';
import { ZUserType } from '../users/user-types.js';
import { ZWsOcrProgress } from '../ocr/ocr-live.js';

/**
 * Events between server processes (the event bus: in-process, or PostgreSQL
 * LISTEN/NOTIFY): kinds and ids, never whole rows — each receiver reads what it needs.
 * One map, `type` → payload; a feature adds its events here, and subscribers receive
 * exactly the payload of the type they subscribed to. Validated on receipt, since
 * across servers they arrive as text.
 */
export const ZBusEvent = z.discriminatedUnion('type', [
  /** A stored notification to push to whoever may see it. */
  z.object({ type: z.literal('notification'), id: z.number().int() }),
  /** Sessions of a user ended (logout, password change, account change): re-check their sockets. */
  z.object({ type: z.literal('sessions.revoked'), userId: z.number().int(), exceptSessionId: ZText.optional() }),
  /** A user's account row changed (names, contact): servers forget what they keep of it (cached sessions). */
  z.object({ type: z.literal('user.changed'), userId: z.number().int() }),
  /** A ticket was created or changed; who should hear of it, so a server without such sockets reads nothing. */
  z.object({
    type: z.literal('ticket'),
    id: z.number().int(),
    event: z.enum(['created', 'updated']),
    reply: z.number().int().nullable(),
    /** The reply is an internal note: the owner hears nothing of it. */
    internal: z.boolean(),
    status: ZTicketStatus,
    department: ZTicketDepartment,
    owner: z.number().int(),
  }),
  /** A leave request was submitted, decided, cancelled or revoked: its requester and approvers refresh. */
  z.object({
    type: z.literal('leave'),
    id: z.number().int(),
    user: z.number().int(),
    department: ZUserType,
    status: ZLeaveStatus,
  }),
  /** An interpreter went online or offline (a presence session opened or closed). */
  z.object({
    type: z.literal('presence'),
    user: z.number().int(),
    username: ZText,
    online: z.boolean(),
    at: ZText,
  }),
  /**
   * An agent's batch was stored: which kinds of telemetry changed for the user, so servers
   * with IT pages open read the latest of each and send it (`/ws/it/`).
   */
  z.object({
    type: z.literal('it'),
    user: z.number().int(),
    /** The machine (agent) whose telemetry changed. */
    agent: z.number().int(),
    kinds: z.array(z.enum(['app', 'activity', 'device', 'network', 'daily'])),
  }),
  /** An OCR job moved on (opened, a page finished, ended): its owner's sockets get the frame it carries. */
  z.object({
    type: z.literal('ocr'),
    owner: z.number().int(),
    progress: ZWsOcrProgress.shape.message,
  }),
  /** A screen-sharing call changed: its two parties' connections get it (`/ws/share/`). */
  z.object({ type: z.literal('share_call'), id: z.number().int(), users: z.array(z.number().int()).max(2) }),
  /** A signal was stored for one connection: the server holding it reads and sends it. */
  z.object({ type: z.literal('share_signal'), id: z.number().int(), endpoint: ZText }),
  /** Shifts starting on days in [from, to] were planned, changed, moved or removed: WFM pages re-read them. */
  z.object({ type: z.literal('wfm_schedule'), from: ZText, to: ZText }),
  /** A desk's canned replies or SLA targets changed: its members re-read them. */
  z.object({
    type: z.literal('desk_settings'),
    department: ZTicketDepartment,
    what: z.enum(['canned_replies', 'sla']),
  }),
]);
export type TBusEvent = z.infer<typeof ZBusEvent>;
export type TBusEventType = TBusEvent['type'];
/** The payload of one event type. */
export type TBusEventOf<K extends TBusEventType> = Extract<TBusEvent, { type: K }>;
