import { sql, type Kysely } from 'kysely';

/**
 * IT monitoring.
 *
 * Agents: one row per enrolled machine and user, the credential stored hashed;
 * `last_seq` is the highest event sequence number stored for the agent (its events are
 * stored once: only seq above it), `clock_offset_ms` the last measured skew.
 *
 * Telemetry (`it_app_events`, `it_activity_events`, `it_samples`) is insert-only and
 * partitioned by day of `at` (UTC), so retention drops whole partitions instead of
 * deleting rows. Partitions are created on demand by the ingest (and ahead of time by the
 * maintenance job), named `<table>_pYYYYMMDD`. No primary keys: a partitioned table's keys
 * must carry the partition column, and the seq high-water mark already keeps events unique.
 *
 * `it_status` is the machine's state now (one row per user), `it_daily_logs` the agent's
 * running summary of each day (replaced as the day goes on).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('it_agents')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('machine_id', 'text', (c) => c.notNull())
    .addColumn('hostname', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('credential_hash', 'text', (c) => c.notNull().unique())
    .addColumn('last_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('clock_offset_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enrolled_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // One live credential per machine and user: enrolling again revokes the previous one.
  await sql`create unique index it_agents_machine_live_key on it_agents (user_id, machine_id) where revoked_at is null`.execute(
    db,
  );

  await sql`
    create table it_app_events (
      agent_id integer not null,
      user_id integer not null,
      seq bigint not null,
      at timestamptz not null,
      received_at timestamptz not null default now(),
      heartbeat boolean not null,
      title text not null,
      process text not null,
      pid integer,
      memory_bytes bigint,
      url text,
      opened_apps jsonb
    ) partition by range (at)`.execute(db);
  await sql`create index it_app_events_user_at_idx on it_app_events (user_id, at)`.execute(db);
  // The latest switches (it-list's window) without walking back through heartbeats.
  await sql`create index it_app_events_user_switch_idx on it_app_events (user_id, at) where not heartbeat`.execute(db);

  await sql`
    create table it_activity_events (
      agent_id integer not null,
      user_id integer not null,
      seq bigint not null,
      at timestamptz not null,
      received_at timestamptz not null default now(),
      state text not null check (state in ('active', 'idle', 'locked', 'offline')),
      idle_seconds integer not null
    ) partition by range (at)`.execute(db);
  await sql`create index it_activity_events_user_at_idx on it_activity_events (user_id, at)`.execute(db);

  await sql`
    create table it_samples (
      agent_id integer not null,
      user_id integer not null,
      seq bigint not null,
      at timestamptz not null,
      received_at timestamptz not null default now(),
      kind text not null check (kind in ('device', 'network')),
      data jsonb not null
    ) partition by range (at)`.execute(db);
  await sql`create index it_samples_user_kind_at_idx on it_samples (user_id, kind, at)`.execute(db);

  await db.schema
    .createTable('it_daily_logs')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('it_agents.id').onDelete('cascade'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('it_daily_logs_pkey', ['user_id', 'agent_id', 'day'])
    .execute();
  await sql`create index it_daily_logs_day_idx on it_daily_logs (day)`.execute(db);

  await db.schema
    .createTable('it_status')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('agent_id', 'integer', (c) => c.references('it_agents.id').onDelete('set null'))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('active', 'idle', 'locked', 'offline')`))
    .addColumn('since', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('it_redaction_rules')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('pattern', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('it_category_rules')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('field', 'text', (c) => c.notNull().check(sql`field in ('process', 'title', 'site')`))
    .addColumn('pattern', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().check(sql`category in ('productive', 'neutral', 'unproductive')`))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'it_category_rules',
    'it_redaction_rules',
    'it_status',
    'it_daily_logs',
    'it_samples',
    'it_activity_events',
    'it_app_events',
    'it_agents',
  ]) {
    await sql`drop table if exists ${sql.table(t)} cascade`.execute(db);
  }
}
