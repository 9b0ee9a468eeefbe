import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/**
 * Portal-wide settings, one value per key (`jwt_secret`, `leaves.weekend_days`, …): one
 * table shared by every feature, each keeping to keys it names for itself.
 */

/** `fresh` is stored unless the key has a value; answers the stored value. */
export async function readOrCreateSetting(db: Database, key: string, fresh: string): Promise<string> {
  await sql`insert into portal_settings (key, value) values (${key}, ${fresh}) on conflict (key) do nothing`.execute(
    db,
  );
  const row = await db.selectFrom('portal_settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}

/** The stored values of these keys (keys never set are absent). */
export async function readSettings(db: Database, keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('portal_settings')
    .select(['key', 'value'])
    .where('key', 'in', [...keys])
    .execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function writeSetting(db: Database, key: string, value: string): Promise<void> {
  await db
    .insertInto('portal_settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
