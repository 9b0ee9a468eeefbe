import { sql, type Kysely } from 'kysely';
import { ocrSearchText } from '@portal/contracts';

/**
 * OCR search finds word forms: each page keeps `search_text`, its text normalised by
 * contracts' `ocrSearchText` (English stems, Arabic without article, alef and ta-marbuta
 * forms or diacritics), and the search vector is built from that with the `simple`
 * configuration, so PGlite and PostgreSQL index alike. The pages already recognised are
 * normalised here, a batch at a time.
 */
const BATCH = 200;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ocr_pages add column search_text text not null default ''`.execute(db);
  // Dropping the generated column drops its index; both come back over search_text below.
  await sql`alter table ocr_pages drop column search`.execute(db);
  let after = { job: 0, page: 0 };
  for (;;) {
    const { rows } = await sql<{ job_id: number; number: number; text: string }>`
      select job_id, number, text from ocr_pages
      where (job_id, number) > (${after.job}, ${after.page})
      order by job_id, number
      limit ${BATCH}`.execute(db);
    for (const r of rows) {
      const searchText = ocrSearchText(r.text);
      if (searchText)
        await sql`update ocr_pages set search_text = ${searchText} where job_id = ${r.job_id} and number = ${r.number}`.execute(
          db,
        );
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) break;
    after = { job: last.job_id, page: last.number };
  }
  await sql`
    alter table ocr_pages
    add column search tsvector generated always as (to_tsvector('simple', search_text)) stored`.execute(db);
  await sql`create index ocr_pages_search on ocr_pages using gin (search)`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
