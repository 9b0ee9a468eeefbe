import type { Kysely } from 'kysely';

/**
 * Request counters shared by every server process (per-address limits on
 * credential routes must hold on several servers). One row per key and window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_ends', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_window_ends_idx').on('rate_limits').column('window_ends').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
