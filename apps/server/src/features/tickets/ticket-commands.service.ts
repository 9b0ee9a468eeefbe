import {
  ATTACHMENT_CONTENT_TYPES,
  ATTACHMENTS_FIELD,
  canBeAssignee,
  canSeeTicket,
  isTicketOwner,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS_PER_MESSAGE,
  ticketDeskTypes,
  ZCreateTicketRequest,
  ZUpdateTicketRequest,
  type TBusEventOf,
  type TCreateTicketRequest,
  type TTicket,
  type TTicketStatus,
  type TUpdateTicketRequest,
} from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import type { AuditSource } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { fieldError, notFound } from '../../lib/errors.js';
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
import { loadTicket, visibleTicket } from './ticket-reads.service.js';
import { NEW_TICKET, planTicketUpdate } from './ticket-workflow.js';
import { accessShape, presentTicket, ticketState } from './tickets.presenter.js';
import * as repo from './tickets.repository.js';

export const TICKET_UPLOAD_RULES: UploadRules = {
  maxFiles: MAX_ATTACHMENTS_PER_MESSAGE,
  maxBytes: MAX_ATTACHMENT_BYTES,
  allowed: ATTACHMENT_CONTENT_TYPES,
  field: ATTACHMENTS_FIELD,
};

const STATUS_LABEL: Record<TTicketStatus, string> = {
  open: 'open',
  in_progress: 'in progress',
  answered: 'answered',
  closed: 'closed',
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
      internal: false,
      status: NEW_TICKET.status,
      department: req.department,
      owner: user.id,
    } satisfies TBusEventOf<'ticket'>);
    // Read back in the transaction: the thread with its attachments and the desk's SLA targets.
    return (await loadTicket(tx.db, id))!;
  });
}

// ---------------------------------------------------------------- update

/** Only to an active member of the ticket's desk (or to nobody). */
async function checkAssigneeCandidate(db: Tx['db'], t: repo.TicketRow, assignee: number | null) {
  if (assignee === null) return;
  const candidate = await repo.findUserForAssignment(db, assignee);
  if (!candidate || !canBeAssignee(candidate, t.department)) {
    throw fieldError('assignee', "Choose someone on this ticket's desk.");
  }
}

/**
 * A reply and/or a status change and/or an assignment, by the rules of ticket-workflow;
 * notifications, event-log records and the live event go with it in one transaction.
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
    throw fieldError(TICKET_UPLOAD_RULES.field, 'Attachments go with a reply: write one.');
  }
  const files = await checkAttachments(ctx, user, uploads);

  return withTx(ctx, async (tx) => {
    // Locked and checked again: the ticket may have changed since the first look.
    const t = await repo.lockTicket(tx.db, id);
    if (!t || !canSeeTicket(user, accessShape(t))) throw notFound('Ticket not found.');
    const plan = planTicketUpdate(user, ticketState(t), req);
    if (plan.assigning) await checkAssigneeCandidate(tx.db, t, req.assignee!);
    if (plan.noop) return (await loadTicket(tx.db, id))!;
    const { next, deskReply, patch } = plan;

    let replyId: number | null = null;
    if (req.reply !== undefined) {
      replyId = await repo.insertReply(tx.db, {
        ticket_id: id,
        author_id: user.id,
        body: req.reply,
        is_desk: deskReply,
      });
      await storeAttachments(tx, id, replyId, files, user.id);
      await recordEvent(tx.db, source, {
        action: 'ticket.replied',
        targetType: 'ticket',
        targetId: id,
        details: { reply_id: replyId, is_desk: deskReply, attachments: files.length },
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
    if (plan.assigning) {
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
      internal: false,
      status: next,
      department: t.department,
      owner: t.owner_id,
    } satisfies TBusEventOf<'ticket'>);
    return (await loadTicket(tx.db, id))!;
  });
}
