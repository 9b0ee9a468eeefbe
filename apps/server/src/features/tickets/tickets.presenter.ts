import {
  reopenDeadline,
  type TicketAccessShape,
  type TTicket,
  type TTicketAttachment,
  type TTicketReply,
  type TTicketSummary,
  type TTicketUser,
  type TSlaKind,
  type TTicketSla,
  type TWaitingTicket,
} from '@portal/contracts';
import type { TicketState } from './ticket-workflow.js';
import type { AttachmentRow, ReplyRow, ThreadRow, TicketRow } from './tickets.repository.js';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

export const attachmentUrl = (id: number) => `/api/user/ticket_attachment/${id}/`;

/** What the access rules of contracts/tickets look at. */
export function accessShape(t: Pick<TicketRow, 'owner_id' | 'department' | 'status' | 'closed_at'>): TicketAccessShape {
  return { user: { id: t.owner_id }, department: t.department, status: t.status, closed_at: t.closed_at };
}

/** What the workflow rules look at (ticket-workflow.ts). */
export function ticketState(t: TicketRow): TicketState {
  const { priority, first_response_at, waiting_since, assignee_id } = t;
  return { ...accessShape(t), priority, first_response_at, waiting_since, assignee_id };
}

function owner(t: TicketRow): TTicketUser {
  return {
    id: t.owner_id,
    username: t.owner_username,
    first_name: t.owner_first_name,
    last_name: t.owner_last_name,
    user_type: t.owner_user_type,
  };
}

export function presentAttachment(
  a: Pick<AttachmentRow, 'id' | 'filename' | 'content_type' | 'size'>,
): TTicketAttachment {
  return {
    id: a.id,
    filename: a.filename,
    content_type: a.content_type as TTicketAttachment['content_type'],
    size: a.size,
    url: attachmentUrl(a.id),
  };
}

/** A reply from a thread's JSON (times as text) or read on its own (times as Date). */
export function presentReply(r: Omit<ReplyRow, 'created_at'> & { created_at: Date | string }): TTicketReply {
  return {
    id: r.id,
    ticket: r.ticket_id,
    author: {
      id: r.author_id,
      username: r.author_username,
      first_name: r.author_first_name,
      last_name: r.author_last_name,
      user_type: r.author_user_type,
    },
    body: r.body,
    is_desk: r.is_desk,
    internal: r.internal,
    created_at: iso(r.created_at),
    attachments: r.attachments.map(presentAttachment),
  };
}

function assignee(t: TicketRow): TTicketUser | null {
  if (t.assignee_id === null || t.assignee_username === null) return null;
  return {
    id: t.assignee_id,
    username: t.assignee_username,
    first_name: t.assignee_first_name ?? '',
    last_name: t.assignee_last_name ?? '',
    user_type: t.assignee_user_type!,
  };
}

const MINUTE_MS = 60_000;

/**
 * The ticket against its desk's targets for its priority (null: no targets). A target
 * counts as breached when it was met late or is overdue at `now`.
 */
export function ticketSla(
  t: Pick<
    TicketRow,
    'created_at' | 'first_response_at' | 'closed_at' | 'sla_first_response_minutes' | 'sla_resolution_minutes'
  >,
  now: Date = new Date(),
): TTicketSla | null {
  const first = t.sla_first_response_minutes;
  const resolution = t.sla_resolution_minutes;
  if (first === null && resolution === null) return null;
  const created = new Date(t.created_at).getTime();
  const due = (minutes: number | null) => (minutes === null ? null : new Date(created + minutes * MINUTE_MS));
  const firstDue = due(first);
  const resolutionDue = due(resolution);
  const late = (dueAt: Date | null, doneAt: Date | string | null) =>
    dueAt !== null && (doneAt === null ? now.getTime() : new Date(doneAt).getTime()) > dueAt.getTime();
  const breached: TSlaKind[] = [];
  if (late(firstDue, t.first_response_at)) breached.push('first_response');
  if (late(resolutionDue, t.closed_at)) breached.push('resolution');
  return {
    first_response_due_at: firstDue?.toISOString() ?? null,
    resolution_due_at: resolutionDue?.toISOString() ?? null,
    breached,
  };
}

function ticketFields(t: TicketRow) {
  return {
    id: t.id,
    user: owner(t),
    department: t.department,
    subject: t.subject,
    description: t.description,
    priority: t.priority,
    status: t.status,
    created_at: iso(t.created_at),
    updated_at: iso(t.updated_at),
    first_response_at: isoOrNull(t.first_response_at),
    closed_at: isoOrNull(t.closed_at),
    reopen_until: t.status === 'closed' && t.closed_at ? reopenDeadline(t.closed_at).toISOString() : null,
    waiting_since: isoOrNull(t.waiting_since),
    assignee: assignee(t),
    sla: ticketSla(t),
  };
}

export function presentTicket(t: ThreadRow): TTicket {
  return {
    ...ticketFields(t),
    attachments: t.attachments.map(presentAttachment),
    ticket_reply: t.ticket_reply.map(presentReply),
  };
}

export function presentSummary(t: TicketRow & { reply_count: number | string | null }): TTicketSummary {
  return { ...ticketFields(t), reply_count: Number(t.reply_count ?? 0) };
}

export function presentWaiting(t: TicketRow, now: Date): TWaitingTicket {
  const since = t.waiting_since ? new Date(t.waiting_since) : new Date(t.created_at);
  return {
    id: t.id,
    subject: t.subject,
    department: t.department,
    priority: t.priority,
    status: t.status,
    user: owner(t),
    waiting_since: since.toISOString(),
    waiting_minutes: Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000)),
  };
}
