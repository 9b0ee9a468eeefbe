import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Single-use websocket tickets: the web client never puts its access token in a URL.
  await db.schema
    .createTable('ws_tickets')
    .addColumn('id', 'text', (c) => c.primaryKey()) // sha256 of the ticket, never the ticket
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('timestamp', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('notification_level', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('recipients', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('sender_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('notifications_timestamp_idx').on('notifications').columns(['timestamp', 'id']).execute();
  await sql`create index notifications_level_idx on notifications using gin (notification_level)`.execute(db);
  await sql`create index notifications_recipients_idx on notifications using gin (recipients)`.execute(db);

  await db.schema
    .createTable('notification_reads')
    .addColumn('notification_id', 'integer', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('notification_reads_pk', ['user_id', 'notification_id'])
    .execute();

  // Append-only audit trail; each row's hash covers the previous row's hash.
  await db.schema
    .createTable('event_logs')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .addColumn('actor_id', 'integer')
    .addColumn('actor_username', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('target_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  // Keyset pagination (at desc, id desc), alone and under each filter.
  await sql`create index event_logs_at_idx on event_logs (at desc, id desc)`.execute(db);
  await sql`create index event_logs_actor_idx on event_logs (lower(actor_username), at desc, id desc)`.execute(db);
  await sql`create index event_logs_action_idx on event_logs (action, at desc, id desc)`.execute(db);
  await sql`create index event_logs_target_idx on event_logs (target_type, target_id, at desc, id desc)`.execute(db);
}
