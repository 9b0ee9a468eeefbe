import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';

/** Login accepts a username or an email, both case-insensitively (an exact username wins). */
export function findLoginUser(db: Database, login: string): Promise<UserRow | undefined> {
  const key = login.toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb(sql`lower(username)`, '=', key), eb(sql`lower(email)`, '=', key)]))
    .orderBy(sql`lower(username) = ${key}`, 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function setPasswordHash(db: Database, userId: number, passwordHash: string) {
  return db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}

/** Whether the account exists and is active (undefined: no such account). */
export async function isAccountActive(db: Database, userId: number): Promise<boolean | undefined> {
  const row = await db.selectFrom('users').select('is_active').where('id', '=', userId).executeTakeFirst();
  return row?.is_active;
}
