import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

/**
 * Failed logins per (username, address), kept in the database so every server process
 * counts the same attempts. Returns the seconds to wait, or 0 when a try is allowed.
 */
export async function loginRetryAfter(
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

export async function recordLoginFailure(db: Database, key: string, ip: string, windowSeconds: number) {
  await db.insertInto('login_failures').values({ username_key: key, ip }).execute();
  // Old rows are never read again.
  await db
    .deleteFrom('login_failures')
    .where('at', '<', sql<Date>`now() - make_interval(secs => ${windowSeconds * 2})`)
    .execute();
}

export function clearLoginFailures(db: Database, key: string, ip: string) {
  return db.deleteFrom('login_failures').where('username_key', '=', key).where('ip', '=', ip).execute();
}
