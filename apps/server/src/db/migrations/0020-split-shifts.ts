import { sql, type Kysely } from 'kysely';

/**
 * Split shifts: an interpreter may have several shifts on one day (a morning and an
 * evening block) as long as they do not overlap. The one-per-day key goes; overlaps are
 * refused by the service under a per-interpreter lock, comparing instants (so a night
 * shift running into the next morning counts). The index serves that check and the
 * roster's reads of one person's shifts in time order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table shifts drop constraint shifts_user_date_key`.execute(db);
  await sql`create index shifts_user_starts_idx on shifts (user_id, starts_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index shifts_user_starts_idx`.execute(db);
  await sql`alter table shifts add constraint shifts_user_date_key unique (user_id, shift_date)`.execute(db);
}
