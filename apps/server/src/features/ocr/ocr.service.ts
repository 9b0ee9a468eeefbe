import {
  canManageOcrJob,
  canSeeOcrJob,
  canUseOcr,
  msg,
  OCR_CONTENT_TYPES,
  OCR_LIMITS,
  messageText,
  type TCreateOcrJobsRequest,
  type TMessage,
  type TOcrJob,
  type TOcrJobDetail,
  type TOcrJobsCreated,
  type TOcrFileOutcome,
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
  deleteStoredFiles,
  judgeSpooledUploads,
  safeFilename,
  storageQuotaVerdicts,
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
  // The types OCR reads, not the attachments' (which take plain text and no TIFF or WebP).
  typeRefused: (name) => msg('ocrFileTypeRefused', { name }),
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
 * Refuses images whose headers already declare more pixels than a page or a document may
 * have: they would never be decoded anyway. A header that does not tell here (a PDF, a
 * TIFF whose pages are described at its end) is measured again before decoding, and the
 * job fails with `too_large`.
 */
async function pixelBudgetVerdict(ctx: AppContext, f: CheckedSpooledUpload): Promise<TMessage | null> {
  const pages = await imagePageSizesOfFile(f.path, f.contentType);
  return (pages && pixelBudgetProblem(pages, ocrPixelBudget(ctx), f.filename)) || null;
}

type FileVerdict = { index: number; filename: string } & (
  { file: CheckedSpooledUpload; problem?: undefined } | { file?: undefined; problem: TMessage; status: 400 | 413 }
);

/**
 * Each file judged on its own, in order: its type and size, its pixels, then the owner's
 * storage quota (the files that fit, in order, are kept).
 */
async function judgeFiles(ctx: AppContext, caller: UserRow, uploads: SpooledUpload[]): Promise<FileVerdict[]> {
  const checked = judgeSpooledUploads(uploads, OCR_UPLOAD_RULES);
  const verdicts: FileVerdict[] = [];
  for (const [index, v] of checked.entries()) {
    const filename = safeFilename(uploads[index]!.filename);
    if (!v.ok) {
      verdicts.push({ index, filename, problem: v.problem, status: v.tooLarge ? 413 : 400 });
      continue;
    }
    const problem = await pixelBudgetVerdict(ctx, v.file);
    verdicts.push(problem ? { index, filename, problem, status: 400 } : { index, filename, file: v.file });
  }
  const kept = verdicts.filter((v) => v.file);
  const quota = await storageQuotaVerdicts(
    ctx.db,
    caller.id,
    kept.map((v) => v.file!.size),
    ctx.config.UPLOAD_QUOTA_MB * 1024 * 1024,
  );
  return verdicts.map((v): FileVerdict => {
    const problem = v.file ? quota[kept.indexOf(v)] : null;
    return problem ? { index: v.index, filename: v.filename, problem, status: 413 } : v;
  });
}

/** A refused file's message as the wire carries it: its code and values, and the English. */
const refusal = (m: TMessage): NonNullable<TOcrFileOutcome['refused']> => ({
  code: m.code,
  ...(m.params ? { params: m.params as NonNullable<TOcrFileOutcome['refused']>['params'] } : {}),
  message: messageText(m),
});

/**
 * One job per file; each is queued once its row has committed. A bad file is refused on
 * its own (its outcome says why, by code) and the others still become jobs; only when
 * every file is refused is the request refused (400, or 413 when a file was too large or
 * past the quota), naming each file under `files`, and nothing is created.
 */
export async function createJobs(
  ctx: AppContext,
  caller: UserRow,
  req: TCreateOcrJobsRequest,
  uploads: SpooledUpload[],
  source: AuditSource,
): Promise<TOcrJobsCreated> {
  mayUse(caller);
  if (uploads.length === 0) throw fieldError(OCR_FILES_FIELD, CHOOSE_FILES);
  const verdicts = await judgeFiles(ctx, caller, uploads);
  const accepted = verdicts.filter((v) => v.file);
  if (accepted.length === 0) {
    const status = verdicts.some((v) => v.problem && v.status === 413) ? 413 : 400;
    throw fieldsError({ [OCR_FILES_FIELD]: verdicts.map((v) => v.problem!) }, status);
  }
  const sharedWith = req.shared_with ?? null;
  const jobOf = await withTx(ctx, async (tx) => {
    const jobOf = new Map<number, number>();
    for (const { index, file: f } of accepted) {
      const stored = await storeFile(tx.db, f!, caller.id);
      jobOf.set(
        index,
        await repo.insertJob(tx.db, {
          owner_id: caller.id,
          file_id: stored.id,
          filename: stored.filename,
          content_type: f!.contentType as (typeof OCR_CONTENT_TYPES)[number],
          size: stored.size,
          language: req.language,
          shared_with: sharedWith,
          retentionDays: ctx.config.OCR_RETENTION_DAYS,
        }),
      );
    }
    const ids = [...jobOf.values()];
    await recordEvent(tx.db, source, {
      action: 'ocr.create',
      targetType: 'ocr_job',
      targetId: ids.join(','),
      details: { files: ids.length, language: req.language, shared_with: sharedWith },
    });
    return jobOf;
  });
  const ids = [...jobOf.values()];
  for (const id of ids) await queueJob(ctx, id);
  const rows = await repo.findJobsByIds(ctx.db, ids);
  return {
    results: rows.map(presentOcrJob),
    files: verdicts.map((v) => ({
      index: v.index,
      filename: v.filename,
      job: jobOf.get(v.index) ?? null,
      refused: v.problem ? refusal(v.problem) : null,
    })),
  };
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
    results: rows.filter((r) => jobs.has(r.job_id)).map((r) => presentOcrSearchHit(r, jobs.get(r.job_id)!, q.q)),
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
