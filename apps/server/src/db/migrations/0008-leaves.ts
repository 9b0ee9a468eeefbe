import { sql, type Kysely } from 'kysely';

/**
 * Leave requests: HR's leave types and public holidays, requests with the
 * working days they take per year (a leave across New Year counts in both; stored as
 * counted when submitted, so a holiday added later does not change decided leave),
 * their timeline, and their attachments (the shared files table).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('leave_types')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    // Seeded types carry a code the web translates; HR's own types have none.
    .addColumn('code', 'text', (c) => c.unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('yearly_days', 'numeric(5, 1)', (c) => c.notNull().defaultTo(0))
    .addColumn('carry_over_max_days', 'numeric(5, 1)', (c) => c.notNull().defaultTo(0))
    .addColumn('half_days_allowed', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('attachment_required_after_days', 'integer')
    .addColumn('counts_against_balance', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('requires_hr_confirmation', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index leave_types_name_idx on leave_types (lower(name))`.execute(db);
  // Every install starts with the usual types (HR edits or retires them); `code` lets the
  // web translate their names. Literal here: a migration must not change with app code.
  await sql`
    insert into leave_types
      (code, name, yearly_days, carry_over_max_days, half_days_allowed,
       attachment_required_after_days, counts_against_balance, requires_hr_confirmation)
    values
      ('annual', 'Annual leave', 21, 5, true, null, true, false),
      ('casual', 'Casual leave', 6, 0, true, null, true, false),
      ('sick', 'Sick leave', 15, 0, false, 2, true, false),
      ('unpaid', 'Unpaid leave', 0, 0, true, null, false, true),
      ('maternity', 'Maternity leave', 90, 0, false, null, true, true),
      ('bereavement', 'Bereavement leave', 3, 0, false, null, true, false)
  `.execute(db);

  await db.schema
    .createTable('leave_holidays')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('date', 'date', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('leave_requests')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('leave_type_id', 'integer', (c) => c.notNull().references('leave_types.id'))
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('end_date', 'date', (c) => c.notNull())
    .addColumn('half_day', 'text', (c) => c.check(sql`half_day in ('first', 'second')`))
    .addColumn('days', 'numeric(5, 1)', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'awaiting_hr', 'approved', 'rejected', 'cancelled', 'revoked')`),
    )
    // HR recording leave for someone else.
    .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('leave_requests_range', sql`end_date >= start_date`)
    .execute();
  // A user's own requests (overlap checks, lists) and the calendar's ranges.
  await sql`create index leave_requests_user_idx on leave_requests (user_id, start_date desc)`.execute(db);
  await sql`create index leave_requests_dates_idx on leave_requests (start_date, end_date) where status in ('pending', 'awaiting_hr', 'approved')`.execute(
    db,
  );
  await sql`create index leave_requests_open_idx on leave_requests (status, created_at) where status in ('pending', 'awaiting_hr')`.execute(
    db,
  );

  await db.schema
    .createTable('leave_request_years')
    .addColumn('leave_id', 'integer', (c) => c.notNull().references('leave_requests.id').onDelete('cascade'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('days', 'numeric(5, 1)', (c) => c.notNull())
    .addPrimaryKeyConstraint('leave_request_years_pk', ['leave_id', 'year'])
    .execute();

  await db.schema
    .createTable('leave_events')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('leave_id', 'integer', (c) => c.notNull().references('leave_requests.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`create index leave_events_leave_idx on leave_events (leave_id, id)`.execute(db);

  await db.schema
    .createTable('leave_attachments')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('leave_id', 'integer', (c) => c.notNull().references('leave_requests.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id'))
    .execute();
  await sql`create index leave_attachments_leave_idx on leave_attachments (leave_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'leave_attachments',
    'leave_events',
    'leave_request_years',
    'leave_requests',
    'leave_holidays',
    'leave_types',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
