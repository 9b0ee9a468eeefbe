import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

export type Db = Database;

// ---------------------------------------------------------------- the board

/** The last midnight of the portal's wall clock (`timeZone`, IANA) by the database's clock. */
const startOfToday = (timeZone: string) =>
  sql<Date>`(date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`;

/**
 * Active interpreters with their profile, followers, whether `viewerId` follows them, the
 * open session's start and minutes online today in `timeZone` (closed and open sessions
 * clipped to today), in one query. `username` narrows it to one.
 */
export function listInterpreters(db: Db, viewerId: number, timeZone: string, username?: string) {
  const TODAY = startOfToday(timeZone);
  let q = db
    .selectFrom('users as u')
    .leftJoin('interpreter_profiles as p', 'p.user_id', 'u.id')
    .leftJoin('presence_sessions as open', (j) => j.onRef('open.user_id', '=', 'u.id').on('open.ended_at', 'is', null))
    .select([
      'u.id',
      'u.username',
      'u.first_name',
      'u.last_name',
      sql<string[]>`coalesce(p.languages, '{}'::text[])`.as('languages'),
      sql<string>`coalesce(p.team, '')`.as('team'),
      'p.team_ar',
      sql<string>`coalesce(p.extension, '')`.as('extension'),
      'open.started_at as online_since',
      (eb) =>
        eb
          .selectFrom('interpreter_follows as f')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('f.interpreter_id', '=', 'u.id')
          .as('followers'),
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('interpreter_follows as mine')
              .select('mine.follower_id')
              .whereRef('mine.interpreter_id', '=', 'u.id')
              .where('mine.follower_id', '=', viewerId),
          )
          .as('following'),
      (eb) =>
        eb
          .selectFrom('presence_sessions as s')
          .select(
            sql<number>`coalesce(sum(extract(epoch from (least(coalesce(s.ended_at, now()), now()) - greatest(s.started_at, ${TODAY}))))::int / 60, 0)`.as(
              'm',
            ),
          )
          .whereRef('s.user_id', '=', 'u.id')
          .where('s.started_at', '<', sql<Date>`now()`)
          .where((w) => w.or([w('s.ended_at', 'is', null), w('s.ended_at', '>', TODAY)]))
          .as('online_minutes_today'),
    ])
    .where('u.user_type', '=', 'INTERPRETER')
    .where('u.is_active', '=', true);
  if (username !== undefined) q = q.where('u.username', '=', username);
  return q
    .orderBy(sql`open.id is null`)
    .orderBy('u.first_name')
    .orderBy('u.last_name')
    .orderBy('u.username')
    .execute();
}
export type InterpreterRow = Awaited<ReturnType<typeof listInterpreters>>[number];

/** An active interpreter by username (unknown, inactive or not an interpreter: undefined). */
export function findInterpreter(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name'])
    .where('username', '=', username)
    .where('user_type', '=', 'INTERPRETER')
    .where('is_active', '=', true)
    .executeTakeFirst();
}

/** Active interpreters among these usernames, by username. */
export async function interpretersByUsername(db: Db, usernames: readonly string[]) {
  if (usernames.length === 0) return new Map<string, { id: number; username: string }>();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username', 'in', [...usernames])
    .where('user_type', '=', 'INTERPRETER')
    .where('is_active', '=', true)
    .execute();
  return new Map(rows.map((r) => [r.username, r]));
}

// ---------------------------------------------------------------- follows and settings

/** True when it made a change (following twice changes nothing). */
export async function setFollow(db: Db, followerId: number, interpreterId: number, follow: boolean): Promise<boolean> {
  if (follow) {
    const r = await db
      .insertInto('interpreter_follows')
      .values({ follower_id: followerId, interpreter_id: interpreterId, created_at: sql`now()` })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  const r = await db
    .deleteFrom('interpreter_follows')
    .where('follower_id', '=', followerId)
    .where('interpreter_id', '=', interpreterId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Active followers of an interpreter who want to hear when they come online (no settings row: yes). */
export async function followersToNotify(db: Db, interpreterId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('interpreter_follows as f')
    .innerJoin('users as u', 'u.id', 'f.follower_id')
    .leftJoin('follow_settings as fs', 'fs.user_id', 'f.follower_id')
    .select('f.follower_id')
    .where('f.interpreter_id', '=', interpreterId)
    .where('u.is_active', '=', true)
    .where(sql<boolean>`coalesce(fs.notify_when_online, true)`)
    .orderBy('f.follower_id')
    .execute();
  return rows.map((r) => r.follower_id);
}

export async function readFollowSettings(db: Db, userId: number): Promise<{ notify_when_online: boolean }> {
  const row = await db
    .selectFrom('follow_settings')
    .select('notify_when_online')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { notify_when_online: row?.notify_when_online ?? true };
}

export async function saveFollowSettings(db: Db, userId: number, notify_when_online: boolean): Promise<void> {
  await db
    .insertInto('follow_settings')
    .values({ user_id: userId, notify_when_online })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ notify_when_online }))
    .execute();
}

// ---------------------------------------------------------------- profiles

export interface ProfileValues {
  languages: string[];
  team: string;
  /** Left out: kept as stored. */
  team_ar?: string | null;
  extension: string;
}

export async function upsertProfile(db: Db, userId: number, v: ProfileValues): Promise<void> {
  await db
    .insertInto('interpreter_profiles')
    .values({ user_id: userId, ...v, updated_at: sql`now()` })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...v, updated_at: sql`now()` }))
    .execute();
}

// ---------------------------------------------------------------- integration keys

const KEY_COLUMNS = ['id', 'name', 'prefix', 'created_at', 'last_used_at', 'revoked_at'] as const;

export function listKeys(db: Db) {
  return db.selectFrom('integration_keys').select(KEY_COLUMNS).orderBy('id', 'desc').execute();
}
export type IntegrationKeyRow = Awaited<ReturnType<typeof listKeys>>[number];

export function insertKey(db: Db, v: { name: string; prefix: string; key_hash: string; created_by: number | null }) {
  return db
    .insertInto('integration_keys')
    .values({ ...v, created_at: sql`now()` })
    .returning(KEY_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Revokes a key (a revoked one keeps its first revocation time); undefined when there is none. */
export function revokeKey(db: Db, id: number) {
  return db
    .updateTable('integration_keys')
    .set({ revoked_at: sql`coalesce(revoked_at, now())` })
    .where('id', '=', id)
    .returning(KEY_COLUMNS)
    .executeTakeFirst();
}

/** A live key by its hash, marking its use; undefined when unknown or revoked. */
export function useKey(db: Db, keyHash: string) {
  return db
    .updateTable('integration_keys')
    .set({ last_used_at: sql`now()` })
    .where('key_hash', '=', keyHash)
    .where('revoked_at', 'is', null)
    .returning(['id'])
    .executeTakeFirst();
}
