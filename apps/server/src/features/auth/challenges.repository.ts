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
  c: { purpose: ChallengePurpose; userId?: number | null; data?: unknown; ttlSeconds: number; address?: string },
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
      address: c.address ?? null,
      expires_at: sql<Date>`now() + make_interval(secs => ${c.ttlSeconds})`,
    })
    .execute();
  return token;
}

/** Live sign-ins one address may have started and not finished (provider or passkey): plenty for a shared office NAT. */
export const OPEN_SIGN_INS_PER_ADDRESS = 50;

/**
 * A challenge anyone may ask for (a provider or passkey sign-in, before anyone is known):
 * refused (undefined) while the address already holds `maxOpen` live ones of the kind,
 * so a flood from one address cannot fill the table. Counted, then written: concurrent
 * requests may pass the bound by a few, which is all it needs to stay bounded.
 */
export async function createOpenChallenge(
  db: Database,
  c: { purpose: ChallengePurpose; data?: unknown; ttlSeconds: number; address: string; maxOpen: number },
): Promise<string | undefined> {
  const { open } = await db
    .selectFrom('auth_challenges')
    .select((eb) => eb.fn.countAll<string>().as('open'))
    .where('purpose', '=', c.purpose)
    .where('address', '=', c.address)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  if (Number(open) >= c.maxOpen) return undefined;
  return createChallenge(db, c);
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
