import { sql, type Kysely } from 'kysely';

/**
 * KPIs and manager reports.
 *
 * KPI: definitions (QUALITY, WFM and ADMIN keep them; a name once, case-insensitively),
 * one record per user, definition and period (`period_start`, the period's first day),
 * every earlier value of a record in `kpi_record_history`, and the reminders sent about
 * missing values (`kind` manual, due — before the period closes — or escalated — to the
 * manager after it closed; the automatic kinds are sent once per user/KPI/period).
 *
 * Reports: drafts and submitted reports by managers, about one or more people
 * (`report_subjects`), with attachments in the shared files table; a submitted report is
 * replaced by a new one pointing at it (`supersedes_id`, at most one successor each).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('kpi_definitions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('target', 'numeric', (c) => c.notNull())
    .addColumn('weight', 'numeric', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('applies_to', sql`text[]`, (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index kpi_definitions_name_key on kpi_definitions (lower(name))`.execute(db);

  await db.schema
    .createTable('kpi_records')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kpi_id', 'integer', (c) => c.notNull().references('kpi_definitions.id').onDelete('cascade'))
    .addColumn('period_start', 'date', (c) => c.notNull())
    .addColumn('value', 'numeric', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('entered_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('entered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('kpi_records_user_kpi_period_key', ['user_id', 'kpi_id', 'period_start'])
    .execute();
  await sql`create index kpi_records_period_idx on kpi_records (period_start, kpi_id)`.execute(db);

  await db.schema
    .createTable('kpi_record_history')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('record_id', 'integer', (c) => c.notNull().references('kpi_records.id').onDelete('cascade'))
    .addColumn('value', 'numeric', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('changed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index kpi_record_history_record_idx on kpi_record_history (record_id, id)`.execute(db);

  await db.schema
    .createTable('kpi_reminders')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kpi_id', 'integer', (c) => c.notNull().references('kpi_definitions.id').onDelete('cascade'))
    .addColumn('period_start', 'date', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sent_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index kpi_reminders_lookup_idx on kpi_reminders (period_start, user_id, kpi_id)`.execute(db);
  // The scheduled reminders go out once, whichever server's job gets there first.
  await sql`create unique index kpi_reminders_auto_key on kpi_reminders (user_id, kpi_id, period_start, kind) where kind <> 'manual'`.execute(
    db,
  );

  await db.schema
    .createTable('reports')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('period_from', 'date', (c) => c.notNull())
    .addColumn('period_to', 'date', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('supersedes_id', 'integer', (c) => c.references('reports.id').unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('submitted_at', 'timestamptz')
    .execute();
  await sql`create index reports_author_idx on reports (author_id, updated_at desc)`.execute(db);

  await db.schema
    .createTable('report_subjects')
    .addColumn('report_id', 'integer', (c) => c.notNull().references('reports.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('report_subjects_pk', ['report_id', 'user_id'])
    .execute();
  await sql`create index report_subjects_user_idx on report_subjects (user_id)`.execute(db);

  await db.schema
    .createTable('report_attachments')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('report_id', 'integer', (c) => c.notNull().references('reports.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id'))
    .execute();
  await sql`create index report_attachments_report_idx on report_attachments (report_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'report_attachments',
    'report_subjects',
    'reports',
    'kpi_reminders',
    'kpi_record_history',
    'kpi_records',
    'kpi_definitions',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
