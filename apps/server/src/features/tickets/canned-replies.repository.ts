import { sql } from 'kysely';
import type { TTicketDepartment } from '@portal/contracts';
import type { Database } from '../../db/database.js';

type Db = Database;

/** The unique index behind "one shortcut per desk, whatever the case" (0007-help-desk). */
export const CANNED_SHORTCUT_INDEX = 'canned_replies_shortcut_idx';

function withAuthor(db: Db) {
  return db
    .selectFrom('canned_replies as c')
    .leftJoin('users as u', 'u.id', 'c.created_by')
    .select([
      'c.id',
      'c.department',
      'c.title',
      'c.shortcut',
      'c.body',
      'c.created_by',
      'c.updated_at',
      'u.username as author_username',
      'u.first_name as author_first_name',
      'u.last_name as author_last_name',
      'u.user_type as author_user_type',
    ]);
}

export type CannedReplyRow = NonNullable<Awaited<ReturnType<typeof findCannedReply>>>;

/** The canned replies of these desks, by title. */
export function listCannedReplies(db: Db, departments: readonly TTicketDepartment[]) {
  if (departments.length === 0) return Promise.resolve([]);
  return withAuthor(db)
    .where('c.department', 'in', departments)
    .orderBy(sql`lower(c.title)`)
    .orderBy('c.id')
    .execute();
}

export function findCannedReply(db: Db, id: number) {
  return withAuthor(db).where('c.id', '=', id).executeTakeFirst();
}

/**
 * Serialises changes to one desk's canned replies for this transaction, so the count
 * limit and the shortcut check see every committed change (the unique index stays the
 * last word on shortcuts).
 */
export async function lockDesk(db: Db, department: TTicketDepartment): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`canned_replies:${department}`}))`.execute(db);
}

export async function countCannedReplies(db: Db, department: TTicketDepartment): Promise<number> {
  const r = await db
    .selectFrom('canned_replies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('department', '=', department)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Whether another reply of the desk (not `exceptId`) has this shortcut, whatever the case. */
export async function shortcutTaken(
  db: Db,
  department: TTicketDepartment,
  shortcut: string,
  exceptId?: number,
): Promise<boolean> {
  let q = db
    .selectFrom('canned_replies')
    .select('id')
    .where('department', '=', department)
    .where(sql`lower(shortcut)`, '=', shortcut.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export interface CannedReplyValues {
  department: TTicketDepartment;
  title: string;
  shortcut: string;
  body: string;
}

export async function insertCannedReply(db: Db, values: CannedReplyValues, createdBy: number | null): Promise<number> {
  const row = await db
    .insertInto('canned_replies')
    .values({ ...values, created_by: createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCannedReply(db: Db, id: number, values: CannedReplyValues): Promise<void> {
  await db
    .updateTable('canned_replies')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteCannedReply(db: Db, id: number): Promise<void> {
  await db.deleteFrom('canned_replies').where('id', '=', id).execute();
}
