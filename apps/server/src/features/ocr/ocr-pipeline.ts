import { OCR_LIMITS, type TOcrFailureReason, type TOcrLanguage } from '@portal/contracts';
import type { AppContext } from '../../lib/context.js';
import type { QueuedJob } from '../../lib/queue.js';
import { readStoredFile } from '../../lib/files/index.js';
import { withTx } from '../../lib/tx.js';
import { HeavyWorkError, HeavyWorkRefusal } from '../../lib/heavy-work/index.js';
import type { PixelBudget } from '../../lib/files/image-budget.js';
import {
  assembleSearchablePdf,
  engineSize,
  OcrDocumentError,
  type OcrEngine,
  type OpenedDocument,
} from './engine/index.js';
import { publishProgress } from './ocr-live.js';
import { ocrPages } from '../../lib/metrics.js';
import * as repo from './ocr.repository.js';

/**
 * The OCR pipeline as three durable queues (pg-boss), each step idempotent because a job
 * runs at least once (a killed worker's job is handed out again once it expires):
 *   open   — read the original, split it into page images (a PDF's text-layer pages are
 *            done at once), store them, queue each pending page;
 *   page   — recognise one page on this process's engine, store it, count it;
 *   finish — once every page has settled, assemble the searchable PDF and end the job.
 * Pages are separate jobs so that one document's pages spread over every worker process.
 */
export const OCR_QUEUES = { open: 'ocr-open', page: 'ocr-page', finish: 'ocr-finish' } as const;

interface JobRef {
  job: number;
}
interface PageRef extends JobRef {
  page: number;
}

const lastAttempt = (j: QueuedJob<unknown>) => j.retryCount >= j.retryLimit;

/**
 * A page or document whose work has crashed its thread (or passed its heap cap or time)
 * this many times is failed with that reason, never tried again: the same bytes crash the
 * same way. Process deaths count too (see pageStep), so nothing is retried forever.
 */
const MAX_CRASHES = 2;

/** The pixel budgets as configured (the upload's header check and the engine's own before decoding). */
export const ocrPixelBudget = (ctx: AppContext): PixelBudget => ({
  maxPagePixels: ctx.config.OCR_MAX_PAGE_PIXELS,
  maxDocumentPixels: ctx.config.OCR_MAX_DOCUMENT_PIXELS,
});

/** Declares the queues and their handlers (worked only in processes whose role works queues). */
export function defineOcrQueues(ctx: AppContext, engine: () => OcrEngine): void {
  const common = {
    // Room for the crash count to decide, even when retries are configured lower.
    retryLimit: Math.max(ctx.config.OCR_RETRIES, MAX_CRASHES),
    retryDelay: ctx.config.OCR_RETRY_DELAY,
    expireInSeconds: ctx.config.OCR_PAGE_TIMEOUT,
  };
  // Opening runs in its own worker thread per document: as many at once as recognition threads.
  const size = engineSize(ctx.config.OCR_WORKERS);
  ctx.queue.define<JobRef>({
    name: OCR_QUEUES.open,
    ...common,
    concurrency: size,
    handler: (j) => openStep(ctx, engine(), j),
  });
  ctx.queue.define<PageRef>({
    name: OCR_QUEUES.page,
    ...common,
    concurrency: size,
    handler: (j) => pageStep(ctx, engine(), j),
  });
  ctx.queue.define<JobRef>({ name: OCR_QUEUES.finish, ...common, concurrency: 1, handler: (j) => finishStep(ctx, j) });
}

/** Queues a new (or reopened) job's first step. */
export function queueJob(ctx: AppContext, id: number): Promise<void> {
  return ctx.queue.send<JobRef>(OCR_QUEUES.open, { job: id });
}

async function fail(ctx: AppContext, id: number, owner: number, reason: TOcrFailureReason) {
  await withTx(ctx, async (tx) => {
    const c = await repo.failJob(tx.db, id, reason);
    if (c) publishProgress(tx, owner, id, c);
  });
}

async function openStep(ctx: AppContext, engine: OcrEngine, j: QueuedJob<JobRef>): Promise<void> {
  const id = j.data.job;
  const job = await repo.jobCounts(ctx.db, id);
  if (!job || (job.status !== 'queued' && job.status !== 'running')) return;
  await withTx(ctx, async (tx) => {
    if (job.status === 'queued' && (await repo.markRunning(tx.db, id)))
      publishProgress(tx, job.owner_id, id, { ...job, status: 'running' });
  });
  if (job.pages === null) {
    // pg-boss counts attempts durably, those whose process died included (they expire and
    // come back): two attempts before this one that left the document unopened crashed.
    if (j.retryCount >= MAX_CRASHES) return fail(ctx, id, job.owner_id, 'crashed');
    const file = await readStoredFile(ctx.db, job.file_id);
    if (!file) return; // deleted meanwhile
    let doc: OpenedDocument;
    try {
      doc = await engine.open(file.data, job.content_type, { maxPages: OCR_LIMITS.maxPages, ...ocrPixelBudget(ctx) });
    } catch (err) {
      // A document that cannot be read fails at once and says why: retrying would not help.
      if (err instanceof OcrDocumentError) return fail(ctx, id, job.owner_id, err.reason);
      // A crashed or limited thread is given one more try (the machine may have been busy).
      if (err instanceof HeavyWorkError && j.retryCount + 1 >= MAX_CRASHES)
        return fail(ctx, id, job.owner_id, err.reason);
      if (lastAttempt(j)) return fail(ctx, id, job.owner_id, 'engine_error');
      throw err;
    }
    await withTx(ctx, async (tx) => {
      const c = await repo.storeOpenedPages(tx.db, id, doc.pages);
      publishProgress(tx, job.owner_id, id, c);
    });
  }
  const pending = await repo.pendingPageNumbers(ctx.db, id);
  for (const page of pending) await ctx.queue.send<PageRef>(OCR_QUEUES.page, { job: id, page });
  if (pending.length === 0) await ctx.queue.send<JobRef>(OCR_QUEUES.finish, { job: id });
}

async function pageStep(ctx: AppContext, engine: OcrEngine, j: QueuedJob<PageRef>): Promise<void> {
  const { job: id, page } = j.data;
  const work = await repo.pageWork(ctx.db, id, page);
  if (!work || work.job_status !== 'running') return;
  if (work.status === 'pending' && work.image) {
    // Counted in the page's row before the work starts, and given back when the work ends
    // without a crash: an attempt that took the whole process down cannot count itself
    // afterwards, so a page that keeps doing that is stopped here, across restarts.
    const crashes = await repo.startPageAttempt(ctx.db, id, page);
    if (crashes > MAX_CRASHES) return failPage(ctx, work.owner_id, id, page, 'crashed');
    let result;
    try {
      result = await engine.recognize(work.image, work.language as TOcrLanguage);
    } catch (err) {
      if (err instanceof HeavyWorkRefusal) {
        // The page cannot be read as it is: retrying would not help.
        return failPage(ctx, work.owner_id, id, page, err.code === 'corrupt' ? 'corrupt' : 'engine_error');
      }
      if (err instanceof HeavyWorkError) {
        if (crashes >= MAX_CRASHES || lastAttempt(j)) return failPage(ctx, work.owner_id, id, page, err.reason);
        throw err; // one more try, with backoff
      }
      await repo.endPageAttempt(ctx.db, id, page);
      if (!lastAttempt(j)) throw err; // pg-boss retries it with backoff
      return failPage(ctx, work.owner_id, id, page, 'engine_error');
    }
    await withTx(ctx, async (tx) => {
      const c = await repo.completePage(tx.db, id, page, result);
      if (c) publishProgress(tx, work.owner_id, id, c, page);
    });
    ocrPages.inc();
  }
  // Also when the page was already done: a step that died after storing it still queues the finish.
  await settle(ctx, id);
}

async function failPage(ctx: AppContext, owner: number, id: number, page: number, reason: TOcrFailureReason) {
  await withTx(ctx, async (tx) => {
    const c = await repo.failPage(tx.db, id, page, reason);
    if (c) publishProgress(tx, owner, id, c, page);
  });
  return settle(ctx, id);
}

/** Queues the finish once every page has settled (several steps may: finishing is idempotent). */
async function settle(ctx: AppContext, id: number): Promise<void> {
  const c = await repo.jobCounts(ctx.db, id);
  if (c && c.status === 'running' && c.pages !== null && c.pages_done + c.pages_failed >= c.pages)
    await ctx.queue.send<JobRef>(OCR_QUEUES.finish, { job: id });
}

async function finishStep(ctx: AppContext, j: QueuedJob<JobRef>): Promise<void> {
  const id = j.data.job;
  const job = await repo.jobCounts(ctx.db, id);
  if (!job || job.status !== 'running' || job.pages === null || job.pages_done + job.pages_failed < job.pages) return;
  const pages = await repo.pagesForResult(ctx.db, id);
  const done = pages.filter((p) => p.status === 'done');
  const chars = done.reduce((n, p) => n + Number(p.chars), 0);
  let end: Parameters<typeof repo.endJob>[2];
  // No page read: the job says why its first failed page did.
  if (done.length === 0)
    end = { status: 'failed', error: pages.find((p) => p.error)?.error ?? 'engine_error', confidence: null, pdf: null };
  // Never "done" with empty text: a blank or unreadable scan says so.
  else if (chars === 0) end = { status: 'failed', error: 'no_text', confidence: null, pdf: null };
  else {
    const source = done.some((p) => p.method === 'text-layer')
      ? ((await readStoredFile(ctx.db, job.file_id))?.data ?? null)
      : null;
    const pdf = await assembleSearchablePdf(
      done.map((p) => (p.method === 'text-layer' || !p.pdf ? { sourcePage: p.number } : { pdf: p.pdf })),
      source,
    );
    const recognised = done.filter((p) => p.method === 'ocr' && p.confidence !== null);
    const confidence = recognised.length ? recognised.reduce((s, p) => s + p.confidence!, 0) / recognised.length : null;
    end = { status: 'done', error: null, confidence, pdf };
  }
  await withTx(ctx, async (tx) => {
    const c = await repo.endJob(tx.db, id, end);
    if (c) publishProgress(tx, job.owner_id, id, c);
  });
}
