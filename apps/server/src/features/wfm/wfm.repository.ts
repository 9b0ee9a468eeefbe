import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database.js';

export type Db = Database;

/**
 * Days and shift instants are computed here, in the portal's time zone (`tz`, an IANA
 * name checked at start), so daylight-saving days are as long as they really are.
 */

// ---------------------------------------------------------------- the clock

/** The database's now, today's date and the current hour in `tz`. */
export async function clock(db: Db, tz: string): Promise<{ now: Date; today: string; hour: number }> {
  const { rows } = await sql<{ now: Date; today: string; hour: number }>`
    select now() as now, (now() at time zone ${tz})::date::text as today,
           extract(hour from now() at time zone ${tz})::int as hour`.execute(db);
  return rows[0]!;
}

/** Each day of [from, to] with its bounds in `tz`. */
export async function daysBetween(db: Db, from: string, to: string, tz: string) {
  const { rows } = await sql<{ date: string; starts_at: Date; ends_at: Date }>`
    select d::date::text as date,
           (d::date::timestamp at time zone ${tz}) as starts_at,
           ((d::date + 1)::timestamp at time zone ${tz}) as ends_at
    from generate_series(${from}::date, ${to}::date, interval '1 day') as d
    order by d`.execute(db);
  return rows;
}

/** Which of these users have a shift running now (by the database's clock). */
export async function onShiftNow(db: Db, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('shifts')
    .select('user_id')
    .distinct()
    .where('user_id', 'in', [...userIds])
    .where('starts_at', '<=', sql<Date>`now()`)
    .where('ends_at', '>', sql<Date>`now()`)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

// ---------------------------------------------------------------- interpreters

/** Active interpreters among these usernames: username → id. */
export async function interpreterIds(db: Db, usernames: readonly string[]): Promise<Map<string, number>> {
  if (usernames.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username', 'in', [...usernames])
    .where('user_type', '=', 'INTERPRETER')
    .where('is_active', '=', true)
    .execute();
  return new Map(rows.map((r) => [r.username, r.id]));
}

// ---------------------------------------------------------------- shifts

/**
 * `start`–`end` on `date` in `tz` as instants (an end not after the start is on the next
 * day); the arguments are SQL of a date and two times (values or columns).
 */
function instants(
  date: RawBuilder<unknown>,
  start: RawBuilder<unknown>,
  end: RawBuilder<unknown>,
  tz: string,
): { starts_at: RawBuilder<Date>; ends_at: RawBuilder<Date> } {
  return {
    starts_at: sql<Date>`((${date} + ${start}) at time zone ${tz})`,
    ends_at: sql<Date>`((${date} + case when ${end} <= ${start} then 1 else 0 end + ${end}) at time zone ${tz})`,
  };
}
/** Instants of literal values. */
const instantsOf = (date: string, start: string, end: string, tz: string) =>
  instants(sql`${date}::date`, sql`${start}::time`, sql`${end}::time`, tz);

const SHIFT = [
  's.id',
  'u.username',
  'u.first_name',
  'u.last_name',
  sql<string>`s.shift_date::text`.as('date'),
  's.start_time',
  's.end_time',
  's.starts_at',
  's.ends_at',
  's.note',
  's.updated_at',
  's.user_id',
] as const;

function shiftsQuery(db: Db) {
  return db.selectFrom('shifts as s').innerJoin('users as u', 'u.id', 's.user_id').select(SHIFT);
}

/** Shifts starting on a day in [from, to], by day then name. */
export function listShifts(db: Db, from: string, to: string, userId?: number) {
  let q = shiftsQuery(db)
    .where('s.shift_date', '>=', sql<string>`${from}::date`)
    .where('s.shift_date', '<=', sql<string>`${to}::date`);
  if (userId !== undefined) q = q.where('s.user_id', '=', userId);
  return q.orderBy('s.shift_date').orderBy('s.starts_at').orderBy('u.first_name').orderBy('u.last_name').execute();
}
export type ShiftRow = Awaited<ReturnType<typeof listShifts>>[number];

/**
 * Interpreters' shifts on days in [from, to] that have started by the database's clock,
 * with the seconds of each already passed (the schedule adherence is measured against).
 */
export function startedInterpreterShifts(db: Db, from: string, to: string) {
  return db
    .selectFrom('shifts as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.user_id',
      's.starts_at',
      's.ends_at',
      sql<string>`extract(epoch from least(s.ends_at, now()) - s.starts_at)`.as('due_seconds'),
    ])
    .where('u.user_type', '=', 'INTERPRETER')
    .where('s.shift_date', '>=', sql<string>`${from}::date`)
    .where('s.shift_date', '<=', sql<string>`${to}::date`)
    .where('s.starts_at', '<', sql<Date>`now()`)
    .execute();
}

export function findShift(db: Db, id: number) {
  return shiftsQuery(db).where('s.id', '=', id).executeTakeFirst();
}

/** Advisory locks are taken in this space with the interpreter's id (two-key form: apart from one-key locks). */
const PLAN_LOCK_SPACE = 2010;

/**
 * Serialises writes to these interpreters' schedules until the transaction ends, so an
 * overlap check and the write after it cannot interleave with another planner's (in id
 * order: two imports never wait on each other crosswise).
 */
export async function lockSchedules(db: Db, userIds: readonly number[]): Promise<void> {
  for (const id of [...new Set(userIds)].sort((a, b) => a - b)) {
    await sql`select pg_advisory_xact_lock(${PLAN_LOCK_SPACE}::int, ${id}::int)`.execute(db);
  }
}

/**
 * The first of the interpreter's shifts (other than `exceptId`) whose time overlaps
 * `start`–`end` on `date` in `tz` (touching ends do not overlap: 08:00–12:00 and 12:00–16:00).
 */
export function overlappingShift(
  db: Db,
  v: { user_id: number; date: string; start: string; end: string },
  tz: string,
  exceptId?: number,
) {
  const at = instantsOf(v.date, v.start, v.end, tz);
  let q = db
    .selectFrom('shifts as s')
    .select([sql<string>`s.shift_date::text`.as('date'), 's.start_time', 's.end_time'])
    .where('s.user_id', '=', v.user_id)
    .where('s.starts_at', '<', at.ends_at)
    .where('s.ends_at', '>', at.starts_at);
  if (exceptId !== undefined) q = q.where('s.id', '<>', exceptId);
  return q.orderBy('s.starts_at').executeTakeFirst();
}

export interface ShiftValues {
  start: string;
  end: string;
  note: string;
}

export async function insertShift(
  db: Db,
  v: ShiftValues & { user_id: number; date: string },
  tz: string,
  by: number,
): Promise<number> {
  const row = await db
    .insertInto('shifts')
    .values({
      user_id: v.user_id,
      shift_date: sql<string>`${v.date}::date`,
      start_time: v.start,
      end_time: v.end,
      ...instantsOf(v.date, v.start, v.end, tz),
      note: v.note,
      updated_by: by,
      updated_at: sql`now()`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** New times, day and person for a shift (a move when they differ); false when there is no such shift. */
export async function updateShift(
  db: Db,
  id: number,
  v: ShiftValues & { user_id: number; date: string },
  tz: string,
  by: number,
): Promise<boolean> {
  const r = await db
    .updateTable('shifts')
    .set({
      user_id: v.user_id,
      shift_date: sql<string>`${v.date}::date`,
      start_time: v.start,
      end_time: v.end,
      ...instantsOf(v.date, v.start, v.end, tz),
      note: v.note,
      updated_by: by,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteShift(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('shifts').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export interface ImportRow extends ShiftValues {
  user_id: number;
  date: string;
}

/** Each row's instants in `tz`, in the rows' order (ms since the epoch). */
export async function rowInstants(db: Db, rows: readonly ImportRow[], tz: string) {
  if (rows.length === 0) return [];
  const col = <K extends keyof ImportRow>(k: K) => rows.map((r) => r[k]);
  const at = instants(sql`x.d`, sql`x.start_time::time`, sql`x.end_time::time`, tz);
  const { rows: out } = await sql<{ n: number; starts_at: Date; ends_at: Date }>`
    select x.n::int as n, ${at.starts_at} as starts_at, ${at.ends_at} as ends_at
    from unnest(${col('date')}::date[], ${col('start')}::text[], ${col('end')}::text[])
      with ordinality as x(d, start_time, end_time, n)
    order by x.n`.execute(db);
  return out.map((r) => ({ from: new Date(r.starts_at).getTime(), to: new Date(r.ends_at).getTime() }));
}

/** These interpreters' shifts starting on days in [from, to] (the days an import touches and their neighbours). */
export function shiftsOfUsers(db: Db, userIds: readonly number[], from: string, to: string) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('shifts as s')
    .select([
      's.id',
      's.user_id',
      sql<string>`s.shift_date::text`.as('date'),
      's.start_time',
      's.end_time',
      's.starts_at',
      's.ends_at',
    ])
    .where('s.user_id', 'in', [...new Set(userIds)])
    .where('s.shift_date', '>=', sql<string>`${from}::date`)
    .where('s.shift_date', '<=', sql<string>`${to}::date`)
    .orderBy('s.starts_at')
    .execute();
}

/**
 * The rows become the whole plan of each (interpreter, day) they name: that day's shifts
 * are deleted and the rows written (an import, the demo). Answers how many were deleted.
 */
export async function replaceShiftDays(db: Db, rows: readonly ImportRow[], tz: string, by: number): Promise<number> {
  if (rows.length === 0) return 0;
  const col = <K extends keyof ImportRow>(k: K) => rows.map((r) => r[k]);
  const deleted = await sql`
    delete from shifts s
    using (select distinct user_id, d from unnest(${col('user_id')}::int[], ${col('date')}::date[]) as x(user_id, d)) x
    where s.user_id = x.user_id and s.shift_date = x.d`.execute(db);
  const at = instants(sql`x.d`, sql`x.start_time::time`, sql`x.end_time::time`, tz);
  await sql`
    insert into shifts (user_id, shift_date, start_time, end_time, starts_at, ends_at, note, updated_by, updated_at)
    select x.user_id, x.d, x.start_time, x.end_time,
           ${at.starts_at}, ${at.ends_at},
           x.note, ${by}::int, now()
    from unnest(${col('user_id')}::int[], ${col('date')}::date[], ${col('start')}::text[], ${col('end')}::text[],
                ${col('note')}::text[]) as x(user_id, d, start_time, end_time, note)`.execute(db);
  return Number(deleted.numAffectedRows ?? 0);
}

// ---------------------------------------------------------------- staffing

const STAFFING = ['language_key', 'language', 'hours', 'updated_at'] as const;

export function listStaffing(db: Db) {
  return db.selectFrom('staffing_requirements').select(STAFFING).orderBy('language').execute();
}
export type StaffingRow = Awaited<ReturnType<typeof listStaffing>>[number];

export async function upsertStaffing(
  db: Db,
  key: string,
  language: string,
  hours: number[],
  by: number,
): Promise<void> {
  const values = { language, hours: sql<number[]>`${hours}::int[]`, updated_by: by, updated_at: sql<Date>`now()` };
  await db
    .insertInto('staffing_requirements')
    .values({ language_key: key, ...values })
    .onConflict((oc) => oc.column('language_key').doUpdateSet(values))
    .execute();
}

export async function deleteStaffing(db: Db, key: string): Promise<boolean> {
  const r = await db.deleteFrom('staffing_requirements').where('language_key', '=', key).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
