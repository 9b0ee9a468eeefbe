import { z } from 'zod';
import { INT4_MAX, textOr, ZId, ZText } from '../common/text.js';
import { ZPageQuery, pagedResponse } from '../common/pagination.js';
import { ZUserRef } from '../users/users.js';
import { ZStaffDepartment } from '../users/user-types.js';
import { schemaMessage } from '../common/messages.js';
import { ZCodedMessage } from '../common/errors.js';

/**
 * OCR jobs (spec §1 "OCR jobs: list and detail", §2 `ocr` '' and `{ocrId}`,
 * §3 "OCR lists"). Each uploaded document is one job: its pages are recognised on the
 * servers' worker pool (or read from a PDF's own text layer), page by page, with live
 * progress to the owner; results are searchable and downloadable as text and as a
 * searchable PDF.
 */

/** Tesseract language sets offered: English, Arabic, or both in one pass. */
export const OCR_LANGUAGES = ['eng', 'ara', 'ara+eng'] as const;
export const ZOcrLanguage = z.enum(OCR_LANGUAGES, { error: schemaMessage('ocrChooseLanguage') });
export type TOcrLanguage = z.infer<typeof ZOcrLanguage>;

export const OCR_JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export const ZOcrJobStatus = z.enum(OCR_JOB_STATUSES);
export type TOcrJobStatus = z.infer<typeof ZOcrJobStatus>;

export const OCR_PAGE_STATUSES = ['pending', 'done', 'failed'] as const;
export const ZOcrPageStatus = z.enum(OCR_PAGE_STATUSES);
export type TOcrPageStatus = z.infer<typeof ZOcrPageStatus>;

/** How a page's text was obtained: recognised from pixels, or read from the PDF's own text layer. */
export const ZOcrPageMethod = z.enum(['ocr', 'text-layer']);
export type TOcrPageMethod = z.infer<typeof ZOcrPageMethod>;

/** File types accepted (decided from the bytes by the shared files module). */
export const OCR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/tiff', 'image/webp', 'application/pdf'] as const;
export const ZOcrContentType = z.enum(OCR_CONTENT_TYPES);
export type TOcrContentType = z.infer<typeof ZOcrContentType>;

export const OCR_LIMITS = {
  /** Per file. */
  maxBytes: 20 * 1024 * 1024,
  /** Pages of a PDF or a multi-page TIFF. */
  maxPages: 50,
  /** Files in one upload (each becomes its own job). */
  maxFiles: 10,
} as const;

/** Below this a recognised word is marked as doubtful in the web (Tesseract's 0–100 scale). */
export const OCR_LOW_CONFIDENCE = 60;

/**
 * Why a job or page failed, as a code the web translates (never "done" with empty text):
 * the document is encrypted, unreadable, has too many pages, has more pixels than the
 * server decodes (`too_large`), no text could be found on any page, the engine gave up
 * after its retries, or the bounded worker doing the work crashed, ran out of its memory
 * or its time twice (`crashed`, `out_of_memory`, `timed_out`).
 */
export const OCR_FAILURE_REASONS = [
  'encrypted',
  'corrupt',
  'too_many_pages',
  'too_large',
  'no_text',
  'engine_error',
  'crashed',
  'out_of_memory',
  'timed_out',
] as const;
export const ZOcrFailureReason = z.enum(OCR_FAILURE_REASONS);
export type TOcrFailureReason = z.infer<typeof ZOcrFailureReason>;

/** `POST /api/ocr/jobs/` (multipart): files under `files`, the language, and optionally a department to share with. */
export const ZCreateOcrJobsRequest = z.object({
  language: ZOcrLanguage,
  shared_with: z.preprocess((v) => (v === '' ? null : v), ZStaffDepartment.nullable().optional()),
});
export type TCreateOcrJobsRequest = z.infer<typeof ZCreateOcrJobsRequest>;

/** `PATCH /api/ocr/jobs/{id}/`: share the job with a department, or stop sharing (null). */
export const ZUpdateOcrJobRequest = z.object({
  shared_with: ZStaffDepartment.nullable(),
});
export type TUpdateOcrJobRequest = z.infer<typeof ZUpdateOcrJobRequest>;

export const ZOcrJobParams = z.object({ id: ZId });
export const ZOcrPageParams = z.object({
  id: ZId,
  page: z.coerce
    .number()
    .int()
    .min(1, schemaMessage('ocrPageInvalid'))
    .max(OCR_LIMITS.maxPages, schemaMessage('ocrPageInvalid')),
});

/** One job as lists show it. */
export const ZOcrJob = z
  .object({
    id: z.number().int(),
    filename: ZText,
    content_type: ZOcrContentType,
    size: z.number().int(),
    language: ZOcrLanguage,
    status: ZOcrJobStatus,
    /** Known once the document has been opened (null while queued). */
    pages: z.number().int().nullable(),
    pages_done: z.number().int(),
    pages_failed: z.number().int(),
    /** Mean confidence of the recognised pages (0–100), null before any. */
    confidence: z.number().nullable(),
    error: ZOcrFailureReason.nullable(),
    owner: ZUserRef,
    shared_with: ZStaffDepartment.nullable(),
    created_at: ZText,
    started_at: ZText.nullable(),
    finished_at: ZText.nullable(),
    /** When the original and its results are removed (retention). */
    expires_at: ZText,
  })
  .meta({ id: 'OcrJob' });
export type TOcrJob = z.infer<typeof ZOcrJob>;

/**
 * What became of one file of an upload: the job made of it, or why it was refused (by
 * code, with `message` in English for clients that do not know the codes). A bad file
 * is refused on its own; the others still become jobs.
 */
export const ZOcrFileOutcome = z
  .object({
    /** The file's position among the request's `files` parts, from 0. */
    index: z.number().int(),
    filename: ZText,
    /** The job made of it; null when it was refused. */
    job: z.number().int().nullable(),
    refused: ZCodedMessage.extend({ message: ZText }).nullable(),
  })
  .meta({ id: 'OcrFileOutcome' });
export type TOcrFileOutcome = z.infer<typeof ZOcrFileOutcome>;

/**
 * `201` once at least one file became a job: `results` the new jobs, `files` each file's
 * outcome in the order sent. When every file is refused the answer is the usual 400/413
 * naming each under `files`, and nothing is created.
 */
export const ZOcrJobsCreated = z.object({ results: z.array(ZOcrJob), files: z.array(ZOcrFileOutcome) });
export type TOcrJobsCreated = z.infer<typeof ZOcrJobsCreated>;

/** `GET /api/ocr/jobs/`: the caller's jobs, and those shared with their department (ADMIN: everyone's). */
export const ZOcrJobsQuery = ZPageQuery.extend({
  status: ZOcrJobStatus.optional(),
  /** Part of the file name. */
  q: ZText.trim().max(200).optional(),
  /** `mine`: only the caller's own. */
  scope: z.enum(['all', 'mine']).default('all'),
});
export type TOcrJobsQuery = z.infer<typeof ZOcrJobsQuery>;
export const ZOcrJobList = pagedResponse(ZOcrJob);
export type TOcrJobList = z.infer<typeof ZOcrJobList>;

/** A page in the job's detail (without its words: those come per page). */
export const ZOcrPageSummary = z.object({
  number: z.number().int(),
  status: ZOcrPageStatus,
  method: ZOcrPageMethod.nullable(),
  confidence: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  error: ZOcrFailureReason.nullable(),
});
export type TOcrPageSummary = z.infer<typeof ZOcrPageSummary>;

/** `GET /api/ocr/jobs/{id}/`. */
export const ZOcrJobDetail = ZOcrJob.extend({
  page_list: z.array(ZOcrPageSummary),
  /** The caller may cancel, retry, share and delete it (owner or ADMIN). */
  can_manage: z.boolean(),
});
export type TOcrJobDetail = z.infer<typeof ZOcrJobDetail>;

/** A recognised word: its box in the page image's pixels and its confidence (0–100). */
export const ZOcrWord = z.object({
  text: ZText,
  x0: z.number(),
  y0: z.number(),
  x1: z.number(),
  y1: z.number(),
  confidence: z.number(),
});
export type TOcrWord = z.infer<typeof ZOcrWord>;

/** `GET /api/ocr/jobs/{id}/pages/{page}/`: the page's text and words; its image at `image_url`. */
export const ZOcrPage = ZOcrPageSummary.extend({
  text: ZText,
  words: z.array(ZOcrWord),
  /** PNG of the page as recognised (Bearer auth). */
  image_url: ZText.nullable(),
});
export type TOcrPage = z.infer<typeof ZOcrPage>;

/** `GET /api/ocr/search/?q=`: ranked pages of the caller's visible results. */
export const ZOcrSearchQuery = ZPageQuery.extend({
  q: textOr(schemaMessage('ocrSearchMissing'))
    .trim()
    .min(1, schemaMessage('ocrSearchMissing'))
    .max(200, schemaMessage('maxChars', { count: 200 })),
});
export type TOcrSearchQuery = z.infer<typeof ZOcrSearchQuery>;

/** A snippet as plain pieces, `hit` where the query matched (no HTML to trust). */
export const ZOcrSnippetPart = z.object({ text: ZText, hit: z.boolean() });
export const ZOcrSearchHit = z.object({
  job: ZOcrJob.pick({ id: true, filename: true, language: true, owner: true, created_at: true }),
  page: z.number().int(),
  rank: z.number(),
  snippet: z.array(ZOcrSnippetPart),
});
export type TOcrSearchHit = z.infer<typeof ZOcrSearchHit>;
export const ZOcrSearchResults = pagedResponse(ZOcrSearchHit);
export type TOcrSearchResults = z.infer<typeof ZOcrSearchResults>;

/** Ids in request bodies stay within the database's int4. */
export const OCR_ID_MAX = INT4_MAX;
