import { sql, type Selectable } from 'kysely';
import {
  ocrSearchQuery,
  ocrSearchText,
  type TOcrContentType,
  type TOcrFailureReason,
  type TOcrJobStatus,
  type TOcrLanguage,
  type TOcrPageMethod,
  type TOcrWord,
  type TStaffDepartment,
} from '@portal/contracts';
import type { Database } from '../../db/database.js';
import type { OcrJobsTable, OcrPagesTable, UserRow } from '../../db/schema.js';

type JobColumns = Omit<Selectable<OcrJobsTable>, 'result_pdf'>;

/** A job row with its owner, as lists and the detail need it. */
export interface OcrJobRow extends JobColumns {
  owner_username: string;
  owner_first_name: string;
  owner_last_name: string;
  owner_user_type: UserRow['user_type'];
}

const JOB_COLUMNS = [
  'j.id',
  'j.owner_id',
  'j.file_id',
  'j.filename',
  'j.content_type',
  'j.size',
  'j.language',
  'j.status',
  'j.shared_with',
  'j.pages',
  'j.pages_done',
  'j.pages_failed',
  'j.confidence',
  'j.error',
  'j.created_at',
  'j.started_at',
  'j.finished_at',
  'j.expires_at',
  'u.username as owner_username',
  'u.first_name as owner_first_name',
  'u.last_name as owner_last_name',
  'u.user_type as owner_user_type',
] as const;

function jobs(db: Database) {
  return db.selectFrom('ocr_jobs as j').innerJoin('users as u', 'u.id', 'j.owner_id').select(JOB_COLUMNS);
}

/** Who is asking, for the visibility filter (the same rule as contracts' canSeeOcrJob). */
export interface OcrViewer {
  id: number;
  user_type: UserRow['user_type'];
  admin: boolean;
}

export interface NewOcrJob {
  owner_id: number;
  file_id: number;
  filename: string;
  content_type: TOcrContentType;
  size: number;
  language: TOcrLanguage;
  shared_with: TStaffDepartment | null;
  retentionDays: number;
}

export async function insertJob(db: Database, job: NewOcrJob): Promise<number> {
  const { retentionDays, ...values } = job;
  const row = await db
    .insertInto('ocr_jobs')
    .values({ ...values, expires_at: sql<Date>`now() + make_interval(days => ${retentionDays})` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findJob(db: Database, id: number): Promise<OcrJobRow | undefined> {
  return jobs(db).where('j.id', '=', id).executeTakeFirst();
}

export async function findJobsByIds(db: Database, ids: number[]): Promise<OcrJobRow[]> {
  if (ids.length === 0) return [];
  return jobs(db).where('j.id', 'in', ids).orderBy('j.id').execute();
}

export interface OcrListFilter {
  viewer: OcrViewer;
  mine: boolean;
  status?: TOcrJobStatus;
  q?: string;
  limit: number;
  offset: number;
}

/** A page of the jobs the viewer may see (newest first) and how many there are in all. */
export async function listJobs(db: Database, f: OcrListFilter): Promise<{ rows: OcrJobRow[]; count: number }> {
  let q = jobs(db);
  if (f.mine || !f.viewer.admin)
    q = q.where((eb) =>
      f.mine
        ? eb('j.owner_id', '=', f.viewer.id)
        : eb.or([eb('j.owner_id', '=', f.viewer.id), eb(sql.ref('j.shared_with'), '=', f.viewer.user_type)]),
    );
  if (f.status) q = q.where('j.status', '=', f.status);
  if (f.q) q = q.where(sql<boolean>`strpos(lower(j.filename), lower(${f.q})) > 0`);
  const rows = await q
    .select(sql<number>`count(*) over ()`.as('total'))
    .orderBy('j.id', 'desc')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
  return { rows, count: rows.length > 0 ? Number(rows[0]!.total) : 0 };
}

export async function updateSharing(db: Database, id: number, sharedWith: TStaffDepartment | null): Promise<void> {
  await db.updateTable('ocr_jobs').set({ shared_with: sharedWith }).where('id', '=', id).execute();
}

/** Removes a job with its pages; answers the original's file id (the caller removes it). */
export async function deleteJob(db: Database, id: number): Promise<number | undefined> {
  const row = await db.deleteFrom('ocr_jobs').where('id', '=', id).returning('file_id').executeTakeFirst();
  return row?.file_id;
}

/** Removes jobs past their retention; answers their originals' file ids. */
export async function deleteExpiredJobs(db: Database): Promise<number[]> {
  const rows = await db
    .deleteFrom('ocr_jobs')
    .where('expires_at', '<=', sql<Date>`now()`)
    .returning('file_id')
    .execute();
  return rows.map((r) => r.file_id);
}

// ---- pages ----

export type OcrPageSummaryRow = Pick<
  Selectable<OcrPagesTable>,
  'number' | 'status' | 'method' | 'confidence' | 'width' | 'height' | 'error'
>;

export async function listPages(db: Database, jobId: number): Promise<OcrPageSummaryRow[]> {
  return db
    .selectFrom('ocr_pages')
    .select(['number', 'status', 'method', 'confidence', 'width', 'height', 'error'])
    .where('job_id', '=', jobId)
    .orderBy('number')
    .execute();
}

export async function findPage(db: Database, jobId: number, n: number) {
  return db
    .selectFrom('ocr_pages')
    .select(['number', 'status', 'method', 'confidence', 'width', 'height', 'error', 'text', 'words'])
    .select(sql<boolean>`image is not null`.as('has_image'))
    .where('job_id', '=', jobId)
    .where('number', '=', n)
    .executeTakeFirst();
}

export async function pageImage(db: Database, jobId: number, n: number): Promise<Buffer | null | undefined> {
  const row = await db
    .selectFrom('ocr_pages')
    .select('image')
    .where('job_id', '=', jobId)
    .where('number', '=', n)
    .executeTakeFirst();
  return row ? row.image : undefined;
}

export async function pageTexts(db: Database, jobId: number): Promise<{ number: number; text: string }[]> {
  return db.selectFrom('ocr_pages').select(['number', 'text']).where('job_id', '=', jobId).orderBy('number').execute();
}

export async function resultPdf(db: Database, jobId: number): Promise<Buffer | null | undefined> {
  const row = await db.selectFrom('ocr_jobs').select('result_pdf').where('id', '=', jobId).executeTakeFirst();
  return row ? row.result_pdf : undefined;
}

// ---- the pipeline's steps (each a conditional write, so a repeated step changes nothing) ----

/** queued → running (a retried open finds it running already). Answers whether the job is to be worked. */
export async function markRunning(db: Database, id: number): Promise<boolean> {
  const row = await db
    .updateTable('ocr_jobs')
    .set({ status: 'running', started_at: sql<Date>`coalesce(started_at, now())` })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface OpenedPageValues {
  number: number;
  image: Buffer;
  width: number;
  height: number;
  textLayer: { text: string; words: TOcrWord[] } | null;
}

/**
 * Writes the opened document's pages once (a repeated open keeps the first) and the job's
 * page count and text-layer pages. Answers the job's counts after it.
 */
export async function storeOpenedPages(db: Database, id: number, pages: OpenedPageValues[]) {
  const existing = await db
    .selectFrom('ocr_pages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('job_id', '=', id)
    .executeTakeFirstOrThrow();
  if (Number(existing.n) === 0) {
    for (const p of pages) {
      await db
        .insertInto('ocr_pages')
        .values({
          job_id: id,
          number: p.number,
          image: p.image,
          width: p.width,
          height: p.height,
          ...(p.textLayer
            ? {
                status: 'done',
                method: 'text-layer',
                text: p.textLayer.text,
                search_text: ocrSearchText(p.textLayer.text),
                words: JSON.stringify(p.textLayer.words),
                finished_at: sql<Date>`now()`,
              }
            : {}),
        })
        .execute();
    }
  }
  return db
    .updateTable('ocr_jobs')
    .set((eb) => ({
      pages: pages.length,
      pages_done: eb
        .selectFrom('ocr_pages')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('job_id', '=', id)
        .where('status', '=', 'done'),
    }))
    .where('id', '=', id)
    .returning(['status', 'pages', 'pages_done', 'pages_failed'])
    .executeTakeFirstOrThrow();
}

export async function pendingPageNumbers(db: Database, id: number): Promise<number[]> {
  const rows = await db
    .selectFrom('ocr_pages')
    .select('number')
    .where('job_id', '=', id)
    .where('status', '=', 'pending')
    .orderBy('number')
    .execute();
  return rows.map((r) => r.number);
}

/** What a page step needs: the job's state and language, and the page's image if still pending. */
export async function pageWork(db: Database, id: number, n: number) {
  return db
    .selectFrom('ocr_jobs as j')
    .innerJoin('ocr_pages as p', 'p.job_id', 'j.id')
    .select(['j.status as job_status', 'j.language', 'j.owner_id', 'p.status', 'p.image'])
    .where('j.id', '=', id)
    .where('p.number', '=', n)
    .executeTakeFirst();
}

export interface RecognizedValues {
  text: string;
  words: TOcrWord[];
  confidence: number;
  width: number;
  height: number;
  image: Buffer;
  pdf: Buffer;
}

/** A pending page gets its result and the job counts it (under the job's row lock); undefined if it was not pending. */
export async function completePage(db: Database, id: number, n: number, r: RecognizedValues) {
  const done = await db
    .updateTable('ocr_pages')
    .set({
      status: 'done',
      method: 'ocr',
      text: r.text,
      search_text: ocrSearchText(r.text),
      words: JSON.stringify(r.words),
      confidence: r.confidence,
      width: r.width,
      height: r.height,
      image: r.image,
      pdf: r.pdf,
      error: null,
      finished_at: sql<Date>`now()`,
    })
    .where('job_id', '=', id)
    .where('number', '=', n)
    .where('status', '=', 'pending')
    .returning('number')
    .executeTakeFirst();
  if (!done) return undefined;
  return bumpJob(db, id, 'pages_done');
}

/**
 * Counts a recognition attempt on a page before it starts (committed at once, so it stays
 * counted if the attempt takes the process down). Answers the page's count of attempts
 * that crashed, this one included until endPageAttempt gives it back.
 */
export async function startPageAttempt(db: Database, id: number, n: number): Promise<number> {
  const row = await db
    .updateTable('ocr_pages')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('job_id', '=', id)
    .where('number', '=', n)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}

/** An attempt that ended without crashing anything is not counted against the page. */
export async function endPageAttempt(db: Database, id: number, n: number): Promise<void> {
  await db
    .updateTable('ocr_pages')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('job_id', '=', id)
    .where('number', '=', n)
    .where('attempts', '>', 0)
    .execute();
}

/** A pending page is given up (its retries spent); the job counts it. */
export async function failPage(db: Database, id: number, n: number, reason: TOcrFailureReason) {
  const failed = await db
    .updateTable('ocr_pages')
    .set({ status: 'failed', error: reason, finished_at: sql<Date>`now()` })
    .where('job_id', '=', id)
    .where('number', '=', n)
    .where('status', '=', 'pending')
    .returning('number')
    .executeTakeFirst();
  if (!failed) return undefined;
  return bumpJob(db, id, 'pages_failed');
}

function bumpJob(db: Database, id: number, column: 'pages_done' | 'pages_failed') {
  return db
    .updateTable('ocr_jobs')
    .set((eb) => ({ [column]: eb(column, '+', 1) }))
    .where('id', '=', id)
    .returning(['status', 'pages', 'pages_done', 'pages_failed'])
    .executeTakeFirstOrThrow();
}

export async function jobCounts(db: Database, id: number) {
  return db
    .selectFrom('ocr_jobs')
    .select(['status', 'pages', 'pages_done', 'pages_failed', 'owner_id', 'content_type', 'file_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Each page's method, its own PDF (OCR pages), text and confidence, in order: to assemble the result. */
export async function pagesForResult(db: Database, id: number) {
  return db
    .selectFrom('ocr_pages')
    .select(['number', 'status', 'method', 'pdf', 'confidence', 'error', sql<number>`length(btrim(text))`.as('chars')])
    .where('job_id', '=', id)
    .orderBy('number')
    .execute();
}

/** running → done or failed, once; undefined if the job was no longer running (cancelled meanwhile). */
export async function endJob(
  db: Database,
  id: number,
  end: { status: 'done' | 'failed'; error: TOcrFailureReason | null; confidence: number | null; pdf: Buffer | null },
) {
  return db
    .updateTable('ocr_jobs')
    .set({
      status: end.status,
      error: end.error,
      confidence: end.confidence,
      result_pdf: end.pdf,
      finished_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .returning(['status', 'pages', 'pages_done', 'pages_failed', 'error'])
    .executeTakeFirst();
}

/** A job that could not be opened fails at once (any state but ended). */
export async function failJob(db: Database, id: number, reason: TOcrFailureReason) {
  return db
    .updateTable('ocr_jobs')
    .set({ status: 'failed', error: reason, finished_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .returning(['status', 'pages', 'pages_done', 'pages_failed', 'error'])
    .executeTakeFirst();
}

export async function cancelJob(db: Database, id: number) {
  return db
    .updateTable('ocr_jobs')
    .set({ status: 'cancelled', finished_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .returning(['status', 'pages', 'pages_done', 'pages_failed', 'error'])
    .executeTakeFirst();
}

/**
 * Puts an ended job back in the queue: pages that failed (or never ran) go back to pending,
 * done pages are kept. Answers the new counts, or undefined if it was not retryable.
 */
export async function reopenJob(db: Database, id: number) {
  await db
    .updateTable('ocr_pages')
    .set({ status: 'pending', error: null, attempts: 0, finished_at: null })
    .where('job_id', '=', id)
    .where('status', '=', 'failed')
    .execute();
  return db
    .updateTable('ocr_jobs')
    .set({
      status: 'queued',
      error: null,
      finished_at: null,
      result_pdf: null,
      pages_failed: 0,
    })
    .where('id', '=', id)
    .where('status', 'in', ['failed', 'cancelled', 'done'])
    .returning(['status', 'pages', 'pages_done', 'pages_failed', 'error'])
    .executeTakeFirst();
}

// ---- search ----

export interface OcrSearchRow {
  job_id: number;
  number: number;
  rank: number;
  /** The page's text as recognised: the snippet is cut from it. */
  text: string;
  total: number;
}

/**
 * Ranked pages of the viewer's visible, finished text that match the query. The query's
 * words are normalised as the pages' search text was (contracts' ocrSearchQuery), then
 * read in web-search syntax, which never fails on what a user types.
 */
export async function searchPages(
  db: Database,
  viewer: OcrViewer,
  q: string,
  limit: number,
  offset: number,
): Promise<OcrSearchRow[]> {
  const query = sql`websearch_to_tsquery('simple', ${ocrSearchQuery(q)})`;
  const { rows } = await sql<OcrSearchRow>`
    select p.job_id, p.number, ts_rank(p.search, ${query}) as rank, p.text, count(*) over () as total
    from ocr_pages p
    join ocr_jobs j on j.id = p.job_id
    where p.search @@ ${query}
      and (${viewer.admin} or j.owner_id = ${viewer.id} or j.shared_with = ${viewer.user_type})
    order by rank desc, p.job_id desc, p.number
    limit ${limit} offset ${offset}`.execute(db);
  return rows.map((r) => ({ ...r, rank: Number(r.rank), total: Number(r.total) }));
}

export type { TOcrPageMethod };
