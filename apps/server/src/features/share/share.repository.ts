import { sql, type ExpressionBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { TShareCallStatus, TShareEndReason, TShareSignal, TUserType } from '@portal/contracts';
import type { Database } from '../../db/database.js';
import type { DB, UserRow } from '../../db/schema.js';

/** A connection counts as online while its server has vouched for it within this many seconds. */
export const ENDPOINT_FRESH_SECONDS = 75;
const fresh = sql<Date>`now() - make_interval(secs => ${ENDPOINT_FRESH_SECONDS})`;

// ---- live connections -------------------------------------------------------------

export async function insertEndpoint(db: Database, id: string, userId: number): Promise<void> {
  await db.insertInto('share_endpoints').values({ id, user_id: userId }).execute();
}

export async function deleteEndpoint(db: Database, id: string): Promise<void> {
  await db.deleteFrom('share_endpoints').where('id', '=', id).execute();
}

/** The heartbeat of one server's connections; stale rows of vanished servers are dropped. */
export async function touchEndpoints(db: Database, ids: string[]): Promise<void> {
  if (ids.length > 0)
    await db
      .updateTable('share_endpoints')
      .set({ seen_at: sql`now()` })
      .where('id', 'in', ids)
      .execute();
  await db
    .deleteFrom('share_endpoints')
    .where('seen_at', '<', sql<Date>`now() - interval '10 minutes'`)
    .execute();
}

/** Whether `id` is a live connection of `userId`. */
export async function isLiveEndpointOf(db: Database, id: string, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('share_endpoints')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('seen_at', '>', fresh)
    .executeTakeFirst();
  return !!row;
}

/** The user's most recently opened live connection (where a call with consent given at hiring starts). */
export async function newestEndpointOf(db: Database, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('share_endpoints')
    .select('id')
    .where('user_id', '=', userId)
    .where('seen_at', '>', fresh)
    .orderBy('opened_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

// ---- people -----------------------------------------------------------------------

const onlineExpr = (eb: ExpressionBuilder<DB & { u: DB['users'] }, 'u'>) =>
  eb
    .exists(
      eb
        .selectFrom('share_endpoints as se')
        .select('se.id')
        .whereRef('se.user_id', '=', 'u.id')
        .where('se.seen_at', '>', fresh),
    )
    .as('online');

const consentExpr = (eb: ExpressionBuilder<DB & { u: DB['users'] }, 'u'>) =>
  eb
    .selectFrom('share_consent as sc')
    .select('sc.consent_at_hiring')
    .whereRef('sc.user_id', '=', 'u.id')
    .as('consent_at_hiring');

const viewersExpr = (eb: ExpressionBuilder<DB & { u: DB['users'] }, 'u'>) =>
  eb
    .selectFrom('share_calls as c')
    .select(eb.fn.countAll<number>().as('n'))
    .whereRef('c.target_id', '=', 'u.id')
    .where('c.status', 'in', ['requested', 'active'])
    .as('viewers');

export interface CandidateRow {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  user_type: TUserType;
  online: boolean;
  consent_at_hiring: boolean | null;
  viewers: number | string;
}

/**
 * Active people of the given types (never `exceptId`), online first, then by name;
 * with whether each is online, their consent setting, and their open calls.
 */
export async function findCandidates(
  db: Database,
  f: { types: TUserType[]; exceptId: number; search?: string; limit: number },
): Promise<CandidateRow[]> {
  if (f.types.length === 0) return [];
  let q = db
    .selectFrom('users as u')
    .select(['u.id', 'u.username', 'u.first_name', 'u.last_name', 'u.user_type'])
    .select((eb) => [onlineExpr(eb), consentExpr(eb), viewersExpr(eb)])
    .where('u.is_active', '=', true)
    .where('u.user_type', 'in', f.types)
    .where('u.id', '!=', f.exceptId);
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([eb('u.username', 'ilike', like), eb(sql<string>`u.first_name || ' ' || u.last_name`, 'ilike', like)]),
    );
  }
  return (await q
    .orderBy('online', 'desc')
    .orderBy('u.first_name')
    .orderBy('u.last_name')
    .orderBy('u.username')
    .limit(f.limit)
    .execute()) as CandidateRow[];
}

/** One active user by username, with what the share rules need. */
export async function findPerson(db: Database, username: string): Promise<(CandidateRow & UserRow) | undefined> {
  return (await db
    .selectFrom('users as u')
    .selectAll('u')
    .select((eb) => [onlineExpr(eb), consentExpr(eb), viewersExpr(eb)])
    .where('u.username', '=', username)
    .where('u.is_active', '=', true)
    .executeTakeFirst()) as (CandidateRow & UserRow) | undefined;
}

export async function upsertConsent(db: Database, userId: number, consent: boolean, setBy: number): Promise<void> {
  await db
    .insertInto('share_consent')
    .values({ user_id: userId, consent_at_hiring: consent, set_by: setBy, set_at: sql`now()` })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ consent_at_hiring: consent, set_by: setBy, set_at: sql`now()` }),
    )
    .execute();
}

// ---- calls ------------------------------------------------------------------------

/**
 * Serialises the limit check of one target across servers: the target's user row is
 * locked for the rest of the transaction, so two requests cannot both see a free place.
 */
export async function lockTarget(db: Database, targetId: number): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', targetId).forUpdate().execute();
}

export interface OpenCallRow {
  id: number;
  viewer_id: number;
  status: TShareCallStatus;
  requested_at: Date;
  started_at: Date | null;
  max_seconds: number;
}

export async function openCallsOf(db: Database, targetId: number): Promise<OpenCallRow[]> {
  return db
    .selectFrom('share_calls')
    .select(['id', 'viewer_id', 'status', 'requested_at', 'started_at', 'max_seconds'])
    .where('target_id', '=', targetId)
    .where('status', 'in', ['requested', 'active'])
    .execute();
}

export async function insertCall(
  db: Database,
  v: {
    viewer_id: number;
    target_id: number;
    reason: string;
    consent: 'ask' | 'notice';
    viewer_endpoint: string;
    target_endpoint: string | null;
    max_seconds: number;
    active: boolean;
  },
): Promise<number> {
  const { active, ...values } = v;
  const row = await db
    .insertInto('share_calls')
    .values({ ...values, status: active ? 'active' : 'requested', started_at: active ? sql`now()` : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Requested → active, bound to the target's connection; false when it was no longer requested. */
export async function acceptCall(db: Database, id: number, targetEndpoint: string): Promise<boolean> {
  const r = await db
    .updateTable('share_calls')
    .set({ status: 'active', started_at: sql`now()`, target_endpoint: targetEndpoint })
    .where('id', '=', id)
    .where('status', '=', 'requested')
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/**
 * Ends an open call (conditional, so two enders — both parties, a sweep and a click —
 * record one end). The status follows from how: declined, missed (unanswered), or ended.
 */
export async function endCall(
  db: Database,
  id: number,
  how: { reason: TShareEndReason; by: number | null; note?: string | null },
  from: TShareCallStatus[] = ['requested', 'active'],
): Promise<boolean> {
  const status: TShareCallStatus =
    how.reason === 'declined' ? 'declined' : how.reason === 'unanswered' ? 'missed' : 'ended';
  const r = await db
    .updateTable('share_calls')
    .set({
      status,
      ended_at: sql`now()`,
      ended_by: how.by,
      end_reason: how.reason,
      decline_note: how.note ?? null,
    })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export interface DueCallRow {
  id: number;
  viewer_id: number;
  target_id: number;
  status: TShareCallStatus;
}

/** Active calls past their length limit, and requests nobody answered within `answerSeconds`. */
export async function findDueCalls(db: Database, answerSeconds: number): Promise<DueCallRow[]> {
  return db
    .selectFrom('share_calls')
    .select(['id', 'viewer_id', 'target_id', 'status'])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('status', '=', 'active'),
          eb('started_at', '<=', sql<Date>`now() - make_interval(secs => max_seconds)`),
        ]),
        eb.and([
          eb('status', '=', 'requested'),
          eb('requested_at', '<=', sql<Date>`now() - make_interval(secs => ${answerSeconds})`),
        ]),
      ]),
    )
    .limit(100)
    .execute();
}

/**
 * Open calls bound to a connection that closed, or (`endpoint` null) one no server has
 * vouched for lately: its server vanished, and the call must not hold a viewer's place
 * until the stale row is pruned.
 */
export async function findOrphanedCalls(db: Database, endpoint: string | null): Promise<DueCallRow[]> {
  return db
    .selectFrom('share_calls as c')
    .select(['c.id', 'c.viewer_id', 'c.target_id', 'c.status'])
    .where('c.status', 'in', ['requested', 'active'])
    .where((eb) =>
      endpoint !== null
        ? eb.or([eb('c.viewer_endpoint', '=', endpoint), eb('c.target_endpoint', '=', endpoint)])
        : eb.or([
            eb.not(
              eb.exists(
                eb
                  .selectFrom('share_endpoints as e')
                  .select('e.id')
                  .whereRef('e.id', '=', 'c.viewer_endpoint')
                  .where('e.seen_at', '>', fresh),
              ),
            ),
            eb.and([
              eb('c.target_endpoint', 'is not', null),
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('share_endpoints as e')
                    .select('e.id')
                    .whereRef('e.id', '=', 'c.target_endpoint')
                    .where('e.seen_at', '>', fresh),
                ),
              ),
            ]),
          ]),
    )
    .limit(100)
    .execute();
}

export interface CallRow {
  id: number;
  viewer_id: number;
  viewer_username: string;
  viewer_first_name: string;
  viewer_last_name: string;
  viewer_user_type: TUserType;
  target_id: number;
  target_username: string;
  target_first_name: string;
  target_last_name: string;
  target_user_type: TUserType;
  ender_id: number | null;
  ender_username: string | null;
  ender_first_name: string | null;
  ender_last_name: string | null;
  ender_user_type: TUserType | null;
  reason: string;
  status: TShareCallStatus;
  consent: 'ask' | 'notice';
  viewer_endpoint: string;
  target_endpoint: string | null;
  max_seconds: number;
  requested_at: Date;
  started_at: Date | null;
  ended_at: Date | null;
  now: Date;
  end_reason: TShareEndReason | null;
  decline_note: string | null;
  snapshots: { id: number; taken_at: string; size: number }[];
}

function callsQuery(db: Database) {
  return db
    .selectFrom('share_calls as c')
    .innerJoin('users as v', 'v.id', 'c.viewer_id')
    .innerJoin('users as t', 't.id', 'c.target_id')
    .leftJoin('users as e', 'e.id', 'c.ended_by')
    .select([
      'c.id',
      'c.viewer_id',
      'v.username as viewer_username',
      'v.first_name as viewer_first_name',
      'v.last_name as viewer_last_name',
      'v.user_type as viewer_user_type',
      'c.target_id',
      't.username as target_username',
      't.first_name as target_first_name',
      't.last_name as target_last_name',
      't.user_type as target_user_type',
      'e.id as ender_id',
      'e.username as ender_username',
      'e.first_name as ender_first_name',
      'e.last_name as ender_last_name',
      'e.user_type as ender_user_type',
      'c.reason',
      'c.status',
      'c.consent',
      'c.viewer_endpoint',
      'c.target_endpoint',
      'c.max_seconds',
      'c.requested_at',
      'c.started_at',
      'c.ended_at',
      'c.end_reason',
      'c.decline_note',
      sql<Date>`now()`.as('now'),
    ])
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom('share_snapshots as s')
          .innerJoin('files as f', 'f.id', 's.file_id')
          .select(['s.id', 's.taken_at', 'f.size'])
          .whereRef('s.call_id', '=', 'c.id')
          .orderBy('s.id'),
      ).as('snapshots'),
    );
}

export async function findCall(db: Database, id: number): Promise<CallRow | undefined> {
  return (await callsQuery(db).where('c.id', '=', id).executeTakeFirst()) as CallRow | undefined;
}

export interface CallsFilter {
  scope: 'all' | { departments: TUserType[]; interpreters: boolean };
  status?: TShareCallStatus;
  search?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/** One page of the audit list, newest first, with the total, in one round trip. */
export async function listCalls(db: Database, f: CallsFilter): Promise<{ rows: CallRow[]; count: number }> {
  const rows = (await callsQuery(db)
    .select(sql<number>`count(*) over ()`.as('total'))
    .$call((q) => {
      let r = q;
      const scope = f.scope;
      if (scope !== 'all') {
        r = r.where((eb) =>
          eb.or([
            ...(scope.departments.length
              ? [eb('v.user_type', 'in', scope.departments), eb('t.user_type', 'in', scope.departments)]
              : []),
            ...(scope.interpreters ? [eb('t.user_type', '=', 'INTERPRETER')] : []),
            eb.lit(false),
          ]),
        );
      }
      if (f.status) r = r.where('c.status', '=', f.status);
      if (f.from) r = r.where('c.requested_at', '>=', sql<Date>`${f.from}::date`);
      if (f.to) r = r.where('c.requested_at', '<', sql<Date>`${f.to}::date + 1`);
      if (f.search) {
        const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        r = r.where((eb) =>
          eb.or([
            eb('v.username', 'ilike', like),
            eb('t.username', 'ilike', like),
            eb(sql<string>`v.first_name || ' ' || v.last_name`, 'ilike', like),
            eb(sql<string>`t.first_name || ' ' || t.last_name`, 'ilike', like),
          ]),
        );
      }
      return r;
    })
    .orderBy('c.requested_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute()) as (CallRow & { total: number | string })[];
  return { rows, count: rows.length ? Number(rows[0]!.total) : 0 };
}

export async function insertSnapshot(db: Database, callId: number, fileId: number, by: number): Promise<number> {
  const row = await db
    .insertInto('share_snapshots')
    .values({ call_id: callId, file_id: fileId, taken_by: by })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findSnapshotFile(db: Database, callId: number, snapshotId: number): Promise<number | null> {
  const row = await db
    .selectFrom('share_snapshots')
    .select('file_id')
    .where('id', '=', snapshotId)
    .where('call_id', '=', callId)
    .executeTakeFirst();
  return row?.file_id ?? null;
}

export async function countSnapshots(db: Database, callId: number): Promise<number> {
  const row = await db
    .selectFrom('share_snapshots')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('call_id', '=', callId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- signals ----------------------------------------------------------------------

export async function insertSignal(
  db: Database,
  v: { call_id: number; to_endpoint: string; from_user: number; signal: TShareSignal },
): Promise<string> {
  const row = await db
    .insertInto('share_signals')
    .values({ ...v, signal: JSON.stringify(v.signal) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export async function findSignal(db: Database, id: number) {
  return db
    .selectFrom('share_signals as s')
    .innerJoin('users as u', 'u.id', 's.from_user')
    .select(['s.id', 's.call_id', 's.to_endpoint', 's.signal', 'u.username as from_username'])
    .where('s.id', '=', String(id))
    .executeTakeFirst();
}

/** Signals are only needed while they travel: older ones go. */
export async function pruneSignals(db: Database): Promise<void> {
  await db
    .deleteFrom('share_signals')
    .where('created_at', '<', sql<Date>`now() - interval '5 minutes'`)
    .execute();
}

/** Demo data: a past call as it would have been recorded. */
export async function insertPastCall(
  db: Database,
  v: {
    viewer_id: number;
    target_id: number;
    reason: string;
    consent: 'ask' | 'notice';
    status: TShareCallStatus;
    end_reason: TShareEndReason;
    ended_by: number | null;
    requested_at: Date;
    started_at: Date | null;
    ended_at: Date;
    decline_note?: string | null;
  },
): Promise<number> {
  const row = await db
    .insertInto('share_calls')
    .values({
      ...v,
      decline_note: v.decline_note ?? null,
      viewer_endpoint: '00000000-0000-0000-0000-000000000000',
      target_endpoint: null,
      max_seconds: 1800,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
