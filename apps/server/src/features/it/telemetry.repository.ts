import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { PartitionedTable } from './ingest-rules.js';

type Db = Database;

/**
 * The ingest's SQL: day partitions, multi-row inserts of an agent's batch,
 * the daily logs and the machine's status. Inserts are plain multi-row statements: the
 * seq high-water mark (agents.repository lockAgent/recordBatch) keeps them unique.
 */

/** Creates one day partition if it is missing (`CREATE TABLE IF NOT EXISTS`). */
export async function createPartition(db: Db, table: PartitionedTable, name: string, from: Date, to: Date) {
  await sql`create table if not exists ${sql.table(name)} partition of ${sql.table(table)}
    for values from (${sql.lit(from.toISOString())}) to (${sql.lit(to.toISOString())})`.execute(db);
}

/** Every day partition of the telemetry tables, by name. */
export async function listPartitions(db: Db): Promise<{ parent: string; name: string }[]> {
  const r = await sql<{ parent: string; name: string }>`
    select p.relname as parent, c.relname as name
      from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent
     where p.relname in ('it_app_events', 'it_activity_events', 'it_samples')
     order by c.relname`.execute(db);
  return r.rows;
}

export async function dropPartition(db: Db, name: string) {
  await sql`drop table if exists ${sql.table(name)}`.execute(db);
}

export async function deleteDailyLogsBefore(db: Db, day: string): Promise<number> {
  const r = await db.deleteFrom('it_daily_logs').where('day', '<', day).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export interface AppRow {
  agent_id: number;
  user_id: number;
  seq: number;
  at: Date;
  heartbeat: boolean;
  title: string;
  process: string;
  pid: number | null;
  memory_bytes: number | null;
  url: string | null;
  opened_apps: string | null;
}
export interface ActivityRow {
  agent_id: number;
  user_id: number;
  seq: number;
  at: Date;
  state: 'active' | 'idle' | 'locked' | 'offline';
  idle_seconds: number;
}
export interface SampleRow {
  agent_id: number;
  user_id: number;
  seq: number;
  at: Date;
  kind: 'device' | 'network';
  data: string;
}

/** Rows per INSERT statement (PostgreSQL's 65,535 bind parameters, with room to spare). */
const CHUNK = 1000;

async function insertChunks<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

export async function insertAppEvents(db: Db, rows: readonly AppRow[]) {
  await insertChunks(rows, (chunk) => db.insertInto('it_app_events').values(chunk).execute());
}
export async function insertActivityEvents(db: Db, rows: readonly ActivityRow[]) {
  await insertChunks(rows, (chunk) => db.insertInto('it_activity_events').values(chunk).execute());
}
export async function insertSamples(db: Db, rows: readonly SampleRow[]) {
  await insertChunks(rows, (chunk) => db.insertInto('it_samples').values(chunk).execute());
}

/** The day's log of this machine, replaced by the newer one. */
export async function upsertDailyLog(db: Db, row: { user_id: number; agent_id: number; day: string; data: string }) {
  await db
    .insertInto('it_daily_logs')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['user_id', 'agent_id', 'day']).doUpdateSet({ data: row.data, updated_at: sql<Date>`now()` }),
    )
    .execute();
}

export function redactionPatterns(db: Db) {
  return db.selectFrom('it_redaction_rules').select('pattern').orderBy('id').execute();
}

/** Test data and the demo: a machine's state as an agent would have left it. */
export async function saveStatus(
  db: Db,
  agentId: number,
  status: { state: 'active' | 'idle' | 'locked' | 'offline'; since: Date },
  lastSeen: Date,
) {
  await db
    .updateTable('it_agents')
    .set({ state: status.state, state_since: status.since, last_seen_at: lastSeen })
    .where('id', '=', agentId)
    .execute();
}

/** Demo feed: the agent's high-water mark (its next event is one above). */
export async function agentLastSeq(db: Db, agentId: number): Promise<number> {
  const row = await db.selectFrom('it_agents').select('last_seq').where('id', '=', agentId).executeTakeFirst();
  return row?.last_seq ?? 0;
}
