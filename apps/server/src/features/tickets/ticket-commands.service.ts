import {
  ATTACHMENT_CONTENT_TYPES,
  ATTACHMENTS_FIELD,
  canBeAssignee,
  canSeeTicket,
  messageText,
  msg,
  isTicketDesk,
  isTicketOwner,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS_PER_MESSAGE,
  type TBulkTicketsRequest,
  type TBusEventOf,
  type TCreateTicketRequest,
  type TMessage,
  ticketDeskTypes,
  type TTicket,
  type TUpdateTicketRequest,
  ZBulkTicketsRequest,
  ZCreateTicketRequest,
  ZUpdateTicketRequest,
} from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import type { AuditSource } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { ApiError, fieldError, notFound } from '../../lib/errors.js';
import {
  checkSpooledUploads,
  checkStorageQuota,
  storeFile,
  type CheckedSpooledUpload,
  type SpooledUpload,
  type UploadRules,
} from '../../lib/files/index.js';
import { withTx, type Tx } from '../../lib/tx.js';
import { recordEvent } from '../event-logs/index.js';
import { notify } from '../notifications/index.js';
import { loadTicket, noteDepartments, visibleTicket } from './ticket-reads.service.js';
import { NEW_TICKET, planTicketUpdate, type TicketPlan, type TicketUpdateRequest } from './ticket-workflow.js';
import { accessShape, presentTicket, ticketState } from './tickets.presenter.js';
import * as repo from './tickets.repository.js';

export const TICKET_UPLOAD_RULES: UploadRules = {
  maxFiles: MAX_ATTACHMENTS_PER_MESSAGE,
  maxBytes: MAX_ATTACHMENT_BYTES,
  allowed: ATTACHMENT_CONTENT_TYPES,
  field: ATTACHMENTS_FIELD,
};

const displayName = (u: Pick<UserRow, 'first_name' | 'last_name' | 'username'>) =>
  `${u.first_name} ${u.last_name}`.trim() || u.username;

async function storeAttachments(
  tx: Tx,
  ticketId: number,
  replyId: number | null,
  files: CheckedSpooledUpload[],
  userId: number,
): Promise<repo.AttachmentRow[]> {
  const rows: repo.AttachmentRow[] = [];
  // One after another: each file's bytes are read from its temporary file for its own
  // insert, so one file at a time is in memory.
  for (const file of files) {
    const stored = await storeFile(tx.db, file, userId);
    const id = await repo.linkAttachment(tx.db, ticketId, replyId, stored.id);
    const { filename, content_type, size } = stored;
    rows.push({ id, ticket_id: ticketId, reply_id: replyId, filename, content_type, size });
  }
  return rows;
}

/** Content and count of each file, then the uploader's storage quota (UPLOAD_QUOTA_MB). */
async function checkAttachments(ctx: AppContext, user: UserRow, uploads: SpooledUpload[]) {
  const files = checkSpooledUploads(uploads, TICKET_UPLOAD_RULES);
  const quota = ctx.config.UPLOAD_QUOTA_MB * 1024 * 1024;
  await checkStorageQuota(ctx.db, user.id, files, quota, TICKET_UPLOAD_RULES.field);
  return files;
}

// ---------------------------------------------------------------- create

export async function createTicket(
  ctx: AppContext,
  user: UserRow,
  input: TCreateTicketRequest,
  uploads: SpooledUpload[],
  source: AuditSource,
): Promise<TTicket> {
  // Any staff member may raise a ticket (the route admits staff only).
  const req = ZCreateTicketRequest.parse(input);
  // Checked before the transaction: a rejected file leaves nothing behind, and the
  // (single) embedded connection is not held while bytes arrive (they are on disk by now).
  const files = await checkAttachments(ctx, user, uploads);
  return withTx(ctx, async (tx) => {
    const row = await repo.insertTicket(
      tx.db,
      {
        owner_id: user.id,
        department: req.department,
        subject: req.subject,
        description: req.description,
        priority: req.priority,
      },
      NEW_TICKET,
    );
    const id = row.id;
    await storeAttachments(tx, id, null, files, user.id);
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
      kind: 'ticketCreated',
      params: { name: displayName(user), subject: req.subject },
      url: `/dashboard/ticket/${id}`,
      levels: ticketDeskTypes(req.department),
      senderId: user.id,
    });
    tx.publish({
      type: 'ticket',
      id,
      event: 'created',
      reply: null,
      internal: false,
      status: NEW_TICKET.status,
      department: req.department,
      owner: user.id,
    } satisfies TBusEventOf<'ticket'>);
    // Read back in the transaction: the thread with its attachments and the desk's SLA targets.
    return (await loadTicket(tx.db, id, noteDepartments(user)))!;
  });
}

// ---------------------------------------------------------------- update

/** Only to an active member of the ticket's desk (or to nobody). */
async function checkAssigneeCandidate(db: Tx['db'], t: repo.TicketRow, assignee: number | null) {
  if (assignee === null) return;
  const candidate = await repo.findUserForAssignment(db, assignee);
  if (!candidate || !canBeAssignee(candidate, t.department)) {
    throw fieldError('assignee', 'assigneeNotOnDesk');
  }
}

/** The change one request (or a bulk request, to each of its tickets) makes. */
interface TicketChange extends TicketUpdateRequest {
  files: CheckedSpooledUpload[];
}

/**
 * The rules of ticket-workflow for a change to `t`, a row locked by the caller's
 * transaction, plus who may be assigned. Throws the refusal; writes nothing.
 */
async function planChange(tx: Tx, user: UserRow, t: repo.TicketRow, change: TicketChange): Promise<TicketPlan> {
  const plan = planTicketUpdate(user, ticketState(t), change);
  if (plan.assigning) await checkAssigneeCandidate(tx.db, t, plan.assignee);
  return plan;
}

/**
 * Writes a planned change to a locked row: the reply or note with its files, the
 * event-log records, the notifications and the live events (the single update and the
 * bulk one both come here, so a ticket changes the same way whichever way it is changed).
 */
async function applyChange(
  tx: Tx,
  user: UserRow,
  t: repo.TicketRow,
  change: TicketChange,
  plan: TicketPlan,
  source: AuditSource,
): Promise<void> {
  const id = t.id;
  const { next, deskReply, note, patch } = plan;
  const ownerReads = plan.replying && !note;

  let replyId: number | null = null;
  if (change.reply !== undefined) {
    replyId = await repo.insertReply(tx.db, {
      ticket_id: id,
      author_id: user.id,
      body: change.reply,
      is_desk: deskReply,
      internal: note,
    });
    await storeAttachments(tx, id, replyId, change.files, user.id);
    await recordEvent(tx.db, source, {
      action: 'ticket.replied',
      targetType: 'ticket',
      targetId: id,
      details: { reply_id: replyId, is_desk: deskReply, internal: note, attachments: change.files.length },
    });
  }
  if (plan.statusChanged) {
    await recordEvent(tx.db, source, {
      action: 'ticket.status_changed',
      targetType: 'ticket',
      targetId: id,
      details: { from: t.status, to: next },
    });
  }
  if (plan.priorityChanged) {
    await recordEvent(tx.db, source, {
      action: 'ticket.priority_changed',
      targetType: 'ticket',
      targetId: id,
      details: { from: t.priority, to: change.priority },
    });
  }
  if (plan.assigning) {
    await recordEvent(tx.db, source, {
      action: 'ticket.assigned',
      targetType: 'ticket',
      targetId: id,
      details: { from: t.assignee_id, to: plan.assignee },
    });
    // Told when someone else hands it to them (taking it yourself needs no notice).
    if (plan.assignee !== null && plan.assignee !== user.id) {
      await notify(tx, {
        kind: 'ticketAssigned',
        params: { name: displayName(user), subject: t.subject },
        url: `/dashboard/ticket/${id}`,
        recipients: [plan.assignee],
        senderId: user.id,
      });
    }
  }
  // A note alone leaves the row as the owner knows it, its activity time included.
  await repo.updateTicket(tx.db, id, patch, plan.visible);

  const owner = isTicketOwner(user, accessShape(t));
  if (!owner && (ownerReads || plan.statusChanged)) {
    const name = displayName(user);
    await notify(tx, {
      ...(ownerReads && plan.statusChanged
        ? { kind: 'ticketRepliedStatusChanged', params: { name, subject: t.subject, status: next } }
        : ownerReads
          ? { kind: 'ticketReplied', params: { name, subject: t.subject } }
          : { kind: 'ticketStatusChanged', params: { subject: t.subject, status: next } }),
      url: `/ticket/${id}`,
      recipients: [t.owner_id],
      senderId: user.id,
    });
  }
  // The requester wrote back: whoever has the ticket hears it (the desk's bell, toast and sound).
  const assignee = plan.assignee;
  if (owner && ownerReads && assignee !== null && assignee !== user.id) {
    await notify(tx, {
      kind: 'ticketRequesterReplied',
      params: { name: displayName(user), subject: t.subject },
      url: `/dashboard/ticket/${id}`,
      recipients: [assignee],
      senderId: user.id,
    });
  }

  const event = {
    type: 'ticket',
    id,
    event: 'updated',
    status: next,
    department: t.department,
    owner: t.owner_id,
  } as const;
  // What the owner may know, and the note apart from it: a note's own event reaches the
  // desk only, so the owner hears of a note with a status change as of the change alone.
  if (plan.visible)
    tx.publish({ ...event, reply: note ? null : replyId, internal: false } satisfies TBusEventOf<'ticket'>);
  if (note) tx.publish({ ...event, reply: replyId, internal: true } satisfies TBusEventOf<'ticket'>);
}

/**
 * A reply or internal note, and/or a status, priority or assignee change, by the rules
 * of ticket-workflow; notifications, event-log records and the live events go with it
 * in one transaction. Answers the ticket as the caller sees it.
 */
export async function updateTicket(
  ctx: AppContext,
  user: UserRow,
  id: number,
  input: TUpdateTicketRequest,
  uploads: SpooledUpload[],
  source: AuditSource,
): Promise<TTicket> {
  await visibleTicket(ctx.db, user, id);
  const req = ZUpdateTicketRequest.parse(input);
  if (uploads.length > 0 && req.reply === undefined) {
    throw fieldError(TICKET_UPLOAD_RULES.field, 'attachmentsNeedReply');
  }
  const files = await checkAttachments(ctx, user, uploads);

  return withTx(ctx, async (tx) => {
    // Locked and checked again: the ticket may have changed since the first look.
    const t = await repo.lockTicket(tx.db, id);
    if (!t || !canSeeTicket(user, accessShape(t))) throw notFound('ticketNotFound');
    const change = { ...req, files };
    const plan = await planChange(tx, user, t, change);
    if (!plan.noop) await applyChange(tx, user, t, change, plan, source);
    return (await loadTicket(tx.db, id, noteDepartments(user)))!;
  });
}

// ---------------------------------------------------------------- bulk

/**
 * The same status, priority and/or assignee change to several active tickets of the
 * caller's desks, all or nothing: a ticket the caller does not see as its desk → 404; a
 * ticket the change is refused for → 400 under `ids`, naming them; nothing changes
 * either way. Each ticket changes exactly as with a single update.
 */
export async function bulkUpdateTickets(
  ctx: AppContext,
  user: UserRow,
  input: TBulkTicketsRequest,
  source: AuditSource,
): Promise<TTicket[]> {
  const req = ZBulkTicketsRequest.parse(input);
  const ids = [...req.ids].sort((a, b) => a - b);
  const change: TicketChange = { status: req.status, priority: req.priority, assignee: req.assignee, files: [] };

  return withTx(ctx, async (tx) => {
    const rows = await repo.lockTickets(tx.db, ids);
    const onDesk = rows.filter((t) => canSeeTicket(user, accessShape(t)) && isTicketDesk(user, t.department));
    if (onDesk.length !== ids.length) throw notFound('ticketNotFound');

    const planned: [repo.TicketRow, TicketPlan][] = [];
    // The tickets refused for each reason (by its English text: one entry per distinct message).
    const refused = new Map<string, { reason: TMessage; which: number[] }>();
    for (const t of rows) {
      try {
        // A closed ticket only reopens in bulk (undoing a bulk close); anything else waits for that.
        const reopening = change.status === 'open' && change.priority === undefined && change.assignee === undefined;
        if (t.status === 'closed' && !reopening) throw fieldError('ids', 'ticketClosedReopenFirst');
        planned.push([t, await planChange(tx, user, t, change)]);
      } catch (err) {
        if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
        const entry = refused.get(err.message) ?? { reason: err.said, which: [] };
        refused.set(err.message, { ...entry, which: [...entry.which, t.id] });
      }
    }
    if (refused.size > 0) {
      const lines = [...refused.values()].map(({ reason, which }) =>
        msg('bulkRefused', { tickets: which.map((n) => `#${n}`).join(', '), reason }),
      );
      // Each refusal under `ids`; the English message says them all, the code the first.
      throw new ApiError(400, lines[0]!, { ids: lines }, undefined, lines.map(messageText).join(' '));
    }
    for (const [t, plan] of planned) if (!plan.noop) await applyChange(tx, user, t, change, plan, source);
    return (await repo.findThreads(tx.db, ids, noteDepartments(user))).map(presentTicket);
  });
}
