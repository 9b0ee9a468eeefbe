import { z } from 'zod';
import { ZUserRef } from '../users/users.js';
import { INT4_MAX, textOr, ZId, ZText } from '../common/text.js';
import { pagedResponse, ZPageQuery } from '../common/pagination.js';
import { STAFF_DEPARTMENTS } from '../users/user-types.js';
import { schemaMessage } from '../common/messages.js';

/**
 * Support tickets (spec §3, §7). Every payload of `/api/user/…ticket…` routes.
 * Field names follow spec §7 where it names them (`user`, `status`, `ticket_reply`).
 */

export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export const ZTicketPriority = z.enum(TICKET_PRIORITIES, { error: schemaMessage('choosePriority') });
export type TTicketPriority = z.infer<typeof ZTicketPriority>;

export const TICKET_STATUSES = ['open', 'in_progress', 'answered', 'closed'] as const;
export const ZTicketStatus = z.enum(TICKET_STATUSES, { error: schemaMessage('chooseStatus') });
export type TTicketStatus = z.infer<typeof ZTicketStatus>;
/** Statuses of a ticket that still needs someone (listed by active-tickets). */
export const ACTIVE_TICKET_STATUSES = ['open', 'in_progress', 'answered'] as const satisfies readonly TTicketStatus[];

/** A department a ticket goes to: one of spec §1's staff types (ZStaffDepartment with the form's wording). */
export const ZTicketDepartment = z.enum(STAFF_DEPARTMENTS, { error: schemaMessage('chooseDepartment') });
export type TTicketDepartment = z.infer<typeof ZTicketDepartment>;

/** Attachments: at most this many per message (the ticket itself, or one reply). */
export const MAX_ATTACHMENTS_PER_MESSAGE = 5;
/** 10 MiB per file. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** Types decided from the bytes (magic numbers; TXT = valid UTF-8 without NUL), never from the name. */
export const ATTACHMENT_CONTENT_TYPES = ['image/png', 'image/jpeg', 'application/pdf', 'text/plain'] as const;
export type TAttachmentContentType = (typeof ATTACHMENT_CONTENT_TYPES)[number];
/** The multipart field name for files (any name is accepted; errors are reported under this one). */
export const ATTACHMENTS_FIELD = 'attachments';

/** The owner may reopen a closed ticket for this long after it was closed. */
export const TICKET_REOPEN_DAYS = 7;
/**
 * The active list's total (`x-total-count`) counts at most this many and one more: a desk
 * with more shows "more than 1,000", and the count costs the same at any table size.
 */
export const ACTIVE_TICKETS_COUNT_CAP = 1000;
/** Desk statistics flag active tickets waiting for the desk longer than this (query `waiting_minutes`). */
export const DEFAULT_TICKET_WAITING_MINUTES = 240;

export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 10_000;

const ZSubject = textOr(schemaMessage('subjectMissing'))
  .trim()
  .min(1, schemaMessage('subjectMissing'))
  .max(SUBJECT_MAX, schemaMessage('maxChars', { count: SUBJECT_MAX }));
const ZMessage = (empty: string) =>
  textOr(empty)
    .trim()
    .min(1, empty)
    .max(MESSAGE_MAX, schemaMessage('maxChars', { count: MESSAGE_MAX }));

/** A reply's text (the reply box validates with it before sending). */
export const ZTicketReplyText = ZMessage(schemaMessage('replyMissing'));

/**
 * A yes/no field that arrives as JSON `true`/`false` or as multipart text `"true"`/`"false"`
 * (never `z.coerce.boolean()`, which reads the text "false" as true).
 */
export const ZFormBoolean = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
  error: schemaMessage('yesNo'),
});

const CHOOSE_SOMEONE = schemaMessage('chooseDeskMember');
/**
 * A user id that arrives as a JSON number or as multipart text in canonical digits
 * (never loosely written: not "5.3e1", " 7" or "07", which `z.coerce.number()` took).
 */
export const ZFormUserId = z.union(
  [
    z.number({ error: CHOOSE_SOMEONE }).int().positive().max(INT4_MAX),
    ZText.regex(/^[1-9][0-9]{0,9}$/)
      .transform(Number)
      .pipe(z.number().max(INT4_MAX, CHOOSE_SOMEONE)),
  ],
  { error: CHOOSE_SOMEONE },
);

// ---------------------------------------------------------------- requests

/**
 * `POST /api/user/create_ticket/`: JSON, or multipart/form-data with these same fields
 * as text parts plus up to 5 file parts (field `attachments`).
 */
export const ZCreateTicketRequest = z
  .object({
    department: ZTicketDepartment,
    subject: ZSubject,
    description: ZMessage(schemaMessage('descriptionMissing')),
    priority: ZTicketPriority.default('normal'),
  })
  .strict();
export type TCreateTicketRequest = z.input<typeof ZCreateTicketRequest>;

/**
 * `PUT /api/user/active-tickets/{ticket}/`: a reply and/or a new status (JSON, or
 * multipart with file parts when the reply carries attachments). Without a status, a
 * desk reply marks the ticket `answered` and an owner's reply to an answered ticket
 * marks it `open` again. Omit `reply` rather than sending it blank.
 */
export const ZUpdateTicketRequest = z
  .object({
    reply: ZTicketReplyText.optional(),
    /**
     * Desk only: the reply is an internal note, seen by the desk alone (never the owner:
     * not in their thread, lists, search, notifications or socket frames). A note neither
     * answers the ticket nor stops its waiting clock.
     */
    internal: ZFormBoolean.optional(),
    status: ZTicketStatus.optional(),
    /** Desk only, active tickets. */
    priority: ZTicketPriority.optional(),
    /** Desk only: a user id on the ticket's desk (usually the caller: "assign to me"), or null to unassign. */
    assignee: ZFormUserId.nullable().optional(),
  })
  .strict()
  .refine(
    (b) => b.reply !== undefined || b.status !== undefined || b.assignee !== undefined || b.priority !== undefined,
    { message: schemaMessage('ticketChangeEmpty'), path: ['non_field_errors'] },
  )
  .refine((b) => b.internal !== true || b.reply !== undefined, {
    message: schemaMessage('noteMissing'),
    path: ['reply'],
  });
export type TUpdateTicketRequest = z.input<typeof ZUpdateTicketRequest>;

export const ZTicketIdParams = z.object({ id: ZId });
export const ZTicketParam = z.object({ ticket: ZId });
export const ZAttachmentIdParams = ZTicketIdParams;

/** Whose tickets: as owner (`mine`), as desk member (`desk`), or both (`all`, the default). */
export const ZTicketScope = z.enum(['all', 'mine', 'desk']);
export type TTicketScope = z.infer<typeof ZTicketScope>;

const ZSearch = ZText.trim().max(100);

/**
 * How a list is ordered. `activity` (the default): newest activity first. `priority`:
 * urgent first, then the longest waiting for the desk, then the oldest (the desk's
 * default). `due`: the nearest SLA due time first (tickets without a target last).
 * Each has its natural direction; `dir` reverses it.
 */
export const TICKET_SORTS = [
  'activity',
  'priority',
  'due',
  'created',
  'subject',
  'status',
  'department',
  'requester',
  'assignee',
] as const;
export const ZTicketSort = z.enum(TICKET_SORTS);
export type TTicketSort = z.infer<typeof ZTicketSort>;
/** The natural direction of each sort (asc: A→Z, oldest/nearest first; priority: urgent first). */
export const TICKET_SORT_DIRECTION: Record<TTicketSort, 'asc' | 'desc'> = {
  activity: 'desc',
  priority: 'desc',
  due: 'asc',
  created: 'desc',
  subject: 'asc',
  status: 'asc',
  department: 'asc',
  requester: 'asc',
  assignee: 'asc',
};

/** `GET /api/user/active-tickets/`: every filter optional (the desk queue's filters). */
export const ZActiveTicketsQuery = z.object({
  sort: ZTicketSort.default('activity'),
  /** Omit for the sort's natural direction (TICKET_SORT_DIRECTION). */
  dir: z.enum(['asc', 'desc']).optional(),
  scope: ZTicketScope.default('all'),
  status: z.enum(ACTIVE_TICKET_STATUSES).optional(),
  department: ZTicketDepartment.optional(),
  priority: ZTicketPriority.optional(),
  search: ZSearch.optional(),
  /** Assigned to the caller (`me`) or to nobody yet (`none`). */
  assignee: z.enum(['me', 'none']).optional(),
  /** At most this many (the answer's `x-total-count` header has the total, up to ACTIVE_TICKETS_COUNT_CAP + 1). */
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type TActiveTicketsQuery = z.input<typeof ZActiveTicketsQuery>;

/** `GET /api/user/ticket-history/`: closed tickets the caller may see, newest closed first. */
export const ZTicketHistoryQuery = ZPageQuery.extend({
  scope: ZTicketScope.default('all'),
  department: ZTicketDepartment.optional(),
  priority: ZTicketPriority.optional(),
  /** Subject, description, replies, owner's username or name; `#12` or `12` also matches ticket 12. */
  search: ZSearch.optional(),
});
export type TTicketHistoryQuery = z.input<typeof ZTicketHistoryQuery>;

/** `GET /api/user/ticket-desk-members/?department=IT`: who may take that department's tickets. */
export const ZDeskMembersQuery = z.object({ department: ZTicketDepartment });
export type TDeskMembersQuery = z.infer<typeof ZDeskMembersQuery>;

/** `GET /api/user/ticket-stats/`: period defaults to the last 30 days. */
export const ZTicketStatsQuery = z
  .object({
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    waiting_minutes: z.coerce.number().int().min(1).max(43_200).default(DEFAULT_TICKET_WAITING_MINUTES),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    message: schemaMessage('fromAfterTo'),
    path: ['from'],
  });
export type TTicketStatsQuery = z.input<typeof ZTicketStatsQuery>;

// ---------------------------------------------------------------- answers

/** Which SLA target a ticket missed. */
export const SLA_KINDS = ['first_response', 'resolution'] as const;
export type TSlaKind = (typeof SLA_KINDS)[number];

/**
 * A ticket against its desk's targets (calendar time from creation). A due time is null
 * when the desk has no such target; `breached` lists the targets missed, met late or
 * still overdue now.
 */
export const ZTicketSla = z
  .object({
    first_response_due_at: ZText.nullable(),
    resolution_due_at: ZText.nullable(),
    breached: z.array(z.enum(SLA_KINDS)),
  })
  .meta({ id: 'TicketSla' });
export type TTicketSla = z.infer<typeof ZTicketSla>;

export const ZTicketUser = ZUserRef.meta({ id: 'TicketUser' });
export type TTicketUser = z.infer<typeof ZTicketUser>;

export const ZTicketAttachment = z
  .object({
    id: z.number().int(),
    filename: ZText,
    content_type: z.enum(ATTACHMENT_CONTENT_TYPES),
    size: z.number().int(),
    /** Download (Bearer auth; `content-disposition: attachment`). */
    url: ZText,
  })
  .meta({ id: 'TicketAttachment' });
export type TTicketAttachment = z.infer<typeof ZTicketAttachment>;

export const ZTicketReply = z
  .object({
    id: z.number().int(),
    ticket: z.number().int(),
    author: ZTicketUser,
    body: ZText,
    /** Written by the desk (not by the ticket's owner). */
    is_desk: z.boolean(),
    /** An internal note: only the desk ever receives these. */
    internal: z.boolean(),
    created_at: ZText,
    attachments: z.array(ZTicketAttachment),
  })
  .meta({ id: 'TicketReply' });
export type TTicketReply = z.infer<typeof ZTicketReply>;

const ticketFields = {
  id: z.number().int(),
  /** The owner (spec §3: user with username). */
  user: ZTicketUser,
  department: ZTicketDepartment,
  subject: ZText,
  description: ZText,
  priority: ZTicketPriority,
  status: ZTicketStatus,
  created_at: ZText,
  updated_at: ZText,
  first_response_at: ZText.nullable(),
  closed_at: ZText.nullable(),
  /** Until when the owner may reopen it (closed tickets only). */
  reopen_until: ZText.nullable(),
  /** Since when it has waited for the desk (null: the desk has answered, or it is closed). */
  waiting_since: ZText.nullable(),
  /** Who on the desk has taken it (null: nobody yet). */
  assignee: ZTicketUser.nullable(),
  /** Its desk's service-level targets for its priority (null: the desk set none). */
  sla: ZTicketSla.nullable(),
};

export const ZTicket = z
  .object({
    ...ticketFields,
    /** Attachments of the ticket's own message (the description). */
    attachments: z.array(ZTicketAttachment),
    /** Replies, oldest first. */
    ticket_reply: z.array(ZTicketReply),
  })
  .meta({ id: 'Ticket' });
export type TTicket = z.infer<typeof ZTicket>;

export const ZActiveTicketList = z.array(ZTicket);

/** Active staff on a department's desk, by name. */
export const ZDeskMembers = z.array(ZTicketUser);

/** A history row: the ticket without its thread (open the detail for that). */
export const ZTicketSummary = z
  .object({ ...ticketFields, reply_count: z.number().int() })
  .meta({ id: 'TicketSummary' });
export type TTicketSummary = z.infer<typeof ZTicketSummary>;

export const ZTicketHistoryPage = pagedResponse(ZTicketSummary);
export type TTicketHistoryPage = z.infer<typeof ZTicketHistoryPage>;

const ZOpenCounts = z.object({
  open: z.number().int(),
  in_progress: z.number().int(),
  answered: z.number().int(),
  total: z.number().int(),
});

export const ZWaitingTicket = z.object({
  id: z.number().int(),
  subject: ZText,
  department: ZTicketDepartment,
  priority: ZTicketPriority,
  status: ZTicketStatus,
  user: ZTicketUser,
  waiting_since: ZText,
  waiting_minutes: z.number().int(),
});
export type TWaitingTicket = z.infer<typeof ZWaitingTicket>;

export const ZTicketStats = z
  .object({
    /** The departments whose desk the caller is on (the figures cover these only). */
    departments: z.array(ZTicketDepartment),
    from: ZText,
    to: ZText,
    /** Active tickets now, by status, and by department and status. */
    open_by_status: ZOpenCounts,
    open_by_department: z.array(ZOpenCounts.extend({ department: ZTicketDepartment })),
    created_in_period: z.number().int(),
    closed_in_period: z.number().int(),
    /** Over tickets created in the period that got a desk reply; null when none did. */
    median_first_response_minutes: z.number().nullable(),
    /** Over tickets closed in the period (creation → close); null when none were. */
    median_resolution_minutes: z.number().nullable(),
    waiting_minutes: z.number().int(),
    /** Active tickets waiting for the desk longer than `waiting_minutes`, longest first (at most 100). */
    waiting: z.array(ZWaitingTicket),
    waiting_count: z.number().int(),
  })
  .meta({ id: 'TicketStats' });
export type TTicketStats = z.infer<typeof ZTicketStats>;
