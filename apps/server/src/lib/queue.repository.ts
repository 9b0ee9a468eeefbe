import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/** True once pg-boss has created its schema here (some process has used the queue). */
export async function queueSchemaExists(db: Database): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select to_regclass('pgboss.job') is not null as found`.execute(db);
  return rows[0]?.found === true;
}
