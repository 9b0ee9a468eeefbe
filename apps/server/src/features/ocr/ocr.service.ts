import {
  canManageOcrJob,
  canSeeOcrJob,
  canUseOcr,
  OCR_CONTENT_TYPES,
  OCR_LIMITS,
  type TCreateOcrJobsRequest,
  type TMessage,
  type TOcrJob,
  type TOcrJobDetail,
  type TOcrJobsQuery,
  type TOcrPage,
  type TOcrSearchHit,
  type TOcrSearchQuery,
  type TUpdateOcrJobRequest,
} from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import type { AuditSource } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { conflict, fieldError, fieldsError, forbidden, notFound } from '../../lib/errors.js';
import {
  checkSpooledUploads,
  checkStorageQuota,
  deleteStoredFiles,
  readStoredFile,
  storeFile,
  type CheckedSpooledUpload,
  type SpooledUpload,
  type UploadRules,
} from '../../lib/files/index.js';
import { imagePageSizesOfFile, pixelBudgetProblem } from '../../lib/files/image-budget.js';
import { withTx } from '../../lib/tx.js';
import { recordEvent } from '../event-logs/index.js';
import { publishProgress } from './ocr-live.js';
import { ocrPixelBudget, queueJob } from './ocr-pipeline.js';
import { presentOcrJob, presentOcrPage, presentOcrPageSummary, presentOcrSearchHit } from './ocr.presenter.js';
import * as repo from './ocr.repository.js';

export const OCR_FILES_FIELD = 'files';
export const OCR_UPLOAD_RULES: UploadRules = {
  maxFiles: OCR_LIMITS.maxFiles,
  maxBytes: OCR_LIMITS.maxBytes,
  allowed: OCR_CONTENT_TYPES,
  field: OCR_FILES_FIELD,
};

const NOT_FOUND = 'ocrJobNotFound';
const ONLY_STAFF = 'ocrStaffOnly';
const ONLY_OWNER = 'ocrOwnerOnly';
const CHOOSE_FILES = 'ocrChooseFiles';
const NOT_RUNNING = 'ocrJobEnded';
const NOT_RETRYABLE = 'ocrNotRetryable';
const UNREADABLE = 'ocrUnreadable';
const NOT_READY = 'ocrPdfNotReady';
const PAGE_NOT_FOUND = 'ocrPageNotFound';

const viewerOf = (u: UserRow): repo.OcrViewer => ({ id: u.id, user_type: u.user_type, admin: u.user_type === 'ADMIN' });
const factsOf = (row: repo.OcrJobRow) => ({ owner: { username: row.owner_username }, shared_with: row.shared_with });

function mayUse(caller: UserRow): void {
  if (!canUseOcr(caller)) throw forbidden(ONLY_STAFF);
}

/** The job if the caller may see it; 404 exactly like a missing one otherwise. */
async function visible(ctx: AppContext, caller: UserRow, id: number): Promise<repo.OcrJobRow> {
  mayUse(caller);
  const row = await repo.findJob(ctx.db, id);
  if (!row || !canSeeOcrJob(caller, factsOf(row))) throw notFound(NOT_FOUND);
  return row;
}

async function manageable(ctx: AppContext, caller: UserRow, id: number): Promise<repo.OcrJobRow> {
  const row = await visible(ctx, caller, id);
  if (!canManageOcrJob(caller, factsOf(row))) throw forbidden(ONLY_OWNER);
  return row;
}

async function presentById(ctx: AppContext, id: number): Promise<TOcrJob> {
  const row = await repo.findJob(ctx.db, id);
  if (!row) throw notFound(NOT_FOUND);
  return presentOcrJob(row);
}

/**
 * Refuses (400 on the files field, with the limit) images whose headers already declare
 * more pixels than a page or a document may have: they would never be decoded anyway.
 * A header that does not tell here (a PDF, a TIFF whose pages are described at its end)
 * is measured again before decoding, and the job fails with `too_large`.
 */
async function checkPixelBudgets(ctx: AppContext, files: readonly CheckedSpooledUpload[]): Promise<void> {
  const problems: TMessage[] = [];
  for (const f of files) {
    const pages = await imagePageSizesOfFile(f.path, f.contentType);
    const problem = pages && pixelBudgetProblem(pages, ocrPixelBudget(ctx), f.filename);
    if (problem) problems.push(problem);
  }
  if (problems.length) throw fieldsError({ [OCR_FILES_FIELD]: problems });
}

/** One job per file; each is queued once its row has committed. */
export async function createJobs(
  ctx: AppContext,
  caller: UserRow,
  req: TCreateOcrJobsRequest,
  uploads: SpooledUpload[],
  source: AuditSource,
): Promise<{ results: TOcrJob[] }> {
  mayUse(caller);
  if (uploads.length === 0) throw fieldError(OCR_FILES_FIELD, CHOOSE_FILES);
  const files = checkSpooledUploads(uploads, OCR_UPLOAD_RULES);
  await checkPixelBudgets(ctx, files);
  await checkStorageQuota(ctx.db, caller.id, files, ctx.config.UPLOAD_QUOTA_MB * 1024 * 1024, OCR_FILES_FIELD);
  const sharedWith = req.shared_with ?? null;
  const ids = await withTx(ctx, async (tx) => {
    const ids: number[] = [];
    for (const f of files) {
      const stored = await storeFile(tx.db, f, caller.id);
      ids.push(
        await repo.insertJob(tx.db, {
          owner_id: caller.id,
          file_id: stored.id,
          filename: stored.filename,
          content_type: f.contentType as (typeof OCR_CONTENT_TYPES)[number],
          size: stored.size,
          language: req.language,
          shared_with: sharedWith,
          retentionDays: ctx.config.OCR_RETENTION_DAYS,
        }),
      );
    }
    await recordEvent(tx.db, source, {
      action: 'ocr.create',
      targetType: 'ocr_job',
      targetId: ids.join(','),
      details: { files: ids.length, language: req.language, shared_with: sharedWith },
    });
    return ids;
  });
  for (const id of ids) await queueJob(ctx, id);
  const rows = await repo.findJobsByIds(ctx.db, ids);
  return { results: rows.map(presentOcrJob) };
}

export async function listJobs(ctx: AppContext, caller: UserRow, q: TOcrJobsQuery) {
  mayUse(caller);
  const { rows, count } = await repo.listJobs(ctx.db, {
    viewer: viewerOf(caller),
    mine: q.scope === 'mine',
    status: q.status,
    q: q.q || undefined,
    limit: q.page_size,
    offset: (q.page - 1) * q.page_size,
  });
  return { results: rows.map(presentOcrJob), count };
}

export async function getJob(ctx: AppContext, caller: UserRow, id: number): Promise<TOcrJobDetail> {
  const row = await visible(ctx, caller, id);
  const pages = await repo.listPages(ctx.db, id);
  return {
    ...presentOcrJob(row),
    page_list: pages.map(presentOcrPageSummary),
    can_manage: canManageOcrJob(caller, factsOf(row)),
  };
}

export async function getPage(ctx: AppContext, caller: UserRow, id: number, n: number): Promise<TOcrPage> {
  await visible(ctx, caller, id);
  const page = await repo.findPage(ctx.db, id, n);
  if (!page) throw notFound(PAGE_NOT_FOUND);
  return presentOcrPage(id, page);
}

export async function getPageImage(ctx: AppContext, caller: UserRow, id: number, n: number): Promise<Buffer> {
  await visible(ctx, caller, id);
  const image = await repo.pageImage(ctx.db, id, n);
  if (!image) throw notFound(PAGE_NOT_FOUND);
  return image;
}

/** The recognised text of every page, with page headings (for the .txt download). */
export async function getText(ctx: AppContext, caller: UserRow, id: number) {
  const row = await visible(ctx, caller, id);
  const pages = await repo.pageTexts(ctx.db, id);
  const text = pages.map((p) => `--- ${p.number} ---\n${p.text.trim()}\n`).join('\n');
  return { filename: `${row.filename.replace(/\.[^.]+$/, '')}.txt`, text };
}

export async function getSearchablePdf(ctx: AppContext, caller: UserRow, id: number) {
  const row = await visible(ctx, caller, id);
  const pdf = row.status === 'done' ? await repo.resultPdf(ctx.db, id) : null;
  if (!pdf) throw conflict(NOT_READY);
  return { filename: `${row.filename.replace(/\.[^.]+$/, '')}-searchable.pdf`, data: pdf };
}

export async function getOriginal(ctx: AppContext, caller: UserRow, id: number) {
  const row = await visible(ctx, caller, id);
  const file = await readStoredFile(ctx.db, row.file_id);
  if (!file) throw notFound(NOT_FOUND);
  return file;
}

export async function updateJob(
  ctx: AppContext,
  caller: UserRow,
  id: number,
  req: TUpdateOcrJobRequest,
  source: AuditSource,
): Promise<TOcrJob> {
  await manageable(ctx, caller, id);
  await withTx(ctx, async (tx) => {
    await repo.updateSharing(tx.db, id, req.shared_with);
    await recordEvent(tx.db, source, {
      action: 'ocr.share',
      targetType: 'ocr_job',
      targetId: id,
      details: { shared_with: req.shared_with },
    });
  });
  return presentById(ctx, id);
}

export async function deleteJob(ctx: AppContext, caller: UserRow, id: number, source: AuditSource): Promise<void> {
  const row = await manageable(ctx, caller, id);
  await withTx(ctx, async (tx) => {
    const fileId = await repo.deleteJob(tx.db, id);
    if (fileId !== undefined) await deleteStoredFiles(tx.db, [fileId]);
    await recordEvent(tx.db, source, {
      action: 'ocr.delete',
      targetType: 'ocr_job',
      targetId: id,
      details: { filename: row.filename },
    });
  });
}

export async function cancelJob(ctx: AppContext, caller: UserRow, id: number): Promise<TOcrJob> {
  const row = await manageable(ctx, caller, id);
  await withTx(ctx, async (tx) => {
    const c = await repo.cancelJob(tx.db, id);
    if (!c) throw conflict(NOT_RUNNING);
    publishProgress(tx, row.owner_id, id, c);
  });
  return presentById(ctx, id);
}

const PERMANENT = new Set(['encrypted', 'corrupt', 'too_many_pages', 'too_large']);

export async function retryJob(ctx: AppContext, caller: UserRow, id: number): Promise<TOcrJob> {
  const row = await manageable(ctx, caller, id);
  const retryable =
    row.status === 'failed' || row.status === 'cancelled' || (row.status === 'done' && row.pages_failed > 0);
  if (!retryable) throw conflict(NOT_RETRYABLE);
  // The same bytes would fail the same way: say so instead of queueing them again.
  if (row.error && PERMANENT.has(row.error)) throw conflict(UNREADABLE);
  await withTx(ctx, async (tx) => {
    const c = await repo.reopenJob(tx.db, id);
    if (!c) throw conflict(NOT_RETRYABLE);
    publishProgress(tx, row.owner_id, id, c);
  });
  await queueJob(ctx, id);
  return presentById(ctx, id);
}

export async function search(
  ctx: AppContext,
  caller: UserRow,
  q: TOcrSearchQuery,
): Promise<{ results: TOcrSearchHit[]; count: number }> {
  mayUse(caller);
  const rows = await repo.searchPages(ctx.db, viewerOf(caller), q.q, q.page_size, (q.page - 1) * q.page_size);
  const jobs = new Map(
    (await repo.findJobsByIds(ctx.db, [...new Set(rows.map((r) => r.job_id))])).map((j) => [j.id, j]),
  );
  return {
    results: rows.filter((r) => jobs.has(r.job_id)).map((r) => presentOcrSearchHit(r, jobs.get(r.job_id)!)),
    count: rows[0]?.total ?? 0,
  };
}

/** The retention job: jobs past `expires_at` go, with their pages and originals. */
export async function purgeExpiredOcr(ctx: Pick<AppContext, 'db' | 'bus'>): Promise<number> {
  return withTx(ctx, async (tx) => {
    const fileIds = await repo.deleteExpiredJobs(tx.db);
    await deleteStoredFiles(tx.db, fileIds);
    return fileIds.length;
  });
}
