import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/** The cheapest round trip: the database answers. */
export async function pingDatabase(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Names of the migrations applied here (none when the migrations table does not exist yet). */
export async function appliedMigrationNames(db: Database): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from portal_migrations`.execute(db).catch((err: unknown) => {
    // 42P01: no table yet (a database never migrated): nothing applied.
    if ((err as { code?: string }).code === '42P01') return { rows: [] };
    throw err;
  });
  return rows.map((r) => r.name);
}
