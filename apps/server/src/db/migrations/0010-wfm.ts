import { sql, type Kysely } from 'kysely';

/**
 * Workforce management: shifts and required staffing.
 *
 * A shift is one interpreter's planned work on one day, written as the portal's wall clock
 * (`shift_date`, `start_time`, `end_time`; an end not after the start is on the next day)
 * and stored with its instants (`starts_at`, `ends_at`) computed by the server in its time
 * zone when written, so overlaps with presence sessions are plain range comparisons that
 * an index serves. One shift per interpreter and day (split shifts are not planned here).
 *
 * Staffing: the required online count per language pair (`language_key` is the pair in
 * either order, lower-cased and sorted) for each of the 24 hours of the day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shifts')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('shift_date', 'date', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('shifts_user_date_key', ['user_id', 'shift_date'])
    .addCheckConstraint('shifts_order_check', sql`ends_at > starts_at`)
    .execute();
  await sql`create index shifts_date_idx on shifts (shift_date)`.execute(db);

  await db.schema
    .createTable('staffing_requirements')
    .addColumn('language_key', 'text', (c) => c.primaryKey())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('hours', sql`integer[]`, (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('staffing_hours_check', sql`cardinality(hours) = 24`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staffing_requirements').execute();
  await db.schema.dropTable('shifts').execute();
}
