import { sql } from 'kysely';
import type { Database } from './database.js';

/** Waits for a transaction-scoped advisory lock (released at COMMIT/ROLLBACK). */
export async function advisoryXactLock(tx: Database, key: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${key})`.execute(tx);
}

/** Takes a transaction-scoped advisory lock if free; false when another holds it. */
export async function tryAdvisoryXactLock(tx: Database, key: number): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${key}) as ok`.execute(tx);
  return rows[0]?.ok === true;
}
