import {
  ATTACHMENT_CONTENT_TYPES,
  ATTACHMENTS_FIELD,
  canAssignTicket,
  canBeAssignee,
  canSeeTicket,
  isDeskReply,
  isTicketDesk,
  isTicketOwner,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS_PER_MESSAGE,
  STAFF_DEPARTMENTS,
  TICKET_REOPEN_DAYS,
  ticketDeskTypes,
  ticketStatusChoices,
  ZActiveTicketsQuery,
  ZCreateTicketRequest,
  ZDeskMembersQuery,
  ZTicketHistoryQuery,
  ZTicketStatsQuery,
  ZUpdateTicketRequest,
  type TActiveTicketsQuery,
  type TCreateTicketRequest,
  type TDeskMembersQuery,
  type TTicketUser,
  type TicketViewer,
  type TTicket,
  type TTicketDepartment,
  type TTicketHistoryQuery,
  type TTicketStats,
  type TTicketStatsQuery,
  type TTicketStatus,
  type TUpdateTicketRequest,
  type TUserType,
} from '@portal/contracts';
import { sql, type UpdateObject } from 'kysely';
import type { AppContext } from '../../lib/context.js';
import type { Database } from '../../db/database.js';
import type { DB, UserRow } from '../../db/schema.js';
import { fieldError, forbidden, notFound } from '../../lib/errors.js';
import {
  checkUploads,
  readStoredFile,
  storeFile,
  type CheckedUpload,
  type Upload,
  type UploadRules,
} from '../../lib/files.js';
import { withTx, type Tx } from '../../lib/tx.js';
import type { LiveConnection } from '../../plugins/realtime/gateway.js';
import { recordEvent, type AuditSource } from '../event-logs/audit.js';
import { notify } from '../notifications/notify.js';
import { accessShape, presentReply, presentSummary, presentTicket, presentWaiting } from './tickets.presenter.js';
import * as repo from './tickets.repository.js';

export const TICKET_UPLOAD_RULES: UploadRules = {
  maxFiles: MAX_ATTACHMENTS_PER_MESSAGE,
  maxBytes: MAX_ATTACHMENT_BYTES,
  allowed: ATTACHMENT_CONTENT_TYPES,
  field: ATTACHMENTS_FIELD,
};

/** Spec §7's desk channel (owned by this feature) and the owner's own channel. */
export const ADMINS_CHANNEL = '/ws/admins/';
export const NOTIFICATION_CHANNEL = '/ws/notification/';

/**
 * Bus event: ids, the new status, and who should hear of it (so a server without such
 * sockets reads nothing); each server reads the rest.
 */
export interface TicketBusEvent {
  type: 'ticket';
  id: number;
  event: 'created' | 'updated';
  reply: number | null;
  status: TTicketStatus;
  department: TTicketDepartment;
  owner: number;
}

const STATUS_LABEL: Record<TTicketStatus, string> = {
  open: 'open',
  in_progress: 'in progress',
  answered: 'answered',
  closed: 'closed',
};

const displayName = (u: Pick<UserRow, 'first_name' | 'last_name' | 'username'>) =>
  `${u.first_name} ${u.last_name}`.trim() || u.username;

/** The staff departments whose desk `user` is on. */
export function deskDepartments(user: TicketViewer): TTicketDepartment[] {
  return STAFF_DEPARTMENTS.filter((d) => isTicketDesk(user, d));
}

async function loadTicket(db: Database, id: number): Promise<TTicket | undefined> {
  const row = await repo.findThread(db, id);
  return row ? presentTicket(row) : undefined;
}

/** The ticket, or 404 when it does not exist or the caller may not see it (never a hint). */
async function visibleTicket(db: Database, user: UserRow, id: number): Promise<repo.TicketRow> {
  const row = await repo.findTicket(db, id);
  if (!row || !canSeeTicket(user, accessShape(row))) throw notFound('Ticket not found.');
  return row;
}

async function storeAttachments(
  tx: Tx,
  ticketId: number,
  replyId: number | null,
  files: CheckedUpload[],
  userId: number,
): Promise<repo.AttachmentRow[]> {
  const rows: repo.AttachmentRow[] = [];
  for (const file of files) {
    const stored = await storeFile(tx.db, file, userId);
    const id = await repo.linkAttachment(tx.db, ticketId, replyId, stored.id);
    const { filename, content_type, size } = stored;
    rows.push({ id, ticket_id: ticketId, reply_id: replyId, filename, content_type, size });
  }
  return rows;
}

// ---------------------------------------------------------------- create

export async function createTicket(
  ctx: AppContext,
  user: UserRow,
  input: TCreateTicketRequest,
  uploads: Upload[],
  source: AuditSource,
): Promise<TTicket> {
  // Any staff member may raise a ticket (the route admits staff only).
  const req = ZCreateTicketRequest.parse(input);
  // Checked before the transaction: a rejected file leaves nothing behind, and the
  // (single) embedded connection is not held while bytes are inspected.
  const files = checkUploads(uploads, TICKET_UPLOAD_RULES);
  return withTx(ctx, async (tx) => {
    const row = await repo.insertTicket(tx.db, {
      owner_id: user.id,
      department: req.department,
      subject: req.subject,
      description: req.description,
      priority: req.priority,
      status: 'open',
      waiting_since: sql<Date>`now()`,
    });
    const id = row.id;
    const attachments = await storeAttachments(tx, id, null, files, user.id);
    await recordEvent(tx.db, source, {
      action: 'ticket.created',
      targetType: 'ticket',
      targetId: id,
      details: {
        department: req.department,
        priority: req.priority,
        subject: req.subject,
        attachments: uploads.length,
      },
    });
    await notify(tx, {
      message: `${displayName(user)} sent a ticket: ${req.subject}`,
      url: `/dashboard/ticket/${id}`,
      levels: ticketDeskTypes(req.department),
      senderId: user.id,
    });
    tx.publish({
      type: 'ticket',
      id,
      event: 'created',
      reply: null,
      status: 'open',
      department: req.department,
      owner: user.id,
    } satisfies TicketBusEvent);
    // Answered from what was written (no read-back): a new ticket has no replies yet.
    return presentTicket({
      ...row,
      owner_username: user.username,
      owner_first_name: user.first_name,
      owner_last_name: user.last_name,
      owner_user_type: user.user_type,
      assignee_username: null,
      assignee_first_name: null,
      assignee_last_name: null,
      assignee_user_type: null,
      attachments,
      ticket_reply: [],
    });
  });
}

// ---------------------------------------------------------------- read

export async function listActiveTickets(ctx: AppContext, user: UserRow, query: TActiveTicketsQuery) {
  const q = ZActiveTicketsQuery.parse(query);
  const { rows, total } = await repo.listActive(
    ctx.db,
    { viewerId: user.id, deskDepartments: deskDepartments(user), scope: q.scope },
    {
      status: q.status,
      department: q.department,
      priority: q.priority,
      search: q.search || undefined,
      assignee: q.assignee === 'me' ? user.id : q.assignee === 'none' ? null : undefined,
    },
    q.limit,
  );
  return { tickets: rows.map(presentTicket), total };
}

export async function getTicket(ctx: AppContext, user: UserRow, id: number): Promise<TTicket> {
  const row = await repo.findThread(ctx.db, id);
  if (!row || !canSeeTicket(user, accessShape(row))) throw notFound('Ticket not found.');
  return presentTicket(row);
}

export async function ticketHistory(ctx: AppContext, user: UserRow, query: TTicketHistoryQuery) {
  const q = ZTicketHistoryQuery.parse(query);
  const { rows, count } = await repo.historyPage(
    ctx.db,
    { viewerId: user.id, deskDepartments: deskDepartments(user), scope: q.scope },
    { department: q.department, priority: q.priority, search: q.search || undefined },
    q.page_size,
    (q.page - 1) * q.page_size,
  );
  return { results: rows.map(presentSummary), count, page: q.page, pageSize: q.page_size };
}

export async function getAttachment(ctx: AppContext, user: UserRow, id: number) {
  const a = await repo.findAttachment(ctx.db, id);
  if (!a || !canSeeTicket(user, { user: { id: a.owner_id }, department: a.department })) {
    throw notFound('Attachment not found.');
  }
  const file = await readStoredFile(ctx.db, a.file_id);
  if (!file) throw notFound('Attachment not found.');
  return file;
}

// ---------------------------------------------------------------- update

/** Only the desk assigns, and only to an active member of the ticket's desk (or to nobody). */
async function checkAssignee(db: Database, user: UserRow, t: repo.TicketRow, assignee: number | null) {
  if (!canAssignTicket(user, accessShape(t))) {
    throw t.status === 'closed'
      ? fieldError('assignee', 'This ticket is closed; reopen it to assign it.')
      : forbidden('Only the desk assigns tickets.');
  }
  if (assignee === null) return;
  const candidate = await repo.findUserForAssignment(db, assignee);
  if (!candidate || !canBeAssignee(candidate, t.department)) {
    throw fieldError('assignee', "Choose someone on this ticket's desk.");
  }
}

function refusedStatus(user: UserRow, t: repo.TicketRow, wanted: TTicketStatus): Error {
  if (t.status === 'closed' && wanted === 'open' && isTicketOwner(user, accessShape(t))) {
    return fieldError(
      'status',
      `This ticket was closed more than ${TICKET_REOPEN_DAYS} days ago and can no longer be reopened; open a new ticket.`,
    );
  }
  if (t.status === 'closed') return fieldError('status', 'This ticket is closed; it can only be reopened.');
  return forbidden('Only the desk can set this status.');
}

/**
 * A reply and/or a status change. Without an explicit status, a desk reply marks an
 * active ticket `answered` and the owner's reply to an answered ticket reopens it.
 */
export async function updateTicket(
  ctx: AppContext,
  user: UserRow,
  id: number,
  input: TUpdateTicketRequest,
  uploads: Upload[],
  source: AuditSource,
): Promise<TTicket> {
  await visibleTicket(ctx.db, user, id);
  const req = ZUpdateTicketRequest.parse(input);
  if (uploads.length > 0 && req.reply === undefined) {
    throw fieldError(TICKET_UPLOAD_RULES.field, 'Attachments go with a reply: write one.');
  }
  const files = checkUploads(uploads, TICKET_UPLOAD_RULES);

  return withTx(ctx, async (tx) => {
    // Locked and checked again: the ticket may have changed since the first look.
    const t = await repo.lockTicket(tx.db, id);
    if (!t || !canSeeTicket(user, accessShape(t))) throw notFound('Ticket not found.');
    const deskReply = isDeskReply(user, accessShape(t));

    let next: TTicketStatus = t.status;
    if (req.status !== undefined && req.status !== t.status) {
      if (!ticketStatusChoices(user, accessShape(t)).includes(req.status)) throw refusedStatus(user, t, req.status);
      next = req.status;
    } else if (req.status === undefined && req.reply !== undefined) {
      if (deskReply && (t.status === 'open' || t.status === 'in_progress')) next = 'answered';
      if (!deskReply && t.status === 'answered') next = 'open';
    }
    if (req.reply !== undefined && t.status === 'closed' && next === 'closed') {
      throw fieldError('reply', 'This ticket is closed; reopen it to reply.');
    }
    const assigning = req.assignee !== undefined && req.assignee !== t.assignee_id;
    if (assigning) await checkAssignee(tx.db, user, t, req.assignee!);
    if (req.reply === undefined && next === t.status && !assigning) return (await loadTicket(tx.db, id))!; // nothing to change

    const now = sql<Date>`now()`;
    const patch: UpdateObject<DB, 'tickets'> = {};
    let replyId: number | null = null;
    if (req.reply !== undefined) {
      replyId = await repo.insertReply(tx.db, {
        ticket_id: id,
        author_id: user.id,
        body: req.reply,
        is_desk: deskReply,
      });
      await storeAttachments(tx, id, replyId, files, user.id);
      if (deskReply) {
        if (!t.first_response_at) patch.first_response_at = now;
        patch.waiting_since = null;
      } else if (!t.waiting_since) {
        patch.waiting_since = now;
      }
      await recordEvent(tx.db, source, {
        action: 'ticket.replied',
        targetType: 'ticket',
        targetId: id,
        details: { reply_id: replyId, is_desk: deskReply, attachments: files.length },
      });
    }
    if (next !== t.status) {
      patch.status = next;
      if (next === 'closed' || next === 'answered') patch.waiting_since = null;
      if (next === 'closed') patch.closed_at = now;
      if (t.status === 'closed') patch.closed_at = null;
      if ((next === 'open' || next === 'in_progress') && (t.status === 'closed' || t.status === 'answered')) {
        // Back in the desk's court (a reopen, or the owner's follow-up).
        if (!deskReply || req.reply === undefined) patch.waiting_since = now;
      }
      await recordEvent(tx.db, source, {
        action: 'ticket.status_changed',
        targetType: 'ticket',
        targetId: id,
        details: { from: t.status, to: next },
      });
    }
    if (assigning) {
      patch.assignee_id = req.assignee!;
      await recordEvent(tx.db, source, {
        action: 'ticket.assigned',
        targetType: 'ticket',
        targetId: id,
        details: { from: t.assignee_id, to: req.assignee },
      });
      // Told when someone else hands it to them (taking it yourself needs no notice).
      if (req.assignee !== null && req.assignee !== user.id) {
        await notify(tx, {
          message: `${displayName(user)} assigned you the ticket "${t.subject}".`,
          url: `/dashboard/ticket/${id}`,
          recipients: [req.assignee!],
          senderId: user.id,
        });
      }
    }
    await repo.updateTicket(tx.db, id, patch);

    if (!isTicketOwner(user, accessShape(t)) && (req.reply !== undefined || next !== t.status)) {
      const what = [
        req.reply !== undefined ? `${displayName(user)} replied to your ticket "${t.subject}"` : null,
        next !== t.status
          ? `${req.reply !== undefined ? 'it is' : `Your ticket "${t.subject}" is`} now ${STATUS_LABEL[next]}`
          : null,
      ].filter(Boolean);
      await notify(tx, {
        message: `${what.join('; ')}.`,
        url: `/ticket/${id}`,
        recipients: [t.owner_id],
        senderId: user.id,
      });
    }
    tx.publish({
      type: 'ticket',
      id,
      event: 'updated',
      reply: replyId,
      status: next,
      department: t.department,
      owner: t.owner_id,
    } satisfies TicketBusEvent);
    return (await loadTicket(tx.db, id))!;
  });
}

// ---------------------------------------------------------------- statistics

const DAY_MS = 86_400_000;

/**
 * Who may take a department's tickets (the assignment picker). Only for that desk: to
 * anyone else the list does not exist (404), like the tickets themselves.
 */
export async function deskMembers(ctx: AppContext, user: UserRow, query: TDeskMembersQuery): Promise<TTicketUser[]> {
  const { department } = ZDeskMembersQuery.parse(query);
  if (!isTicketDesk(user, department)) throw notFound('Desk not found.');
  return repo.activeUsersOfTypes(ctx.db, ticketDeskTypes(department));
}

export async function ticketStats(ctx: AppContext, user: UserRow, query: TTicketStatsQuery): Promise<TTicketStats> {
  const q = ZTicketStatsQuery.parse(query);
  const departments = deskDepartments(user);
  if (departments.length === 0) throw forbidden('Desk statistics are for desk members.');
  const now = new Date();
  const to = q.to ? new Date(q.to) : now;
  const from = q.from ? new Date(q.from) : new Date(to.getTime() - 30 * DAY_MS);
  const [counts, period, waiting] = await Promise.all([
    repo.openCounts(ctx.db, departments),
    repo.periodFigures(ctx.db, departments, from, to),
    repo.waitingTickets(ctx.db, departments, new Date(now.getTime() - q.waiting_minutes * 60_000), 100),
  ]);
  const zero = () => ({ open: 0, in_progress: 0, answered: 0, total: 0 });
  const byStatus = zero();
  const byDepartment = new Map<TUserType, ReturnType<typeof zero>>();
  for (const c of counts) {
    if (c.status === 'closed') continue;
    const n = Number(c.n);
    const d = byDepartment.get(c.department) ?? byDepartment.set(c.department, zero()).get(c.department)!;
    d[c.status] += n;
    d.total += n;
    byStatus[c.status] += n;
    byStatus.total += n;
  }
  const minutes = (s: number | null) => (s === null ? null : Math.round((s / 60) * 10) / 10);
  return {
    departments,
    from: from.toISOString(),
    to: to.toISOString(),
    open_by_status: byStatus,
    open_by_department: departments
      .filter((d) => byDepartment.has(d))
      .map((d) => ({ department: d, ...byDepartment.get(d)! })),
    created_in_period: period.created,
    closed_in_period: period.closed,
    median_first_response_minutes: minutes(period.medianFirstResponseSeconds),
    median_resolution_minutes: minutes(period.medianResolutionSeconds),
    waiting_minutes: q.waiting_minutes,
    waiting: waiting.rows.map((t) => presentWaiting(t, now)),
    waiting_count: waiting.count,
  };
}

// ---------------------------------------------------------------- live

export interface TicketSockets {
  connections(channel?: string): Iterable<LiveConnection>;
  connectionsOf(userId: number): Iterable<LiveConnection>;
}

/**
 * Delivers a ticket bus event to this server's sockets: `admin_new_ticket` /
 * `admin_update_ticket` to the desk of the ticket's department on /ws/admins/, and
 * `ticket_update` to the owner on /ws/notification/. Answers how many frames went out.
 */
export async function deliverTicketEvent(ctx: AppContext, event: TicketBusEvent, sockets: TicketSockets) {
  const desk = [...sockets.connections(ADMINS_CHANNEL)].filter((c) => isTicketDesk(c.user, event.department));
  const owner =
    event.event === 'updated'
      ? [...sockets.connectionsOf(event.owner)].filter((c) => c.channel === NOTIFICATION_CHANNEL)
      : [];
  // Nobody here to tell: read nothing (every server gets every event).
  if (desk.length === 0 && owner.length === 0) return 0;
  const send = (to: LiveConnection[], frame: string) => {
    for (const c of to) c.send(frame);
    return to.length;
  };
  if (event.event === 'created') {
    const ticket = await loadTicket(ctx.db, event.id);
    return ticket ? send(desk, JSON.stringify({ message: { command: 'admin_new_ticket', data: ticket } })) : 0;
  }
  const r = event.reply === null ? undefined : await repo.findReply(ctx.db, event.reply);
  const reply = r ? presentReply(r) : null;
  const fields = { ticket: event.id, data: reply, status: event.status };
  return (
    send(desk, JSON.stringify({ message: { command: 'admin_update_ticket', ...fields } })) +
    send(owner, JSON.stringify({ message: { command: 'ticket_update', ...fields } }))
  );
}
