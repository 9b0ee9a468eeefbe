import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

/**
 * Failed logins per (username, address), kept in the database so every server process
 * counts the same attempts. Returns the seconds to wait, or 0 when a try is allowed.
 */
async function loginRetryAfter(
  db: Database,
  key: string,
  ip: string,
  maxFailures: number,
  windowSeconds: number,
): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('at').as('oldest')])
    .where('username_key', '=', key)
    .where('ip', '=', ip)
    .where('at', '>', sql<Date>`now() - make_interval(secs => ${windowSeconds})`)
    .executeTakeFirstOrThrow();
  if (Number(row.n) < maxFailures || !row.oldest) return 0;
  const oldest = new Date(row.oldest as Date | string).getTime();
  return Math.max(1, (oldest + windowSeconds * 1000 - Date.now()) / 1000);
}

/** The attempt counted by `beginLoginAttempt`: wait this long (nothing counted), or its row. */
export type LoginAttempt = { wait: number } | { id: number };

/**
 * Counts a login attempt the moment it starts, as a failure until it is known to be
 * right: concurrent attempts for one (key, address) queue on an advisory lock, so each
 * sees those before it and no more than `maxFailures` are ever checked at once or in a
 * window (on every server sharing the database). Over the budget nothing is counted.
 */
export async function beginLoginAttempt(
  db: Database,
  key: string,
  ip: string,
  maxFailures: number,
  windowSeconds: number,
): Promise<LoginAttempt> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`login:${key}:${ip}`}, 0))`.execute(trx);
    const wait = await loginRetryAfter(trx, key, ip, maxFailures, windowSeconds);
    if (wait > 0) return { wait };
    const row = await trx
      .insertInto('login_failures')
      .values({ username_key: key, ip })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
}

/** An attempt that proved the password right no longer counts as a failure. */
export async function forgetLoginAttempt(db: Database, id: number): Promise<void> {
  await db.deleteFrom('login_failures').where('id', '=', id).execute();
}

/** Old rows are never read again. */
export async function pruneLoginFailures(db: Database, windowSeconds: number): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('at', '<', sql<Date>`now() - make_interval(secs => ${windowSeconds * 2})`)
    .execute();
}

export function clearLoginFailures(db: Database, key: string, ip: string) {
  return db.deleteFrom('login_failures').where('username_key', '=', key).where('ip', '=', ip).execute();
}
