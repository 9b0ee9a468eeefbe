import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DerivedSession, PresenceSource } from './presence-rules.js';

type Db = Database;

/** Locks the user's row: batches and expiry for one user run one at a time. */
export async function lockUser(db: Db, id: number): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
}

export interface NewPresenceEvent {
  sender: string;
  source_id: string;
  user_id: number;
  online: boolean;
  at: Date;
  source: PresenceSource;
}

/** Stores the events; answers the source ids that were new (a repeat of a stored one is skipped). */
export async function insertEvents(db: Db, events: readonly NewPresenceEvent[]): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  const rows = await db
    .insertInto('presence_events')
    .values(events.map((e) => ({ ...e, received_at: sql`now()` })))
    .onConflict((oc) => oc.columns(['sender', 'source_id']).doNothing())
    .returning('source_id')
    .execute();
  return new Set(rows.map((r) => r.source_id));
}

export function findOpenSession(db: Db, userId: number) {
  return db
    .selectFrom('presence_sessions')
    .select(['id', 'started_at', 'last_seen_at', 'source'])
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
}

/** Sessions a change at `from` may alter: open, or ending at or after it. */
export function sessionsAffectedFrom(db: Db, userId: number, from: Date) {
  return db
    .selectFrom('presence_sessions')
    .select(['id', 'started_at'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>=', from)]))
    .execute();
}

export async function deleteSessions(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0)
    await db
      .deleteFrom('presence_sessions')
      .where('id', 'in', [...ids])
      .execute();
}

/** The user's events at or after `from` (the fold orders them itself). */
export function eventsFrom(db: Db, userId: number, from: Date) {
  return db
    .selectFrom('presence_events')
    .select(['sender', 'source_id', 'online', 'at', 'source'])
    .where('user_id', '=', userId)
    .where('at', '>=', from)
    .execute();
}

export async function insertSessions(db: Db, userId: number, sessions: readonly DerivedSession[]): Promise<void> {
  if (sessions.length === 0) return;
  await db
    .insertInto('presence_sessions')
    .values(sessions.map((s) => ({ user_id: userId, ...s })))
    .execute();
}

/** A sign of life kept across a rebuild (a heartbeat newer than the events). */
export async function keepLastSeen(db: Db, userId: number, lastSeen: Date): Promise<void> {
  await db
    .updateTable('presence_sessions')
    .set({ last_seen_at: sql`greatest(last_seen_at, ${lastSeen})` })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute();
}

/** A heartbeat: the open session was seen now; false when there is none. */
export async function touchOpenSession(db: Db, userId: number): Promise<boolean> {
  const r = await db
    .updateTable('presence_sessions')
    .set({ last_seen_at: sql`greatest(last_seen_at, now())` })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

const silentFor = (minutes: number) => sql<Date>`now() - make_interval(mins => ${minutes})`;

/** Open sessions silent for longer than `minutes`, oldest first. */
export function silentOpenSessions(db: Db, minutes: number, limit: number) {
  return db
    .selectFrom('presence_sessions')
    .select(['id', 'user_id'])
    .where('ended_at', 'is', null)
    .where('last_seen_at', '<', silentFor(minutes))
    .orderBy('last_seen_at')
    .limit(limit)
    .execute();
}

/**
 * Closes the session at its last sign of life, only if it is still open and still silent
 * (another server, or a heartbeat, may have got there first): the row, or undefined.
 */
export function closeIfSilent(db: Db, id: number, minutes: number) {
  return db
    .updateTable('presence_sessions')
    .set({ ended_at: sql`last_seen_at` })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .where('last_seen_at', '<', silentFor(minutes))
    .returning(['id', 'user_id', 'last_seen_at', 'source'])
    .executeTakeFirst();
}

export function findUsername(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Which of these usernames have an open session. */
export async function onlineAmong(db: Db, usernames: readonly string[]): Promise<string[]> {
  if (usernames.length === 0) return [];
  const rows = await db
    .selectFrom('presence_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select('u.username')
    .where('s.ended_at', 'is', null)
    .where('u.username', 'in', [...usernames])
    .execute();
  return rows.map((r) => r.username);
}

/** A user's sessions, oldest first (WFM history; tests). */
export function sessionsOf(db: Db, userId: number) {
  return db
    .selectFrom('presence_sessions')
    .select(['started_at', 'ended_at', 'last_seen_at', 'source'])
    .where('user_id', '=', userId)
    .orderBy('started_at')
    .execute();
}
