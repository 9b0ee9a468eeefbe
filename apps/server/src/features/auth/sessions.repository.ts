import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';

/**
 * Sessions are the server-side half of each access token (its jti). Revoking is a row
 * update, so every server process sees it on the next request.
 */
export function createSession(
  db: Database,
  s: { id: string; userId: number; expiresAt: Date; ip: string; userAgent: string },
) {
  return db
    .insertInto('sessions')
    .values({ id: s.id, user_id: s.userId, expires_at: s.expiresAt, ip: s.ip, user_agent: s.userAgent.slice(0, 512) })
    .execute();
}

/** The user behind a live session: not revoked, not expired, account active. */
export function findSessionUser(db: Database, sessionId: string, userId: number): Promise<UserRow | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.id', '=', sessionId)
    .where('sessions.user_id', '=', userId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .where('users.is_active', '=', true)
    .executeTakeFirst();
}

export function revokeSession(db: Database, sessionId: string) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a user (password change, deactivation, new type or flags). */
export function revokeUserSessions(db: Database, userId: number, exceptSessionId?: string) {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  return q.execute();
}

/** Expired sessions are useless; dropping them keeps the table small. */
export function deleteExpiredSessions(db: Database) {
  return db
    .deleteFrom('sessions')
    .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}
