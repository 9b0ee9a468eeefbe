import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

/**
 * What other features read of the interpreters' data (through index.ts): the roster with
 * profiles and who is online (WFM's board and history), teams (KPI), presence sessions
 * and time online inside given windows (WFM's adherence, the reports' summaries).
 */

/** Whether `u` is online now: an open presence session. */
const ONLINE = sql<boolean>`exists (select 1 from presence_sessions o where o.user_id = u.id and o.ended_at is null)`;

/**
 * Active interpreters with their profile (empty where none) and whether each is online
 * now: online first, then by name. `username` narrows it to one.
 */
export function interpreterRoster(db: Database, username?: string) {
  let q = db
    .selectFrom('users as u')
    .leftJoin('interpreter_profiles as p', 'p.user_id', 'u.id')
    .select([
      'u.id',
      'u.username',
      'u.first_name',
      'u.last_name',
      'u.created_at as date_joined',
      sql<string[]>`coalesce(p.languages, '{}'::text[])`.as('languages'),
      sql<string>`coalesce(p.team, '')`.as('team'),
      'p.team_ar',
      sql<string>`coalesce(p.extension, '')`.as('extension'),
      ONLINE.as('online'),
    ])
    .where('u.user_type', '=', 'INTERPRETER')
    .where('u.is_active', '=', true);
  if (username !== undefined) q = q.where('u.username', '=', username);
  return q
    .orderBy(sql`not ${ONLINE}`)
    .orderBy('u.first_name')
    .orderBy('u.last_name')
    .orderBy('u.username')
    .execute();
}
export type RosterRow = Awaited<ReturnType<typeof interpreterRoster>>[number];

/** The team (and its Arabic name) on each of these users' interpreter profile (users without one are absent). */
export async function interpreterTeams(
  db: Database,
  userIds: readonly number[],
): Promise<Map<number, { team: string; team_ar: string | null }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('interpreter_profiles')
    .select(['user_id', 'team', 'team_ar'])
    .where('user_id', 'in', [...userIds])
    .execute();
  return new Map(rows.map((r) => [r.user_id, { team: r.team, team_ar: r.team_ar }]));
}

/** Interpreters' sessions overlapping [from, to), oldest first; one interpreter's when `userId` is given. */
export function interpreterSessionsBetween(db: Database, from: Date, to: Date, userId?: number) {
  let q = db
    .selectFrom('presence_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.user_id', 's.started_at', 's.ended_at'])
    .where('s.started_at', '<', to)
    .where((eb) => eb.or([eb('s.ended_at', 'is', null), eb('s.ended_at', '>', from)]))
    .where('u.user_type', '=', 'INTERPRETER');
  if (userId !== undefined) q = q.where('s.user_id', '=', userId);
  return q.orderBy('s.started_at').execute();
}

/** A person's window of time (a shift, say). */
export interface PresenceWindow {
  userId: number;
  from: Date;
  to: Date;
}

/**
 * Seconds each window's person was online inside it (open sessions count up to the
 * database's now), in the windows' order. A person's sessions never overlap each other,
 * so their overlaps with a window add up.
 */
export async function onlineSecondsWithin(db: Database, windows: readonly PresenceWindow[]): Promise<number[]> {
  if (windows.length === 0) return [];
  const { rows } = await sql<{ seconds: string }>`
    select (
      select coalesce(sum(extract(epoch from
        least(coalesce(p.ended_at, now()), w.to_at) - greatest(p.started_at, w.from_at))), 0)
      from presence_sessions p
      where p.user_id = w.user_id
        and p.started_at < w.to_at
        and coalesce(p.ended_at, now()) > w.from_at
    ) as seconds
    from unnest(
      ${windows.map((w) => w.userId)}::int[],
      ${windows.map((w) => w.from.toISOString())}::timestamptz[],
      ${windows.map((w) => w.to.toISOString())}::timestamptz[]
    ) with ordinality as w(user_id, from_at, to_at, n)
    order by w.n`.execute(db);
  return rows.map((r) => Number(r.seconds));
}

/** Interpreters' online hours in [from, to] (dates, whole days): sessions clipped to it, open ones up to now. */
export async function interpretersOnlineHours(db: Database, from: string, to: string): Promise<number> {
  const dayStart = sql<Date>`(${from}::date)::timestamptz`;
  const dayAfter = sql<Date>`(${to}::date + 1)::timestamptz`;
  const row = await db
    .selectFrom('presence_sessions as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(
      sql<string>`coalesce(sum(extract(epoch from least(coalesce(p.ended_at, now()), ${dayAfter})
        - greatest(p.started_at, ${dayStart}))), 0) / 3600`.as('hours'),
    )
    .where('u.user_type', '=', 'INTERPRETER')
    .where('p.started_at', '<', dayAfter)
    .where((eb) => eb.or([eb('p.ended_at', 'is', null), eb('p.ended_at', '>', dayStart)]))
    .executeTakeFirstOrThrow();
  return Number(row.hours);
}
