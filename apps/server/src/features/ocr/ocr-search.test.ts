import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ocrEndpoints as O, type TOcrSearchHit } from '@portal/contracts';
import { openDatabase } from '../../db/database.js';
import { migrateToLatest, migrateUpTo } from '../../db/migrate.js';
import type { UserRow } from '../../db/schema.js';
import { callAs } from '../../../test/client.js';
import { factories } from '../../../test/factories.js';
import { freshPostgresDatabase, startTestServer, tempDir, type TestServer } from '../../../test/harness.js';

/**
 * Search finds word forms, alike on PGlite and PostgreSQL: English plurals and endings,
 * Arabic with or without its article, alef and ta-marbuta forms and diacritics; the
 * snippet marks the words as the page has them.
 */
let s: TestServer;
let make: ReturnType<typeof factories>;
beforeAll(async () => {
  s = await startTestServer();
  make = factories(s.database.db);
});
afterAll(() => s?.stop());

/** A member of staff of their own, with one job whose pages have these texts (text layer, searchable at once). */
async function ownerOf(texts: string[]): Promise<{ user: UserRow; job: number }> {
  const user = await make.user({ user_type: 'HR' });
  const { id } = await make.ocrJob({ owner: user, texts });
  return { user, job: id };
}

async function search(user: UserRow, q: string): Promise<TOcrSearchHit[]> {
  const res = await callAs(s, user, O.searchOcr, { query: { q } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.results;
}

const pagesOf = (hits: TOcrSearchHit[]) => hits.map((h) => h.page).sort();
const marked = (hit: TOcrSearchHit | undefined) => hit?.snippet.filter((p) => p.hit).map((p) => p.text) ?? [];

describe('English word forms', () => {
  it('finds "interpreters" for "interpreter" and the other way round, and marks the word as written', async () => {
    const { user } = await ownerOf([
      'Two certified interpreters attended the hearing.',
      'The interpreter signed the record.',
      'Interpreting was booked for Monday.',
      'Nothing about languages here.',
    ]);
    const found = await search(user, 'interpreter');
    expect(pagesOf(found)).toEqual([1, 2, 3]);
    expect(marked(found.find((h) => h.page === 1))).toEqual(['interpreters']);
    expect(marked(found.find((h) => h.page === 3))).toEqual(['Interpreting']);
    expect(pagesOf(await search(user, 'interpreters'))).toEqual([1, 2, 3]);
    // A phrase keeps its words in order, each in any form.
    expect(pagesOf(await search(user, '"certified interpreter"'))).toEqual([1]);
    expect(pagesOf(await search(user, 'interpreter -record'))).toEqual([1, 3]);
  });
});

describe('Arabic word forms', () => {
  it('finds a word with or without its article: "مترجمة" finds "المترجمة", "طبي" finds "الطبي"', async () => {
    const { user } = await ownerOf(['حضرت المترجمة الجلسة', 'التقرير الطبي جاهز', 'وصلت رسالة أخرى']);
    const translator = await search(user, 'مترجمة');
    expect(pagesOf(translator)).toEqual([1]);
    expect(marked(translator[0])).toEqual(['المترجمة']);
    const medical = await search(user, 'طبي');
    expect(pagesOf(medical)).toEqual([2]);
    expect(marked(medical[0])).toEqual(['الطبي']);
    // And the other way round, and after a conjunction or preposition.
    expect(pagesOf(await search(user, 'الطبي'))).toEqual([2]);
    expect(pagesOf(await search(user, 'للمترجمة'))).toEqual([1]);
    expect(pagesOf(await search(user, 'والتقرير'))).toEqual([2]);
  });

  it('reads the alef forms أ إ آ as ا, both in the text and in the query', async () => {
    const { user } = await ownerOf(['أحمد في الإدارة', 'آخر موعد للتسليم', 'ادارة الموارد البشرية']);
    expect(pagesOf(await search(user, 'احمد'))).toEqual([1]);
    expect(pagesOf(await search(user, 'إدارة'))).toEqual([1, 3]);
    expect(pagesOf(await search(user, 'اخر'))).toEqual([2]);
    const hits = await search(user, 'ادارة');
    expect(marked(hits.find((h) => h.page === 1))).toEqual(['الإدارة']);
  });

  it('reads ta marbuta ة and ha ه alike', async () => {
    const { user } = await ownerOf(['المترجمه وصلت', 'رسالة عاجلة']);
    expect(pagesOf(await search(user, 'مترجمة'))).toEqual([1]);
    expect(pagesOf(await search(user, 'رساله'))).toEqual([2]);
  });

  it('ignores diacritics and tatweel, in the text and in the query', async () => {
    const { user } = await ownerOf(['وصلت المُتَرْجِمَةُ صباحًا', 'تقريـــر شامل']);
    const hits = await search(user, 'مترجمة');
    expect(pagesOf(hits)).toEqual([1]);
    expect(marked(hits[0])).toEqual(['المُتَرْجِمَةُ']);
    expect(pagesOf(await search(user, 'مُتَرجِمة'))).toEqual([1]);
    expect(pagesOf(await search(user, 'تقرير'))).toEqual([2]);
  });
});

describe('pages recognised before word forms were searched', () => {
  const dataDir = tempDir();
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('are indexed again by the migration', async () => {
    const pgUrl = process.env.TEST_DATABASE_URL;
    const pg = pgUrl ? await freshPostgresDatabase(pgUrl) : undefined;
    drop = pg?.drop;
    const handle = await openDatabase({ databaseUrl: pg?.url, dataDir, poolSize: 1 });
    try {
      const db = handle.db;
      await migrateUpTo(db, '0017-notification-kinds');
      const user = await sql<{ id: number }>`
        insert into users (username, email, password_hash, user_type)
        values ('old.hr', 'old.hr@example.com', 'x', 'HR') returning id`.execute(db);
      const owner = user.rows[0]!.id;
      const file = await sql<{ id: number }>`
        insert into files (filename, content_type, size, sha256, data, uploaded_by)
        values ('old.pdf', 'application/pdf', 1, 'x', ${Buffer.from('x')}, ${owner}) returning id`.execute(db);
      const job = await sql<{ id: number }>`
        insert into ocr_jobs (owner_id, file_id, filename, content_type, size, language, status, expires_at)
        values (${owner}, ${file.rows[0]!.id}, 'old.pdf', 'application/pdf', 1, 'ara+eng', 'done', now() + interval '1 day')
        returning id`.execute(db);
      const id = job.rows[0]!.id;
      await sql`insert into ocr_pages (job_id, number, status, text) values
        (${id}, 1, 'done', 'Interpreters booked'), (${id}, 2, 'done', 'التقرير الطبي'), (${id}, 3, 'pending', '')`.execute(
        db,
      );

      expect(await migrateToLatest(db)).toContain('0019-ocr-search-forms');
      const matches = async (q: string) =>
        (
          await sql<{ number: number }>`
            select number from ocr_pages
            where job_id = ${id} and search @@ websearch_to_tsquery('simple', ${q}) order by number`.execute(db)
        ).rows.map((r) => r.number);
      expect(await matches('interpret')).toEqual([1]);
      expect(await matches('طبي')).toEqual([2]);
      const texts = await sql<{ search_text: string }>`
        select search_text from ocr_pages where job_id = ${id} order by number`.execute(db);
      expect(texts.rows.map((r) => r.search_text)).toEqual(['interpret book', 'تقرير طبي', '']);
    } finally {
      await handle.close();
    }
  });
});
