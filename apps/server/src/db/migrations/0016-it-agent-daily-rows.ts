import { sql, type Kysely } from 'kysely';

/**
 * Per-agent ingest caps: how many telemetry rows an agent has had
 * stored on one UTC day, kept on the agent's row so every server process counts the same
 * total (the ingest already locks that row per batch).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table it_agents add column rows_day date, add column rows_on_day integer not null default 0`.execute(
    db,
  );
}
