import { sql, type Kysely } from 'kysely';

/**
 * OCR jobs. One job per uploaded document (the original in the shared files
 * table); one row per page, written as each page finishes, so a job that a crash or a
 * restart interrupted carries on from the pages still pending. A page keeps its image
 * (the PNG that was recognised and that the web shows), its text, words with boxes, its
 * own searchable PDF page, and a `simple` text-search vector (no stemming: it works for
 * Arabic and English alike). The queue itself is pg-boss's schema, created on first use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ocr_jobs (
      id integer primary key generated always as identity,
      owner_id integer not null references users(id) on delete cascade,
      file_id integer not null references files(id),
      filename text not null,
      content_type text not null,
      size integer not null,
      language text not null,
      status text not null default 'queued',
      shared_with text,
      pages integer,
      pages_done integer not null default 0,
      pages_failed integer not null default 0,
      confidence real,
      error text,
      result_pdf bytea,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index ocr_jobs_owner on ocr_jobs (owner_id, id desc)`.execute(db);
  await sql`create index ocr_jobs_shared on ocr_jobs (shared_with, id desc) where shared_with is not null`.execute(db);
  await sql`create index ocr_jobs_expires on ocr_jobs (expires_at)`.execute(db);

  await sql`
    create table ocr_pages (
      job_id integer not null references ocr_jobs(id) on delete cascade,
      number integer not null,
      status text not null default 'pending',
      method text,
      image bytea,
      width integer,
      height integer,
      text text not null default '',
      words jsonb not null default '[]',
      confidence real,
      pdf bytea,
      error text,
      attempts integer not null default 0,
      finished_at timestamptz,
      search tsvector generated always as (to_tsvector('simple', text)) stored,
      primary key (job_id, number)
    )`.execute(db);
  await sql`create index ocr_pages_search on ocr_pages using gin (search)`.execute(db);
}
