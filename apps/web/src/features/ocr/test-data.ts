import type { TOcrJob, TOcrJobDetail, TOcrPage, TOcrSearchHit } from '@portal/contracts';

const owner = { id: 7, username: 'someone', first_name: 'Sam', last_name: 'One', user_type: 'HR' as const };

/** A job as the API lists it: Sam's 12-page scan, 3 pages read. */
export function makeOcrJob(over: Partial<TOcrJob> = {}): TOcrJob {
  return {
    id: 9,
    filename: 'contract-scan.pdf',
    content_type: 'application/pdf',
    size: 120_000,
    language: 'eng',
    status: 'running',
    pages: 12,
    pages_done: 3,
    pages_failed: 0,
    confidence: 91,
    error: null,
    owner,
    shared_with: null,
    created_at: '2026-11-23T09:00:00.000Z',
    started_at: '2026-11-23T09:00:05.000Z',
    finished_at: null,
    expires_at: '2027-05-22T09:00:00.000Z',
    ...over,
  };
}

/** A finished two-page job: page 1 read, page 2 failed. */
export function makeOcrDetail(over: Partial<TOcrJobDetail> = {}): TOcrJobDetail {
  return {
    ...makeOcrJob({
      status: 'done',
      pages: 2,
      pages_done: 1,
      pages_failed: 1,
      finished_at: '2026-11-23T09:01:00.000Z',
    }),
    page_list: [
      { number: 1, status: 'done', method: 'ocr', confidence: 80, width: 800, height: 600, error: null },
      { number: 2, status: 'failed', method: null, confidence: null, width: null, height: null, error: 'engine_error' },
    ],
    can_manage: true,
    ...over,
  };
}

/** Page 1: two words, "Invoice" sure, "Total" doubtful. */
export function makeOcrPage(over: Partial<TOcrPage> = {}): TOcrPage {
  return {
    number: 1,
    status: 'done',
    method: 'ocr',
    confidence: 80,
    width: 800,
    height: 600,
    error: null,
    text: 'Invoice 2026\nTotal 450',
    words: [
      { text: 'Invoice', x0: 40, y0: 50, x1: 200, y1: 90, confidence: 96 },
      { text: 'Total', x0: 40, y0: 120, x1: 150, y1: 160, confidence: 45 },
    ],
    image_url: '/api/ocr/jobs/9/pages/1/image/',
    ...over,
  };
}

export function makeSearchHit(over: Partial<TOcrSearchHit> = {}): TOcrSearchHit {
  const job = makeOcrJob();
  return {
    job: { id: job.id, filename: job.filename, language: job.language, owner: job.owner, created_at: job.created_at },
    page: 2,
    rank: 0.5,
    snippet: [
      { text: 'The ', hit: false },
      { text: 'invoice', hit: true },
      { text: ' is due in March.', hit: false },
    ],
    ...over,
  };
}

export const paged = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
