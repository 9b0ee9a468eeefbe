import { sql, type Kysely } from 'kysely';

/**
 * The per-user upload quota sums `files.size` of one uploader before every
 * upload: an index-only scan instead of reading the whole files table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index files_uploaded_by_idx on files (uploaded_by) include (size)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index files_uploaded_by_idx`.execute(db);
}
