import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type InsertObject,
  type SqlBool,
  type UpdateObject,
} from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import {
  ACTIVE_TICKETS_COUNT_CAP,
  type TTicketDepartment,
  type TTicketPriority,
  type TTicketScope,
  type TTicketSort,
  type TTicketStatus,
  type TUserType,
} from '@portal/contracts';
import type { Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { NEW_TICKET, Stamp, TicketPatch } from './ticket-workflow.js';

type Db = Database;

/** Whose tickets a query covers: the caller's own, and those of the departments on their desk. */
export interface Visibility {
  viewerId: number;
  /** Departments whose desk the viewer is on (from the permissions module). */
  deskDepartments: readonly TTicketDepartment[];
  /** Departments whose internal notes the viewer sees (canSeeInternalNotes). */
  notes: NoteReader;
  scope: TTicketScope;
}

/**
 * Whose internal notes a read includes: those of tickets of these departments (the
 * departments where the reader is the desk). Decided per ticket, so one list may mix
 * tickets the reader owns (notes hidden) with tickets of their desk (notes shown).
 */
export type NoteReader = readonly TTicketDepartment[];

/** The reply aliased `r` is one the reader of ticket `t` may see. */
function replyShown(notes: NoteReader, r = 'r'): Expression<SqlBool> {
  const internal = sql.ref(`${r}.internal`);
  if (notes.length === 0) return sql<SqlBool>`not ${internal}`;
  return sql<SqlBool>`(not ${internal} or t.department in (${sql.join(notes)}))`;
}

function ticketsWithOwner(db: Db) {
  return (
    db
      .selectFrom('tickets as t')
      .innerJoin('users as o', 'o.id', 't.owner_id')
      .leftJoin('users as asg', 'asg.id', 't.assignee_id')
      // The desk's targets for the ticket's priority: changed targets apply to open tickets too.
      .leftJoin('ticket_sla_targets as sla', (j) =>
        j.onRef('sla.department', '=', 't.department').onRef('sla.priority', '=', 't.priority'),
      )
      .select([
        't.id',
        't.owner_id',
        't.department',
        't.subject',
        't.description',
        't.priority',
        't.status',
        't.created_at',
        't.updated_at',
        't.first_response_at',
        't.closed_at',
        't.waiting_since',
        'o.username as owner_username',
        'o.first_name as owner_first_name',
        'o.last_name as owner_last_name',
        'o.user_type as owner_user_type',
        't.assignee_id',
        'asg.username as assignee_username',
        'asg.first_name as assignee_first_name',
        'asg.last_name as assignee_last_name',
        'asg.user_type as assignee_user_type',
        'sla.first_response_minutes as sla_first_response_minutes',
        'sla.resolution_minutes as sla_resolution_minutes',
      ])
  );
}

export type TicketRow = NonNullable<Awaited<ReturnType<typeof findTicket>>>;

export function findTicket(db: Db, id: number) {
  return ticketsWithOwner(db).where('t.id', '=', id).executeTakeFirst();
}

/** The ticket row locked for this transaction (concurrent updates apply one after the other). */
export function lockTicket(db: Db, id: number) {
  return ticketsWithOwner(db).where('t.id', '=', id).forUpdate('t').executeTakeFirst();
}

/**
 * Several ticket rows locked for this transaction, in id order: two requests locking
 * overlapping sets take the locks in the same order and so never deadlock.
 */
export function lockTickets(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return ticketsWithOwner(db).where('t.id', 'in', ids).orderBy('t.id').forUpdate('t').execute();
}

const stamp = (s: Stamp) => (s === 'now' ? sql<Date>`now()` : null);

/** A workflow patch as columns: stamps become the database's own clock (one clock for every server). */
function columns(patch: TicketPatch): UpdateObject<DB, 'tickets'> {
  const { first_response_at, waiting_since, closed_at, ...rest } = patch;
  const set: UpdateObject<DB, 'tickets'> = { ...rest };
  if (first_response_at !== undefined) set.first_response_at = stamp(first_response_at);
  if (waiting_since !== undefined) set.waiting_since = stamp(waiting_since);
  if (closed_at !== undefined) set.closed_at = stamp(closed_at);
  return set;
}

export interface NewTicketRow {
  owner_id: number;
  department: TTicketDepartment;
  subject: string;
  description: string;
  priority: TTicketPriority;
}

export function insertTicket(db: Db, values: NewTicketRow, initial: typeof NEW_TICKET) {
  return db
    .insertInto('tickets')
    .values({ ...values, ...(columns(initial) as InsertObject<DB, 'tickets'>) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Applies a patch; `touch` moves `updated_at` (the activity everyone who sees the ticket sees). */
export async function updateTicket(db: Db, id: number, patch: TicketPatch, touch = true): Promise<void> {
  const set = touch ? { ...columns(patch), updated_at: sql<Date>`now()` } : columns(patch);
  if (Object.keys(set).length === 0) return;
  await db.updateTable('tickets').set(set).where('id', '=', id).execute();
}

export async function insertReply(db: Db, values: InsertObject<DB, 'ticket_replies'>): Promise<number> {
  const row = await db.insertInto('ticket_replies').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function linkAttachment(
  db: Db,
  ticketId: number,
  replyId: number | null,
  fileId: number,
): Promise<number> {
  const row = await db
    .insertInto('ticket_attachments')
    .values({ ticket_id: ticketId, reply_id: replyId, file_id: fileId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const ATTACHMENT_COLUMNS = ['ta.id', 'ta.ticket_id', 'ta.reply_id', 'f.filename', 'f.content_type', 'f.size'] as const;
const REPLY_COLUMNS = [
  'r.id',
  'r.ticket_id',
  'r.body',
  'r.is_desk',
  'r.internal',
  'r.created_at',
  'a.id as author_id',
  'a.username as author_username',
  'a.first_name as author_first_name',
  'a.last_name as author_last_name',
  'a.user_type as author_user_type',
] as const;

type Outer = ExpressionBuilder<DB & { r: DB['ticket_replies'] }, 'r'>;

/** A reply's attachments, as a JSON array inside the reply's row. */
const replyAttachments = (eb: Outer) =>
  jsonArrayFrom(
    eb
      .selectFrom('ticket_attachments as ta')
      .innerJoin('files as f', 'f.id', 'ta.file_id')
      .select(ATTACHMENT_COLUMNS)
      .whereRef('ta.reply_id', '=', 'r.id')
      .orderBy('ta.id'),
  ).as('attachments');

type TicketScope = ExpressionBuilder<DB & { t: DB['tickets']; o: DB['users'] }, 't' | 'o'>;

/** Active users of these types, by name (the desk of a department). */
export function activeUsersOfTypes(db: Db, types: readonly TUserType[]) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name', 'user_type'])
    .where('is_active', '=', true)
    .where('user_type', 'in', types)
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('username')
    .execute();
}

/** A user who may take a ticket: active, with their type (the desk rule is the caller's). */
export function findUserForAssignment(db: Db, id: number) {
  return db.selectFrom('users').select(['id', 'user_type', 'is_active']).where('id', '=', id).executeTakeFirst();
}

/**
 * A ticket's whole thread as columns of its own row (one query for any number of
 * tickets): its own attachments, and its replies, oldest first, each with attachments.
 */
const threadColumns = (notes: NoteReader) => (eb: TicketScope) => {
  return [
    jsonArrayFrom(
      eb
        .selectFrom('ticket_attachments as ta')
        .innerJoin('files as f', 'f.id', 'ta.file_id')
        .select(ATTACHMENT_COLUMNS)
        .whereRef('ta.ticket_id', '=', 't.id')
        .where('ta.reply_id', 'is', null)
        .orderBy('ta.id'),
    ).as('attachments'),
    jsonArrayFrom(
      eb
        .selectFrom('ticket_replies as r')
        .innerJoin('users as a', 'a.id', 'r.author_id')
        .select(REPLY_COLUMNS)
        .select((e) => replyAttachments(e as unknown as Outer))
        .whereRef('r.ticket_id', '=', 't.id')
        .where(replyShown(notes))
        .orderBy('r.id'),
    ).as('ticket_reply'),
  ];
};

export type ThreadRow = NonNullable<Awaited<ReturnType<typeof findThread>>>;
export type ReplyRow = ThreadRow['ticket_reply'][number];
export type AttachmentRow = ThreadRow['attachments'][number];

/** One ticket with its thread (internal notes only for `notes`' departments). */
export function findThread(db: Db, id: number, notes: NoteReader) {
  return ticketsWithOwner(db).select(threadColumns(notes)).where('t.id', '=', id).executeTakeFirst();
}

/** Tickets with their threads, by id. */
export function findThreads(db: Db, ids: readonly number[], notes: NoteReader) {
  if (ids.length === 0) return Promise.resolve([]);
  return ticketsWithOwner(db).select(threadColumns(notes)).where('t.id', 'in', ids).orderBy('t.id').execute();
}

export function findReply(db: Db, id: number) {
  return db
    .selectFrom('ticket_replies as r')
    .innerJoin('users as a', 'a.id', 'r.author_id')
    .select(REPLY_COLUMNS)
    .select((eb) => replyAttachments(eb))
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/** An attachment with what deciding its visibility needs (`internal`: it belongs to a note). */
export function findAttachment(db: Db, id: number) {
  return db
    .selectFrom('ticket_attachments as ta')
    .innerJoin('tickets as t', 't.id', 'ta.ticket_id')
    .leftJoin('ticket_replies as r', 'r.id', 'ta.reply_id')
    .select(['ta.id', 'ta.file_id', 't.owner_id', 't.department'])
    .select(sql<boolean>`coalesce(r.internal, false)`.as('internal'))
    .where('ta.id', '=', id)
    .executeTakeFirst();
}

// ---------------------------------------------------------------- lists

function visibleTo(v: Visibility): Expression<SqlBool> {
  const mine = sql<SqlBool>`t.owner_id = ${v.viewerId}`;
  const desk =
    v.deskDepartments.length > 0 ? sql<SqlBool>`t.department in (${sql.join(v.deskDepartments)})` : sql<SqlBool>`false`;
  if (v.scope === 'mine') return mine;
  if (v.scope === 'desk') return desk;
  return sql<SqlBool>`(${mine} or ${desk})`;
}

/** Escapes LIKE wildcards so a search for "a_b" means that text. */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function matches(search: string, notes: NoteReader): Expression<SqlBool> {
  const pattern = likePattern(search);
  const idMatch = /^#?(\d{1,9})$/.exec(search);
  const id = idMatch ? Number(idMatch[1]) : -1;
  return sql<SqlBool>`(
    t.id = ${id}
    or t.subject ilike ${pattern}
    or t.description ilike ${pattern}
    or exists (
      select 1 from users so where so.id = t.owner_id
        and (so.username ilike ${pattern} or (so.first_name || ' ' || so.last_name) ilike ${pattern})
    )
    or exists (
      select 1 from ticket_replies r where r.ticket_id = t.id and r.body ilike ${pattern} and ${replyShown(notes)}
    )
  )`;
}

export interface TicketFilter {
  status?: TTicketStatus;
  /** A user id, or null for unassigned tickets. */
  assignee?: number | null;
  department?: TTicketDepartment;
  priority?: TTicketPriority;
  search?: string;
}

/**
 * The tickets `v` sees that pass `f`, as one condition on `t` alone (no other alias), so
 * the count can read `tickets` by itself: an index-only scan of a partial index.
 */
function ticketCondition(v: Visibility, f: TicketFilter, active: boolean): Expression<SqlBool> {
  const all = [visibleTo(v), active ? sql<SqlBool>`t.status <> 'closed'` : sql<SqlBool>`t.status = 'closed'`];
  if (f.status) all.push(sql<SqlBool>`t.status = ${f.status}`);
  if (f.department) all.push(sql<SqlBool>`t.department = ${f.department}`);
  if (f.priority) all.push(sql<SqlBool>`t.priority = ${f.priority}`);
  if (f.assignee === null) all.push(sql<SqlBool>`t.assignee_id is null`);
  else if (f.assignee !== undefined) all.push(sql<SqlBool>`t.assignee_id = ${f.assignee}`);
  if (f.search) all.push(matches(f.search, v.notes));
  return sql<SqlBool>`(${sql.join(all, sql` and `)})`;
}

function filtered(db: Db, v: Visibility, f: TicketFilter, active: boolean) {
  return ticketsWithOwner(db).where(ticketCondition(v, f, active));
}

/** How many tickets pass, counted from `tickets` alone (up to `cap` when given). */
function countTickets(db: Db, v: Visibility, f: TicketFilter, active: boolean, cap?: number) {
  let matching = db
    .selectFrom('tickets as t')
    .select(sql.lit(1).as('one'))
    .where(ticketCondition(v, f, active));
  if (cap !== undefined) matching = matching.limit(cap);
  return db.selectFrom(matching.as('matching')).select((eb) => eb.fn.countAll<number>().as('n'));
}

type SortKey = { expr: Expression<unknown>; dir: 'asc' | 'desc'; nullable?: boolean };
const key = (expr: Expression<unknown>, dir: 'asc' | 'desc' = 'asc'): SortKey => ({ expr, dir });
/** A key that may be null: `nulls last` is spelled out only for these (see SORT_KEYS). */
const nullableKey = (expr: Expression<unknown>, dir: 'asc' | 'desc' = 'asc'): SortKey => ({
  expr,
  dir,
  nullable: true,
});

const PRIORITY_RANK = sql`case t.priority when 'urgent' then 4 when 'high' then 3 when 'normal' then 2 else 1 end`;
const STATUS_RANK = sql`case t.status when 'open' then 1 when 'in_progress' then 2 when 'answered' then 3 else 4 end`;
const minutesAfterCreation = (minutes: string) => sql`t.created_at + ${sql.ref(minutes)} * interval '1 minute'`;
/** The next SLA due time: the first response's while there is none (and a target), else the resolution's. */
const DUE_AT = sql`case
  when t.first_response_at is null and sla.first_response_minutes is not null
    then ${minutesAfterCreation('sla.first_response_minutes')}
  else ${minutesAfterCreation('sla.resolution_minutes')}
end`;
const fullName = (u: 'o' | 'asg') => sql`lower(${sql.ref(`${u}.first_name`)} || ' ' || ${sql.ref(`${u}.last_name`)})`;

/**
 * Each sort's keys in its natural direction (TICKET_SORT_DIRECTION): `dir` the other way
 * flips them all. Nulls always come last, and the id breaks ties so pages are stable.
 * `nulls last` is written only on nullable keys: on a NOT NULL column it changes nothing in
 * the result but stops PostgreSQL from reading the `(…, updated_at desc, id desc)` partial
 * indexes in order, so the newest 20 of a desk sorted every active ticket (449 ms at a
 * million tickets, bench `plans`).
 */
const SORT_KEYS: Record<TTicketSort, SortKey[]> = {
  activity: [key(sql`t.updated_at`, 'desc'), key(sql`t.id`, 'desc')],
  // Urgent first, then the longest waiting for the desk, then the oldest.
  priority: [key(PRIORITY_RANK, 'desc'), nullableKey(sql`t.waiting_since`), key(sql`t.created_at`), key(sql`t.id`)],
  due: [nullableKey(DUE_AT), key(PRIORITY_RANK, 'desc'), key(sql`t.id`)],
  created: [key(sql`t.created_at`, 'desc'), key(sql`t.id`, 'desc')],
  subject: [key(sql`lower(t.subject)`), key(sql`t.id`)],
  status: [key(STATUS_RANK), key(sql`t.updated_at`, 'desc'), key(sql`t.id`)],
  department: [key(sql`t.department`), key(sql`t.updated_at`, 'desc'), key(sql`t.id`)],
  requester: [key(fullName('o')), key(sql`o.username`), key(sql`t.id`)],
  assignee: [nullableKey(fullName('asg')), nullableKey(sql`asg.username`), key(sql`t.id`)],
};

export interface TicketOrder {
  sort: TTicketSort;
  /** True when the caller asked for the sort's other direction. */
  reversed: boolean;
}

/** How many replies of ticket `t` its reader sees. */
const replyCount = (notes: NoteReader) => (eb: TicketScope) =>
  eb
    .selectFrom('ticket_replies as rc')
    .select((e) => e.fn.countAll<number>().as('c'))
    .whereRef('rc.ticket_id', '=', 't.id')
    .where(replyShown(notes, 'rc'))
    .as('reply_count');

/**
 * Active (not closed) tickets in the order asked for, each with its thread, and how many
 * match (up to ACTIVE_TICKETS_COUNT_CAP + 1): one statement, the count an uncorrelated
 * subquery PostgreSQL runs once, so a page costs one round trip, not one per level.
 */
export async function listActive(db: Db, v: Visibility, f: TicketFilter, order: TicketOrder, limit: number) {
  const q = filtered(db, v, f, true);
  // Counted up to the cap and one more: the cost stays that of the cap at any size.
  const total = countTickets(db, v, f, true, ACTIVE_TICKETS_COUNT_CAP + 1);
  let sorted = q.select(threadColumns(v.notes)).select(total.as('total'));
  for (const k of SORT_KEYS[order.sort]) {
    const dir = order.reversed ? (k.dir === 'asc' ? 'desc' : 'asc') : k.dir;
    sorted = sorted.orderBy(k.expr, (ob) => {
      const o = dir === 'asc' ? ob.asc() : ob.desc();
      return k.nullable ? o.nullsLast() : o;
    });
  }
  const rows = await sorted.limit(limit).execute();
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

/** Closed tickets, newest closed first, a page at a time, with the count in the same statement. */
export async function historyPage(db: Db, v: Visibility, f: TicketFilter, limit: number, offset: number) {
  const q = filtered(db, v, f, false);
  const total = countTickets(db, v, f, false);
  const rows = await q
    .select(replyCount(v.notes))
    .select(total.as('total'))
    .orderBy('t.closed_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  // A page past the end has no row to carry the count: only then a second query.
  const count = rows[0]?.total ?? (offset > 0 ? (await total.executeTakeFirstOrThrow()).n : 0);
  return { rows, count: Number(count) };
}

// ---------------------------------------------------------------- requester panel

/** A requester's contact details. */
export function findRequester(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name', 'user_type', 'email', 'phone', 'is_active'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * A requester's tickets on these desks (the reader is on all of them, so every note
 * counts): their active ones but `except`, newest activity first; their latest closed;
 * and how many they have raised to these desks in all.
 */
export async function requesterTickets(
  db: Db,
  ownerId: number,
  departments: readonly TTicketDepartment[],
  except: number,
  limits: { open: number; recent: number },
) {
  if (departments.length === 0) return { open: [], recent: [], total: 0 };
  const theirs = ticketsWithOwner(db).where('t.owner_id', '=', ownerId).where('t.department', 'in', departments);
  const [open, recent, total] = await Promise.all([
    theirs
      .select(replyCount(departments))
      .where('t.status', '<>', 'closed')
      .where('t.id', '<>', except)
      .orderBy('t.updated_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(limits.open)
      .execute(),
    theirs
      .select(replyCount(departments))
      .where('t.status', '=', 'closed')
      .orderBy('t.closed_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(limits.recent)
      .execute(),
    theirs
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { open, recent, total: Number(total.n) };
}

// ---------------------------------------------------------------- statistics

export async function openCounts(db: Db, departments: readonly TTicketDepartment[]) {
  if (departments.length === 0) return [];
  return db
    .selectFrom('tickets')
    .select(['department', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '<>', 'closed')
    .where('department', 'in', departments)
    .groupBy(['department', 'status'])
    .execute();
}

export interface PeriodFigures {
  created: number;
  closed: number;
  medianFirstResponseSeconds: number | null;
  medianResolutionSeconds: number | null;
}

export async function periodFigures(
  db: Db,
  departments: readonly TTicketDepartment[],
  from: Date,
  to: Date,
): Promise<PeriodFigures> {
  if (departments.length === 0)
    return { created: 0, closed: 0, medianFirstResponseSeconds: null, medianResolutionSeconds: null };
  const inDepartments = sql`department in (${sql.join(departments)})`;
  const r = await sql<{ created: number; closed: number; first_response: number | null; resolution: number | null }>`
    select
      (select count(*) from tickets where ${inDepartments} and created_at >= ${from} and created_at < ${to})::int as created,
      (select count(*) from tickets where ${inDepartments} and status = 'closed' and closed_at >= ${from} and closed_at < ${to})::int as closed,
      (select percentile_cont(0.5) within group (order by extract(epoch from first_response_at - created_at)::float8)
         from tickets where ${inDepartments} and first_response_at is not null
          and created_at >= ${from} and created_at < ${to}) as first_response,
      (select percentile_cont(0.5) within group (order by extract(epoch from closed_at - created_at)::float8)
         from tickets where ${inDepartments} and status = 'closed' and closed_at >= ${from} and closed_at < ${to}) as resolution
  `.execute(db);
  const row = r.rows[0]!;
  return {
    created: Number(row.created),
    closed: Number(row.closed),
    medianFirstResponseSeconds: row.first_response === null ? null : Number(row.first_response),
    medianResolutionSeconds: row.resolution === null ? null : Number(row.resolution),
  };
}

/** Active tickets waiting for the desk since before `before`, longest first. */
export async function waitingTickets(db: Db, departments: readonly TTicketDepartment[], before: Date, limit: number) {
  if (departments.length === 0) return { rows: [], count: 0 };
  const q = ticketsWithOwner(db)
    .where('t.department', 'in', departments)
    .where('t.status', '<>', 'closed')
    .where('t.waiting_since', '<', before);
  const [rows, total] = await Promise.all([
    q.orderBy('t.waiting_since').orderBy('t.id').limit(limit).execute(),
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}
