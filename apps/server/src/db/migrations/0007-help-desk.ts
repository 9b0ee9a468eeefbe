import { sql, type Kysely } from 'kysely';

/**
 * The help desk's tools: internal notes, canned replies per desk, SLA targets
 * per desk and priority, and the marks that a breach was escalated (once per kind, by
 * whichever server's job gets there first).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('ticket_replies')
    .addColumn('internal', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('tickets')
    .addColumn('first_response_escalated_at', 'timestamptz')
    .addColumn('resolution_escalated_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('ticket_sla_targets')
    .addColumn('department', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('first_response_minutes', 'integer')
    .addColumn('resolution_minutes', 'integer')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addPrimaryKeyConstraint('ticket_sla_targets_pk', ['department', 'priority'])
    .execute();

  await db.schema
    .createTable('canned_replies')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('department', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('shortcut', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The shortcut is what an agent types: one meaning per desk, whatever the case.
  await sql`create unique index canned_replies_shortcut_idx on canned_replies (department, lower(shortcut))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('canned_replies').execute();
  await db.schema.dropTable('ticket_sla_targets').execute();
  await db.schema
    .alterTable('tickets')
    .dropColumn('first_response_escalated_at')
    .dropColumn('resolution_escalated_at')
    .execute();
  await db.schema.alterTable('ticket_replies').dropColumn('internal').execute();
}
