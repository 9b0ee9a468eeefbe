import { z } from 'zod';
import { INT4_MAX, textOr, ZBodyId, ZText } from '../common/text.js';
import { ZUserType } from '../users/user-types.js';
import {
  MESSAGE_MAX,
  TICKET_PRIORITIES,
  ZTicketDepartment,
  ZTicketPriority,
  ZTicketStatus,
  ZTicketSummary,
  ZTicketUser,
} from './tickets.js';
import { schemaMessage } from '../common/messages.js';

/**
 * The help desk's tools around tickets: canned replies per desk, SLA targets
 * per desk and priority, bulk changes, and the requester panel.
 */

// ---------------------------------------------------------------- canned replies

export const CANNED_TITLE_MAX = 100;
export const CANNED_SHORTCUT_MAX = 30;
/** A desk keeps at most this many canned replies. */
export const MAX_CANNED_REPLIES_PER_DESK = 200;

/**
 * `POST /api/user/canned-replies/` and `PUT /api/user/canned-replies/{id}/`. The shortcut
 * is typed after `/` in the reply box (`/reset`); unique per desk, case-insensitive.
 */
export const ZCannedReplyRequest = z
  .object({
    department: ZTicketDepartment,
    title: textOr(schemaMessage('cannedTitleMissing'))
      .trim()
      .min(1, schemaMessage('cannedTitleMissing'))
      .max(CANNED_TITLE_MAX, schemaMessage('maxChars', { count: CANNED_TITLE_MAX })),
    shortcut: textOr(schemaMessage('cannedShortcutMissing'))
      .trim()
      .toLowerCase()
      .min(1, schemaMessage('cannedShortcutMissing'))
      .max(CANNED_SHORTCUT_MAX, schemaMessage('maxChars', { count: CANNED_SHORTCUT_MAX }))
      .regex(/^[a-z0-9][a-z0-9-]*$/, schemaMessage('cannedShortcutFormat')),
    body: textOr(schemaMessage('cannedBodyMissing'))
      .trim()
      .min(1, schemaMessage('cannedBodyMissing'))
      .max(MESSAGE_MAX, schemaMessage('maxChars', { count: MESSAGE_MAX })),
  })
  .strict();
export type TCannedReplyRequest = z.input<typeof ZCannedReplyRequest>;

/** `GET /api/user/canned-replies/`: one desk, or (omitted) every desk the caller is on. */
export const ZCannedRepliesQuery = z.object({ department: ZTicketDepartment.optional() });
export type TCannedRepliesQuery = z.input<typeof ZCannedRepliesQuery>;

export const ZCannedReply = z
  .object({
    id: z.number().int(),
    department: ZTicketDepartment,
    title: ZText,
    shortcut: ZText,
    body: ZText,
    /** Who wrote it (null: their account was removed). */
    created_by: ZTicketUser.nullable(),
    updated_at: ZText,
  })
  .meta({ id: 'CannedReply' });
export type TCannedReply = z.infer<typeof ZCannedReply>;
export const ZCannedReplyList = z.array(ZCannedReply);

// ---------------------------------------------------------------- SLA targets

/** A year, in minutes: the longest target. */
export const SLA_MINUTES_MAX = 525_600;
const ZSlaMinutes = z
  .number({ error: schemaMessage('slaMinutesMissing') })
  .int(schemaMessage('slaWholeMinutes'))
  .min(1, schemaMessage('slaAtLeastMinute'))
  .max(SLA_MINUTES_MAX, schemaMessage('slaAtMostYear'))
  .nullable();

export const ZSlaTarget = z
  .object({
    priority: ZTicketPriority,
    /** Minutes from creation to the desk's first reply (null: no target). */
    first_response_minutes: ZSlaMinutes,
    /** Minutes from creation to closing (null: no target). */
    resolution_minutes: ZSlaMinutes,
  })
  .strict()
  .refine(
    (t) =>
      t.first_response_minutes === null ||
      t.resolution_minutes === null ||
      t.first_response_minutes <= t.resolution_minutes,
    { message: schemaMessage('slaResponseAfterResolution'), path: ['first_response_minutes'] },
  )
  .meta({ id: 'SlaTarget' });
export type TSlaTarget = z.infer<typeof ZSlaTarget>;

/** `GET /api/user/ticket-sla/?department=IT`: that desk's targets (all four priorities). */
export const ZSlaQuery = z.object({ department: ZTicketDepartment });
export type TSlaQuery = z.infer<typeof ZSlaQuery>;

/** `PUT /api/user/ticket-sla/`: a desk's targets, one row per priority (all four). */
export const ZSlaTargetsRequest = z
  .object({
    department: ZTicketDepartment,
    targets: z
      .array(ZSlaTarget)
      .length(TICKET_PRIORITIES.length, schemaMessage('slaRowPerPriority'))
      .refine(
        (rows) => new Set(rows.map((r) => r.priority)).size === rows.length,
        schemaMessage('slaOneRowPerPriority'),
      ),
  })
  .strict();
export type TSlaTargetsRequest = z.input<typeof ZSlaTargetsRequest>;

export const ZSlaTargets = z
  .object({
    department: ZTicketDepartment,
    /** One per priority, urgent first. */
    targets: z.array(ZSlaTarget),
    /** Whether the caller may change them (canSetSlaTargets). */
    can_edit: z.boolean(),
  })
  .meta({ id: 'SlaTargets' });
export type TSlaTargets = z.infer<typeof ZSlaTargets>;

// ---------------------------------------------------------------- bulk

export const MAX_BULK_TICKETS = 100;

/**
 * `POST /api/user/tickets/bulk/`: the same change to several active tickets of the
 * caller's desks, all or nothing (one refused ticket refuses the request; nothing changes).
 */
export const ZBulkTicketsRequest = z
  .object({
    ids: z
      .array(ZBodyId, { error: schemaMessage('chooseTickets') })
      .min(1, schemaMessage('chooseTickets'))
      .max(MAX_BULK_TICKETS, schemaMessage('bulkTooMany', { count: MAX_BULK_TICKETS }))
      .refine((ids) => new Set(ids).size === ids.length, schemaMessage('ticketListedTwice')),
    status: ZTicketStatus.optional(),
    priority: ZTicketPriority.optional(),
    assignee: z
      .number({ error: schemaMessage('chooseDeskMember') })
      .int()
      .positive()
      .max(INT4_MAX)
      .nullable()
      .optional(),
  })
  .strict()
  .refine((b) => b.status !== undefined || b.priority !== undefined || b.assignee !== undefined, {
    message: schemaMessage('bulkChangeEmpty'),
    path: ['non_field_errors'],
  });
export type TBulkTicketsRequest = z.input<typeof ZBulkTicketsRequest>;

// ---------------------------------------------------------------- requester panel

/**
 * `GET /api/user/ticket-requester/{ticket}/` (the desk of that ticket only): who raised
 * it, and their other tickets on the caller's desks (never those of other desks).
 */
export const ZTicketRequester = z
  .object({
    user: ZTicketUser.extend({
      email: ZText,
      phone: ZText,
      is_active: z.boolean(),
      /** Their department: their user type (spec §1). */
      department: ZUserType,
    }),
    /** Their active tickets on the caller's desks, this one excluded, newest activity first. */
    open: z.array(ZTicketSummary),
    /** Their latest closed tickets on the caller's desks (at most 5). */
    recent: z.array(ZTicketSummary),
    /** How many tickets they have raised to the caller's desks in all. */
    total: z.number().int(),
  })
  .meta({ id: 'TicketRequester' });
export type TTicketRequester = z.infer<typeof ZTicketRequester>;
