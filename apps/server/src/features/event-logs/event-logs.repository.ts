import { sql, type Expression, type Insertable, type SelectQueryBuilder, type SqlBool, type Transaction } from 'kysely';
import type { TEventLogFilter, TUserType } from '@portal/contracts';
import type { Database } from '../../db/database.js';
import { advisoryXactLock } from '../../db/locks.js';
import type { DB, EventLogsTable } from '../../db/schema.js';

// Any constant: serialises appends so the chain has one order on every server.
const CHAIN_LOCK = 727_274_001;

/**
 * Appends one row to the chain inside the caller's transaction: the lock orders appends
 * across servers, then the new row links to the last one (`hash` computed by `link`).
 */
export async function appendEventLog(
  tx: Transaction<DB>,
  fields: Omit<Insertable<EventLogsTable>, 'prev_hash' | 'hash' | 'details'> & { details: Record<string, unknown> },
  link: (prevHash: string | undefined) => { prev_hash: string; hash: string },
): Promise<void> {
  await advisoryXactLock(tx, CHAIN_LOCK);
  const last = await tx.selectFrom('event_logs').select('hash').orderBy('id', 'desc').limit(1).executeTakeFirst();
  await tx
    .insertInto('event_logs')
    .values({ ...fields, details: JSON.stringify(fields.details), ...link(last?.hash) })
    .execute();
}

/** Rows in chain order after `afterId` (verification walks the whole table this way). */
export function eventLogBatchAfter(db: Database, afterId: number, limit: number) {
  return db.selectFrom('event_logs').selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

export interface Keyset {
  at: string;
  id: number;
}

/** 'all', or the departments (user types) whose records a director may read. */
export type EventLogScope = 'all' | readonly TUserType[];

/** A numeric target id as an int4 (or null), so the lookup uses the primary key. */
const targetKey = sql<
  number | null
>`case when event_logs.target_id ~ '^[1-9][0-9]{0,8}$' then event_logs.target_id::int end`;

/** Records of the branch: the actor's type, the target user's type or the target ticket's department. */
function inScope(types: readonly TUserType[]): Expression<SqlBool> {
  const list = sql.join(types.map((t) => sql`${t}`));
  return sql<SqlBool>`(
    exists (select 1 from users a where a.id = event_logs.actor_id and a.user_type in (${list}))
    or (event_logs.target_type = 'user'
        and exists (select 1 from users u where u.id = ${targetKey} and u.user_type in (${list})))
    or (event_logs.target_type = 'ticket'
        and exists (select 1 from tickets t where t.id = ${targetKey} and t.department in (${list})))
  )`;
}

function filtered(
  db: Database,
  f: TEventLogFilter,
  scope: EventLogScope,
): SelectQueryBuilder<DB, 'event_logs', object> {
  let q = db.selectFrom('event_logs');
  if (scope !== 'all') q = q.where(inScope(scope));
  if (f.actor) q = q.where(sql`lower(actor_username)`, '=', f.actor.toLowerCase());
  if (f.action) q = q.where('action', '=', f.action);
  if (f.target_type) q = q.where('target_type', '=', f.target_type);
  if (f.target_id) q = q.where('target_id', '=', f.target_id);
  if (f.from) q = q.where('at', '>=', new Date(f.from));
  if (f.to) q = q.where('at', '<=', new Date(f.to));
  return q;
}

/** People by id, as lists show them (first and last name, else the username): who events name. */
export async function userNames(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name'])
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((u) => ({ id: u.id, name: `${u.first_name} ${u.last_name}`.trim() || u.username }));
}

/** Newest first; keyset on (at, id) so page 1,000 costs what page 1 does. */
export function pageEventLogs(
  db: Database,
  f: TEventLogFilter,
  scope: EventLogScope,
  after: Keyset | null,
  limit: number,
) {
  let q = filtered(db, f, scope);
  if (after) q = q.where(sql<boolean>`(at, id) < (${new Date(after.at)}::timestamptz, ${after.id})`);
  return q
    .select([
      'id',
      'at',
      'actor_id',
      'actor_username',
      'action',
      'target_type',
      'target_id',
      'ip',
      'user_agent',
      'details',
    ])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
