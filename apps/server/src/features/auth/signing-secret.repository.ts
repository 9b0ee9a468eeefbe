import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

/** A portal-wide setting: `fresh` is stored unless one exists; answers the stored value. */
export async function readOrCreateSetting(db: Database, key: string, fresh: string): Promise<string> {
  await sql`insert into portal_settings (key, value) values (${key}, ${fresh}) on conflict (key) do nothing`.execute(
    db,
  );
  const row = await db.selectFrom('portal_settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}
