import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Uploaded files (lib/files.ts): bytes in the database so every server shares them.
  await db.schema
    .createTable('files')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('tickets')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('department', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) =>
      c
        .notNull()
        .defaultTo('normal')
        .check(sql`priority in ('low', 'normal', 'high', 'urgent')`),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'in_progress', 'answered', 'closed')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('first_response_at', 'timestamptz')
    .addColumn('closed_at', 'timestamptz')
    // When it began waiting for the desk; null once the desk has answered or it is closed.
    .addColumn('waiting_since', 'timestamptz')
    .execute();
  // Active lists (as owner, as desk, and for desks over many departments), newest activity first.
  await sql`create index tickets_active_idx on tickets (updated_at desc, id desc) where status <> 'closed'`.execute(db);
  await sql`create index tickets_active_owner_idx on tickets (owner_id, updated_at desc, id desc) where status <> 'closed'`.execute(
    db,
  );
  await sql`create index tickets_active_department_idx on tickets (department, updated_at desc, id desc) where status <> 'closed'`.execute(
    db,
  );
  // History (closed), newest closed first.
  await sql`create index tickets_closed_owner_idx on tickets (owner_id, closed_at desc, id desc) where status = 'closed'`.execute(
    db,
  );
  await sql`create index tickets_closed_department_idx on tickets (department, closed_at desc, id desc) where status = 'closed'`.execute(
    db,
  );
  // Statistics over a period.
  await sql`create index tickets_created_idx on tickets (department, created_at)`.execute(db);

  await db.schema
    .createTable('ticket_replies')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('is_desk', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  await db.schema.createIndex('ticket_replies_ticket_idx').on('ticket_replies').columns(['ticket_id', 'id']).execute();

  // reply_id null = an attachment of the ticket's own message.
  await db.schema
    .createTable('ticket_attachments')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('reply_id', 'integer', (c) => c.references('ticket_replies.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id'))
    .execute();
  await db.schema
    .createIndex('ticket_attachments_ticket_idx')
    .on('ticket_attachments')
    .columns(['ticket_id', 'id'])
    .execute();
}
