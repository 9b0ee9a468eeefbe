import {
  fillPath,
  ocrEndpoints,
  type TOcrJob,
  type TOcrPage,
  type TOcrPageSummary,
  type TOcrSearchHit,
  type TOcrWord,
} from '@portal/contracts';
import { ocrSnippet } from './ocr-snippet.js';
import type { OcrJobRow, OcrPageSummaryRow, OcrSearchRow } from './ocr.repository.js';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

/** Where the web reads a page's image (behind the token). */
export const ocrPageImageUrl = (job: number, page: number) =>
  `/api${fillPath(ocrEndpoints.downloadOcrPageImage.path, { id: job, page })}`;

export function presentOcrJob(r: OcrJobRow): TOcrJob {
  return {
    id: r.id,
    filename: r.filename,
    content_type: r.content_type,
    size: r.size,
    language: r.language,
    status: r.status,
    pages: r.pages,
    pages_done: r.pages_done,
    pages_failed: r.pages_failed,
    confidence: round1(r.confidence),
    error: r.error,
    owner: {
      id: r.owner_id,
      username: r.owner_username,
      first_name: r.owner_first_name,
      last_name: r.owner_last_name,
      user_type: r.owner_user_type,
    },
    shared_with: r.shared_with,
    created_at: iso(r.created_at),
    started_at: r.started_at ? iso(r.started_at) : null,
    finished_at: r.finished_at ? iso(r.finished_at) : null,
    expires_at: iso(r.expires_at),
  };
}

export function presentOcrPageSummary(p: OcrPageSummaryRow): TOcrPageSummary {
  return {
    number: p.number,
    status: p.status,
    method: p.method,
    confidence: round1(p.confidence),
    width: p.width,
    height: p.height,
    error: p.error,
  };
}

export function presentOcrPage(
  job: number,
  p: OcrPageSummaryRow & { text: string; words: unknown[]; has_image: boolean },
): TOcrPage {
  return {
    ...presentOcrPageSummary(p),
    text: p.text,
    words: p.words as TOcrWord[],
    image_url: p.has_image ? ocrPageImageUrl(job, p.number) : null,
  };
}

/** A matching page, its snippet cut around the words that match `q`. */
export function presentOcrSearchHit(r: OcrSearchRow, job: OcrJobRow, q: string): TOcrSearchHit {
  const j = presentOcrJob(job);
  return {
    job: { id: j.id, filename: j.filename, language: j.language, owner: j.owner, created_at: j.created_at },
    page: r.number,
    rank: r.rank,
    snippet: ocrSnippet(r.text, q),
  };
}
