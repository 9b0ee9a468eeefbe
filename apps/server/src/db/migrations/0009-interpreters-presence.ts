import { sql, type Kysely } from 'kysely';

/**
 * Interpreters and their presence: profiles (languages, team, extension),
 * follows, each user's choice to be notified, presence events as received (idempotent per
 * sender and `source_id`; the source of truth, replayed in `at` order so late events merge
 * correctly), the sessions derived from them (one open session per user at most), and the
 * integration API keys ADMIN creates (only a hash is stored).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('interpreter_profiles')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('languages', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('team', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('extension', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('interpreter_follows')
    .addColumn('follower_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('interpreter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('interpreter_follows_pk', ['follower_id', 'interpreter_id'])
    .execute();
  await sql`create index interpreter_follows_interpreter_idx on interpreter_follows (interpreter_id)`.execute(db);

  await db.schema
    .createTable('follow_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('notify_when_online', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('integration_keys')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('presence_events')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    // Who sent it: `key:<id>`, `user:<id>` (an interpreter's own token) or `agent:<device>`.
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('online', 'boolean', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('presence_events_sender_source_key', ['sender', 'source_id'])
    .execute();
  await sql`create index presence_events_user_at_idx on presence_events (user_id, at, id)`.execute(db);

  await db.schema
    .createTable('presence_sessions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    // The last sign of life (an event or a heartbeat): a session silent past the expiry is closed here.
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .execute();
  await sql`create index presence_sessions_user_idx on presence_sessions (user_id, started_at desc)`.execute(db);
  await sql`create unique index presence_sessions_open_idx on presence_sessions (user_id) where ended_at is null`.execute(
    db,
  );
  // Days and ranges (WFM): sessions overlapping a period.
  await sql`create index presence_sessions_started_idx on presence_sessions (started_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'presence_sessions',
    'presence_events',
    'integration_keys',
    'follow_settings',
    'interpreter_follows',
    'interpreter_profiles',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
