import { sql, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import {
  LEAVE_HOLDING_STATUSES,
  LEAVE_OPEN_STATUSES,
  type THalfDay,
  type TLeaveStatus,
  type TUserType,
} from '@portal/contracts';
import type { Database } from '../../db/database.js';
import type { DB, LeaveTypesTable } from '../../db/schema.js';

type Db = Database;

// ---------------------------------------------------------------- people

const PERSON = ['id', 'username', 'first_name', 'last_name', 'user_type'] as const;

/** A user as the leave rules see them (their first year bounds the carry-over). */
export function findPerson(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select([...PERSON, 'is_active', 'is_manager', 'is_director', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}
export type PersonRow = NonNullable<Awaited<ReturnType<typeof findPerson>>>;

/** Locks the requester's row: one submission per user at a time, so overlap and balance checks hold. */
export async function lockPerson(db: Db, id: number): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
}

/**
 * Active users who might approve for a department: HR and ADMIN, and the managers and
 * directors of `types` (the department and the groups above it). The caller applies the
 * permissions module to the rows.
 */
export function approverCandidates(db: Db, types: readonly TUserType[]) {
  return db
    .selectFrom('users')
    .select(['id', 'user_type', 'is_manager', 'is_director', 'username'])
    .where('is_active', '=', true)
    .where((eb) =>
      eb.or([
        eb('user_type', 'in', ['HR', 'ADMIN']),
        eb.and([eb('user_type', 'in', [...types]), eb.or([eb('is_manager', '=', true), eb('is_director', '=', true)])]),
      ]),
    )
    .orderBy('id')
    .execute();
}

/** Active users of these types (HR on `awaiting_hr`). */
export async function activeUserIdsOfTypes(db: Db, types: readonly TUserType[]): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('is_active', '=', true)
    .where('user_type', 'in', [...types])
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Active staff per department (the coverage's and the calendar's headcount). */
export async function headcounts(db: Db, departments: readonly TUserType[]): Promise<Map<TUserType, number>> {
  if (departments.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['user_type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('is_active', '=', true)
    .where('user_type', 'in', [...departments])
    .groupBy('user_type')
    .execute();
  return new Map(rows.map((r) => [r.user_type, Number(r.n)]));
}

// ---------------------------------------------------------------- types

export type LeaveTypeRow = Awaited<ReturnType<typeof listTypes>>[number];

const TYPE_COLUMNS = [
  'id',
  'code',
  'name',
  'name_ar',
  'yearly_days',
  'carry_over_max_days',
  'half_days_allowed',
  'attachment_required_after_days',
  'counts_against_balance',
  'requires_hr_confirmation',
  'is_active',
] as const;

export function listTypes(db: Db) {
  return db.selectFrom('leave_types').select(TYPE_COLUMNS).orderBy('id').execute();
}

/**
 * A type by id; `lock` takes its row lock until the transaction ends: `share` for a
 * request checked against its allowance, `update` for HR changing that allowance, so
 * neither checks against figures the other is changing.
 */
export function findType(db: Db, id: number, lock?: 'share' | 'update') {
  const q = db.selectFrom('leave_types').select(TYPE_COLUMNS).where('id', '=', id);
  if (lock === 'share') return q.forShare().executeTakeFirst();
  if (lock === 'update') return q.forUpdate().executeTakeFirst();
  return q.executeTakeFirst();
}

export function insertType(db: Db, values: Insertable<LeaveTypesTable>) {
  return db.insertInto('leave_types').values(values).returning(TYPE_COLUMNS).executeTakeFirstOrThrow();
}

export function updateType(db: Db, id: number, values: Updateable<LeaveTypesTable>) {
  return db
    .updateTable('leave_types')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning(TYPE_COLUMNS)
    .executeTakeFirst();
}

/** The unique index behind "one name per type" (case-insensitive). */
export const LEAVE_TYPE_UNIQUE = { leave_types_name_idx: 'name', leave_types_code_key: 'code' };

// ---------------------------------------------------------------- holidays

export function listHolidays(db: Db, year?: number) {
  let q = db.selectFrom('leave_holidays').select(['id', 'date', 'name', 'name_ar']).orderBy('date');
  if (year !== undefined) q = q.where('date', '>=', `${year}-01-01`).where('date', '<=', `${year}-12-31`);
  return q.execute();
}

/** Holidays between two dates (both included). */
export function holidaysBetween(db: Db, from: string, to: string) {
  return db
    .selectFrom('leave_holidays')
    .select(['date', 'name', 'name_ar'])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .execute();
}

export function insertHoliday(db: Db, date: string, name: string, nameAr: string | null = null) {
  return db
    .insertInto('leave_holidays')
    .values({ date, name, name_ar: nameAr })
    .returning(['id', 'date', 'name', 'name_ar'])
    .executeTakeFirstOrThrow();
}

export function deleteHoliday(db: Db, id: number) {
  return db
    .deleteFrom('leave_holidays')
    .where('id', '=', id)
    .returning(['id', 'date', 'name', 'name_ar'])
    .executeTakeFirst();
}

export const HOLIDAY_UNIQUE = { leave_holidays_date_key: 'date' };

// ---------------------------------------------------------------- requests

export interface NewLeaveRow {
  user_id: number;
  leave_type_id: number;
  start_date: string;
  end_date: string;
  half_day: THalfDay | null;
  days: number;
  reason: string;
  status: TLeaveStatus;
  recorded_by: number | null;
}

export async function insertLeave(db: Db, values: NewLeaveRow, years: ReadonlyMap<number, number>): Promise<number> {
  const row = await db.insertInto('leave_requests').values(values).returning('id').executeTakeFirstOrThrow();
  if (years.size > 0) {
    await db
      .insertInto('leave_request_years')
      .values([...years].map(([year, days]) => ({ leave_id: row.id, year, days })))
      .execute();
  }
  return row.id;
}

export async function insertLeaveEvent(
  db: Db,
  values: { leave_id: number; event: string; actor_id: number | null; comment: string },
): Promise<void> {
  await db.insertInto('leave_events').values(values).execute();
}

export async function linkLeaveAttachment(db: Db, leaveId: number, fileId: number): Promise<number> {
  const row = await db
    .insertInto('leave_attachments')
    .values({ leave_id: leaveId, file_id: fileId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Moves a request from the status its reader saw to the next, only if it is still in it:
 * of two deciders at once exactly one changes the row (the other's UPDATE waits for the
 * first to commit, then matches nothing). Answers whether this call changed it.
 */
export async function moveLeave(db: Db, id: number, from: TLeaveStatus, to: TLeaveStatus): Promise<boolean> {
  const rows = await db
    .updateTable('leave_requests')
    .set({ status: to, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', from)
    .returning('id')
    .execute();
  return rows.length === 1;
}

/** The user's first request holding days (pending, awaiting HR, approved) that shares a day with the range. */
export function findOverlap(db: Db, userId: number, start: string, end: string) {
  return db
    .selectFrom('leave_requests')
    .select(['id', 'start_date', 'end_date'])
    .where('user_id', '=', userId)
    .where('status', 'in', [...LEAVE_HOLDING_STATUSES])
    .where('start_date', '<=', end)
    .where('end_date', '>=', start)
    .orderBy('start_date')
    .executeTakeFirst();
}

/** Days held per group, approved apart from still waiting (numeric sums come as strings). */
const HELD_DAYS = [
  sql<number>`coalesce(sum(y.days) filter (where l.status = 'approved'), 0)`.as('approved'),
  sql<number>`coalesce(sum(y.days) filter (where l.status in (${sql.join([...LEAVE_OPEN_STATUSES])})), 0)`.as(
    'pending',
  ),
] as const;
const asNumbers = <R extends { approved: number; pending: number }>(r: R): R => ({
  ...r,
  approved: Number(r.approved),
  pending: Number(r.pending),
});

/** The working days a request holds per year. */
export async function yearsOfLeave(db: Db, leaveId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('leave_request_years')
    .select(['year', 'days'])
    .where('leave_id', '=', leaveId)
    .execute();
  return new Map(rows.map((r) => [r.year, Number(r.days)]));
}

/** Narrows `usage`: one type, and without one request (the one being decided). */
export interface UsageFilter {
  leaveType?: number;
  exceptLeave?: number;
}

/** Days a user's requests hold per type and year, approved apart from still waiting. */
export async function usage(db: Db, userId: number, fromYear: number, toYear: number, only: UsageFilter = {}) {
  let q = db
    .selectFrom('leave_request_years as y')
    .innerJoin('leave_requests as l', 'l.id', 'y.leave_id')
    .select(['l.leave_type_id', 'y.year', ...HELD_DAYS])
    .where('l.user_id', '=', userId)
    .where('l.status', 'in', [...LEAVE_HOLDING_STATUSES])
    .where('y.year', '>=', fromYear)
    .where('y.year', '<=', toYear);
  if (only.leaveType !== undefined) q = q.where('l.leave_type_id', '=', only.leaveType);
  if (only.exceptLeave !== undefined) q = q.where('l.id', '<>', only.exceptLeave);
  const rows = await q.groupBy(['l.leave_type_id', 'y.year']).execute();
  return rows.map(asNumbers);
}
export type UsageRow = Awaited<ReturnType<typeof usage>>[number];

/**
 * What every user holds of one type per year (approved apart from waiting), with who they
 * are and since when: what a change of its allowance is checked against. By user, then year.
 */
export async function usageOfType(db: Db, typeId: number) {
  const rows = await db
    .selectFrom('leave_request_years as y')
    .innerJoin('leave_requests as l', 'l.id', 'y.leave_id')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.user_id', 'u.username', 'u.first_name', 'u.last_name', 'u.created_at', 'y.year', ...HELD_DAYS])
    .where('l.leave_type_id', '=', typeId)
    .where('l.status', 'in', [...LEAVE_HOLDING_STATUSES])
    .groupBy(['l.user_id', 'u.username', 'u.first_name', 'u.last_name', 'u.created_at', 'y.year'])
    .orderBy('l.user_id')
    .orderBy('y.year')
    .execute();
  return rows.map(asNumbers);
}

type LeaveScope = ExpressionBuilder<DB & { l: DB['leave_requests'] }, 'l'>;

/** A request with its requester, type, recorder, timeline (oldest first) and attachments, in one row. */
function leavesWithEverything(db: Db) {
  return db
    .selectFrom('leave_requests as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .innerJoin('leave_types as t', 't.id', 'l.leave_type_id')
    .leftJoin('users as rb', 'rb.id', 'l.recorded_by')
    .select([
      'l.id',
      'l.user_id',
      'l.leave_type_id',
      'l.start_date',
      'l.end_date',
      'l.half_day',
      'l.days',
      'l.reason',
      'l.status',
      'l.recorded_by',
      'l.created_at',
      'l.updated_at',
      'u.username as user_username',
      'u.first_name as user_first_name',
      'u.last_name as user_last_name',
      'u.user_type as user_user_type',
      't.code as type_code',
      't.name as type_name',
      't.name_ar as type_name_ar',
      't.counts_against_balance as type_counts_against_balance',
      't.requires_hr_confirmation as type_requires_hr_confirmation',
      'rb.username as recorder_username',
      'rb.first_name as recorder_first_name',
      'rb.last_name as recorder_last_name',
      'rb.user_type as recorder_user_type',
    ])
    .select((eb) => [
      jsonArrayFrom(
        (eb as unknown as LeaveScope)
          .selectFrom('leave_events as e')
          .leftJoin('users as a', 'a.id', 'e.actor_id')
          .select([
            'e.id',
            'e.event',
            'e.at',
            'e.comment',
            'e.actor_id',
            'a.username as actor_username',
            'a.first_name as actor_first_name',
            'a.last_name as actor_last_name',
            'a.user_type as actor_user_type',
          ])
          .whereRef('e.leave_id', '=', 'l.id')
          .orderBy('e.id'),
      ).as('timeline'),
      jsonArrayFrom(
        (eb as unknown as LeaveScope)
          .selectFrom('leave_attachments as la')
          .innerJoin('files as f', 'f.id', 'la.file_id')
          .select(['la.id', 'f.filename', 'f.content_type', 'f.size'])
          .whereRef('la.leave_id', '=', 'l.id')
          .orderBy('la.id'),
      ).as('attachments'),
    ]);
}

export type LeaveRow = NonNullable<Awaited<ReturnType<typeof findLeave>>>;

export function findLeave(db: Db, id: number) {
  return leavesWithEverything(db).where('l.id', '=', id).executeTakeFirst();
}

export interface MyLeavesFilter {
  statuses?: readonly TLeaveStatus[];
  /** Only those that ended before this day. */
  endedBefore?: string;
  /** Only those touching this year. */
  year?: number;
}

/** A user's own requests, newest first. */
export function listMine(db: Db, userId: number, f: MyLeavesFilter) {
  let q = leavesWithEverything(db).where('l.user_id', '=', userId);
  if (f.statuses) q = q.where('l.status', 'in', [...f.statuses]);
  if (f.endedBefore) q = q.where('l.end_date', '<', f.endedBefore);
  if (f.year !== undefined)
    q = q.where('l.start_date', '<=', `${f.year}-12-31`).where('l.end_date', '>=', `${f.year}-01-01`);
  return q.orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').execute();
}

/**
 * Requests waiting for the caller: `pending` ones of the departments they approve for,
 * and `awaiting_hr` ones when they confirm for HR; never their own; oldest first.
 */
/** What narrows the approvals inbox (see ZLeaveInboxQuery). */
export interface InboxFilter {
  leaveType?: number;
  department?: TUserType;
  /** Leave ending on or after this day. */
  from?: string;
  /** Leave starting on or before this day. */
  to?: string;
  sort: 'oldest' | 'newest' | 'start';
}

export function listInbox(
  db: Db,
  viewerId: number,
  pendingDepartments: readonly TUserType[],
  confirmsForHr: boolean,
  filter: InboxFilter = { sort: 'oldest' },
) {
  if (pendingDepartments.length === 0 && !confirmsForHr) return Promise.resolve([]);
  let q = leavesWithEverything(db)
    .where('l.user_id', '<>', viewerId)
    .where((eb) => {
      const either = [];
      if (pendingDepartments.length > 0) {
        either.push(eb.and([eb('l.status', '=', 'pending'), eb('u.user_type', 'in', [...pendingDepartments])]));
      }
      if (confirmsForHr) either.push(eb('l.status', '=', 'awaiting_hr'));
      return eb.or(either);
    });
  if (filter.leaveType !== undefined) q = q.where('l.leave_type_id', '=', filter.leaveType);
  if (filter.department !== undefined) q = q.where('u.user_type', '=', filter.department);
  if (filter.from !== undefined) q = q.where('l.end_date', '>=', filter.from);
  if (filter.to !== undefined) q = q.where('l.start_date', '<=', filter.to);
  if (filter.sort === 'newest') q = q.orderBy('l.created_at', 'desc').orderBy('l.id', 'desc');
  else if (filter.sort === 'start') q = q.orderBy('l.start_date').orderBy('l.created_at').orderBy('l.id');
  else q = q.orderBy('l.created_at').orderBy('l.id');
  return q.execute();
}

/**
 * Who of these departments is off between two days: requests holding days (approved and
 * still waiting) of active users, with who and which half day.
 */
export function offBetween(db: Db, departments: readonly TUserType[], from: string, to: string) {
  if (departments.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('leave_requests as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .innerJoin('leave_types as t', 't.id', 'l.leave_type_id')
    .select([
      'l.id',
      'l.user_id',
      't.id as type_id',
      't.code as type_code',
      't.name as type_name',
      't.name_ar as type_name_ar',
      'l.start_date',
      'l.end_date',
      'l.half_day',
      'l.status',
      'u.username',
      'u.first_name',
      'u.last_name',
      'u.user_type',
    ])
    .where('u.is_active', '=', true)
    .where('u.user_type', 'in', [...departments])
    .where('l.status', 'in', [...LEAVE_HOLDING_STATUSES])
    .where('l.start_date', '<=', to)
    .where('l.end_date', '>=', from)
    .orderBy('u.first_name')
    .orderBy('u.last_name')
    .orderBy('l.id')
    .execute();
}
export type OffRow = Awaited<ReturnType<typeof offBetween>>[number];

/** Who approved a request (its approval steps' actors), for telling them it was cancelled. */
export async function approversOf(db: Db, leaveId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('leave_events')
    .select('actor_id')
    .distinct()
    .where('leave_id', '=', leaveId)
    .where('event', 'in', ['approved', 'hr_confirmed'])
    .where('actor_id', 'is not', null)
    .execute();
  return rows.map((r) => r.actor_id!);
}

/** An attachment with its request's requester (the visibility rule looks at them). */
export function findLeaveAttachment(db: Db, id: number) {
  return db
    .selectFrom('leave_attachments as la')
    .innerJoin('leave_requests as l', 'l.id', 'la.leave_id')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['la.id', 'la.file_id', 'l.user_id', 'u.user_type'])
    .where('la.id', '=', id)
    .executeTakeFirst();
}
