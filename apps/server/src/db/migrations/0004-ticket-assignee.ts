import { sql, type Kysely } from 'kysely';

/** Who on the desk has taken a ticket (a help desk's "assigned to"). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tickets')
    .addColumn('assignee_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // "Assigned to me" on the desk: active tickets of one assignee, newest activity first.
  await sql`create index tickets_active_assignee_idx on tickets (assignee_id, updated_at desc, id desc) where status <> 'closed'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tickets').dropColumn('assignee_id').execute();
}
