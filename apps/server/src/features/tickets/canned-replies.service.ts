import {
  canEditCannedReply,
  isTicketDesk,
  MAX_CANNED_REPLIES_PER_DESK,
  type TBusEventOf,
  type TCannedRepliesQuery,
  type TCannedReply,
  type TCannedReplyRequest,
  type TTicketDepartment,
  ZCannedRepliesQuery,
  ZCannedReplyRequest,
} from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import type { AuditSource } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { fieldError, forbidden, nonFieldError, notFound, uniqueViolationField } from '../../lib/errors.js';
import { withTx, type Tx } from '../../lib/tx.js';
import { recordEvent } from '../event-logs/index.js';
import * as repo from './canned-replies.repository.js';
import { deskDepartments } from './ticket-reads.service.js';

type Ctx = Pick<AppContext, 'db' | 'bus'>;

export function presentCannedReply(r: repo.CannedReplyRow): TCannedReply {
  return {
    id: r.id,
    department: r.department,
    title: r.title,
    shortcut: r.shortcut,
    body: r.body,
    created_by:
      r.created_by === null || r.author_username === null
        ? null
        : {
            id: r.created_by,
            username: r.author_username,
            first_name: r.author_first_name ?? '',
            last_name: r.author_last_name ?? '',
            user_type: r.author_user_type!,
          },
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

/** What the access rule looks at. */
const accessShape = (r: repo.CannedReplyRow) => ({
  department: r.department,
  created_by: r.created_by === null ? null : { id: r.created_by },
});

const deskNotFound = () => notFound('deskNotFound');

const shortcutTakenError = (shortcut: string) => fieldError('shortcut', 'cannedShortcutTaken', { shortcut });

/** The unique index catches what the check could not (a concurrent write): the same 400. */
async function guardShortcutRace<T>(shortcut: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (uniqueViolationField(err, { [repo.CANNED_SHORTCUT_INDEX]: 'shortcut' })) throw shortcutTakenError(shortcut);
    throw err;
  }
}

/** The count limit and the shortcut of `department` for a reply (not `exceptId`) going there. */
async function checkDesk(tx: Tx, department: TTicketDepartment, shortcut: string, exceptId?: number) {
  await repo.lockDesk(tx.db, department);
  if (exceptId === undefined && (await repo.countCannedReplies(tx.db, department)) >= MAX_CANNED_REPLIES_PER_DESK) {
    throw nonFieldError('cannedRepliesFull', { count: MAX_CANNED_REPLIES_PER_DESK });
  }
  if (await repo.shortcutTaken(tx.db, department, shortcut, exceptId)) throw shortcutTakenError(shortcut);
}

const changed = (tx: Tx, department: TTicketDepartment) =>
  tx.publish({ type: 'desk_settings', department, what: 'canned_replies' } satisfies TBusEventOf<'desk_settings'>);

/** One desk's canned replies, or (no department) those of every desk the caller is on; by title. */
export async function listCannedReplies(ctx: Ctx, user: UserRow, query: TCannedRepliesQuery): Promise<TCannedReply[]> {
  const { department } = ZCannedRepliesQuery.parse(query);
  if (department !== undefined && !isTicketDesk(user, department)) throw deskNotFound();
  const rows = await repo.listCannedReplies(ctx.db, department ? [department] : deskDepartments(user));
  return rows.map(presentCannedReply);
}

/** Any member of the desk adds one; for anyone else the desk does not exist. */
export async function createCannedReply(
  ctx: Ctx,
  user: UserRow,
  input: TCannedReplyRequest,
  source: AuditSource,
): Promise<TCannedReply> {
  const req = ZCannedReplyRequest.parse(input);
  if (!isTicketDesk(user, req.department)) throw deskNotFound();
  return guardShortcutRace(req.shortcut, () =>
    withTx(ctx, async (tx) => {
      await checkDesk(tx, req.department, req.shortcut);
      const id = await repo.insertCannedReply(tx.db, req, user.id);
      await recordEvent(tx.db, source, {
        action: 'canned_reply.created',
        targetType: 'canned_reply',
        targetId: id,
        details: { department: req.department, shortcut: req.shortcut, title: req.title },
      });
      changed(tx, req.department);
      return presentCannedReply((await repo.findCannedReply(tx.db, id))!);
    }),
  );
}

/**
 * The reply if the caller may change it: 404 off its desk (like a missing one), 403 for
 * a desk member who is neither its author nor a manager of the desk.
 */
function editable(user: UserRow, row: repo.CannedReplyRow | undefined): repo.CannedReplyRow {
  if (!row || !isTicketDesk(user, row.department)) throw notFound('cannedReplyNotFound');
  if (!canEditCannedReply(user, accessShape(row))) {
    throw forbidden('cannedReplyNotYours');
  }
  return row;
}

export async function updateCannedReply(
  ctx: Ctx,
  user: UserRow,
  id: number,
  input: TCannedReplyRequest,
  source: AuditSource,
): Promise<TCannedReply> {
  editable(user, await repo.findCannedReply(ctx.db, id));
  const req = ZCannedReplyRequest.parse(input);
  // Moving it to another desk: only to a desk the caller is on too.
  if (!isTicketDesk(user, req.department)) throw deskNotFound();
  return guardShortcutRace(req.shortcut, () =>
    withTx(ctx, async (tx) => {
      // Checked again inside: it may have changed or gone since the first look.
      const before = editable(user, await repo.findCannedReply(tx.db, id));
      const moving = before.department !== req.department;
      await checkDesk(tx, req.department, req.shortcut, moving ? undefined : id);
      await repo.updateCannedReply(tx.db, id, req);
      await recordEvent(tx.db, source, {
        action: 'canned_reply.updated',
        targetType: 'canned_reply',
        targetId: id,
        details: {
          before: { department: before.department, shortcut: before.shortcut, title: before.title },
          after: { department: req.department, shortcut: req.shortcut, title: req.title },
        },
      });
      changed(tx, before.department);
      if (moving) changed(tx, req.department);
      return presentCannedReply((await repo.findCannedReply(tx.db, id))!);
    }),
  );
}

export async function deleteCannedReply(ctx: Ctx, user: UserRow, id: number, source: AuditSource): Promise<void> {
  editable(user, await repo.findCannedReply(ctx.db, id));
  await withTx(ctx, async (tx) => {
    const row = editable(user, await repo.findCannedReply(tx.db, id));
    await repo.deleteCannedReply(tx.db, id);
    await recordEvent(tx.db, source, {
      action: 'canned_reply.deleted',
      targetType: 'canned_reply',
      targetId: id,
      details: { department: row.department, shortcut: row.shortcut, title: row.title },
    });
    changed(tx, row.department);
  });
}
