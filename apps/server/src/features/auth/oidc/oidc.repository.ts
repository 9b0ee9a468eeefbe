import type { Database } from '../../../db/database.js';
import type { UserRow } from '../../../db/schema.js';

/** The account a finished provider sign-in names (read again when the browser takes the hand-off). */
export function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}
