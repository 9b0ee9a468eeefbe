import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

/**
 * Short-lived, single-use sign-in state shared by every server process (an OpenID
 * `state`, the web app's hand-off code, a second-factor or WebAuthn challenge). The
 * caller gets a random token; only its digest is stored, so a leaked table holds nothing
 * usable. `purpose` keeps one kind's token from being spent as another's.
 */
export type ChallengePurpose = 'oidc_state' | 'sso_handoff' | 'mfa' | 'mfa_enrol' | 'webauthn';

const digest = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface Challenge<T> {
  userId: number | null;
  data: T;
  attempts: number;
}

export async function createChallenge(
  db: Database,
  c: { purpose: ChallengePurpose; userId?: number | null; data?: unknown; ttlSeconds: number },
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  // Expired ones are never read again: cleared as new ones are made (cheap: indexed).
  await db
    .deleteFrom('auth_challenges')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  await db
    .insertInto('auth_challenges')
    .values({
      id: digest(token),
      purpose: c.purpose,
      user_id: c.userId ?? null,
      data: JSON.stringify(c.data ?? {}),
      expires_at: sql<Date>`now() + make_interval(secs => ${c.ttlSeconds})`,
    })
    .execute();
  return token;
}

/** Spends a live challenge (atomically: a second use, or a replay, finds nothing). */
export async function spendChallenge<T>(
  db: Database,
  purpose: ChallengePurpose,
  token: string,
): Promise<Challenge<T> | undefined> {
  const row = await db
    .deleteFrom('auth_challenges')
    .where('id', '=', digest(token))
    .where('purpose', '=', purpose)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'data', 'attempts'])
    .executeTakeFirst();
  return row && { userId: row.user_id, data: row.data as T, attempts: row.attempts };
}

/**
 * Reads a live challenge without spending it, counting one more attempt (a second-factor
 * challenge survives a mistyped code, up to the caller's limit).
 */
export async function attemptChallenge<T>(
  db: Database,
  purpose: ChallengePurpose,
  token: string,
): Promise<Challenge<T> | undefined> {
  const row = await db
    .updateTable('auth_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', digest(token))
    .where('purpose', '=', purpose)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'data', 'attempts'])
    .executeTakeFirst();
  return row && { userId: row.user_id, data: row.data as T, attempts: row.attempts };
}

/** Ends a challenge early (completed, or refused too often). */
export async function dropChallenge(db: Database, token: string): Promise<void> {
  await db.deleteFrom('auth_challenges').where('id', '=', digest(token)).execute();
}
