import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { fillPath, ocrEndpoints as O, ZOcrJob, ZOcrJobsCreated, ZWsOcrProgress, WS_CHANNELS } from '@portal/contracts';
import { callAs } from '../../../test/client.js';
import { openSocket, ready, startTestServer, type TestServer, type TestSocket } from '../../../test/harness.js';
import {
  ARABIC_LINES,
  ARABIC_TEXT_LAYER_LINES,
  ENGLISH_LINES,
  corruptPdf,
  encryptedPdf,
  multiPageTiff,
  pngBomb,
  pngWithGarbagePixels,
  renderTextPng,
  scannedPdf,
  textLayerPdf,
  tiffBomb,
} from '../../../test/ocr-fixtures.js';
import { uploadOcr, waitForOcr } from '../../../test/ocr-jobs.js';
import { setOcrJobExpiry } from '../../../test/test-clock.repository.js';
import { characterErrorRate } from './engine/index.js';
import { OCR_QUEUES } from './ocr-pipeline.js';
import { purgeExpiredOcr } from './ocr.service.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OCR_WORKERS: '1', OCR_RETRY_DELAY: '1' });
});
afterAll(async () => s?.stop());

type File = { name: string; data: Buffer };

const upload = async (who: string, files: File[], fields?: Record<string, string>) =>
  uploadOcr(s.url, await s.token(who), files, fields);
const getJob = async (who: string, id: number) => callAs(s, who, O.getOcrJob, { params: { id } });
const getPage = async (who: string, id: number, page: number) => callAs(s, who, O.getOcrPage, { params: { id, page } });
const searchFor = async (who: string, q: string) => callAs(s, who, O.searchOcr, { query: { q } });
const cancelJob = async (who: string, id: number) => callAs(s, who, O.cancelOcrJob, { params: { id } });
const retryJob = async (who: string, id: number) => callAs(s, who, O.retryOcrJob, { params: { id } });
const ended = async (who: string, id: number) => waitForOcr(s.url, await s.token(who), id);

const jobCount = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from ocr_jobs`.execute(s.database.db)).rows[0]!.n);

describe('an English scan', () => {
  let socket: TestSocket;
  let stranger: TestSocket;
  let id: number;

  beforeAll(async () => {
    socket = openSocket(s.url, WS_CHANNELS.notification, await s.token('hr'));
    stranger = openSocket(s.url, WS_CHANNELS.notification, await s.token('it'));
    await Promise.all([ready(socket), ready(stranger)]);
    const res = await upload('hr', [{ name: 'invoice.png', data: renderTextPng(ENGLISH_LINES) }]);
    expect(res.status).toBe(201);
    expect(res.body.results).toHaveLength(1);
    const job = ZOcrJob.parse(res.body.results[0]);
    expect(job).toMatchObject({
      filename: 'invoice.png',
      content_type: 'image/png',
      language: 'eng',
      status: 'queued',
    });
    expect(job.owner.username).toBe('hr');
    id = job.id;
  });
  afterAll(() => {
    socket.ws.close();
    stranger.ws.close();
  });

  it('is recognised: the page text matches what was drawn', async () => {
    const job = await ended('hr', id);
    expect(job).toMatchObject({ status: 'done', pages: 1, pages_done: 1, pages_failed: 0, error: null });
    expect(job.confidence).toBeGreaterThan(80);
    const page = (await getPage('hr', id, 1)).body;
    expect(page.method).toBe('ocr');
    expect(characterErrorRate(ENGLISH_LINES.join('\n'), page.text)).toBeLessThanOrEqual(0.05);
    // Words come with boxes inside the page image and their confidence.
    expect(page.words.length).toBeGreaterThan(5);
    for (const w of page.words) {
      expect(w.x1).toBeGreaterThan(w.x0);
      expect(w.y1).toBeGreaterThan(w.y0);
      expect(w.x1).toBeLessThanOrEqual(page.width!);
      expect(w.y1).toBeLessThanOrEqual(page.height!);
    }
    const image = await fetch(`${s.url}${page.image_url}`, {
      headers: { authorization: `Bearer ${await s.token('hr')}` },
    });
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  it("tells the owner's sockets its progress, in order, and nobody else's", async () => {
    await ended('hr', id);
    const done = await socket.next((m) => m.message?.command === 'ocr_progress' && m.message.status === 'done');
    expect(ZWsOcrProgress.parse(done).message).toMatchObject({ job: id, pages: 1, pages_done: 1, error: null });
    const frames = socket.messages.filter((m) => m.message?.command === 'ocr_progress' && m.message.job === id);
    expect(frames.map((f) => f.message.status)).toEqual(['running', 'running', 'running', 'done']);
    expect(frames.map((f) => f.message.pages_done)).toEqual([0, 0, 1, 1]);
    expect(frames[2].message.page).toBe(1);
    expect(stranger.messages.some((m) => m.message?.command === 'ocr_progress')).toBe(false);
  });

  it('downloads as text and as a searchable PDF', async () => {
    await ended('hr', id);
    const text = await callAs(s, 'hr', O.downloadOcrText, { params: { id } });
    expect(text.status).toBe(200);
    expect(text.headers.get('content-disposition')).toContain('invoice.txt');
    expect(String(text.body)).toContain('--- 1 ---');
    const pdf = await fetch(`${s.url}/api${fillPath(O.downloadOcrPdf.path, { id })}`, {
      headers: { authorization: `Bearer ${await s.token('hr')}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await getDocument({ data: new Uint8Array(await pdf.arrayBuffer()), verbosity: 0 }).promise;
    expect(doc.numPages).toBe(1);
    const content = await (await doc.getPage(1)).getTextContent();
    const words = content.items.map((i) => ('str' in i ? i.str : '')).join(' ');
    expect(words).toContain(ENGLISH_LINES[0]!.split(' ')[1]);
  });

  it('answers 404 to a colleague of another department, exactly like a missing job', async () => {
    for (const [name, ask] of [
      ['getOcrJob', (job: number) => callAs(s, 'it', O.getOcrJob, { params: { id: job } })],
      ['getOcrPage', (job: number) => callAs(s, 'it', O.getOcrPage, { params: { id: job, page: 1 } })],
      [
        'downloadOcrPageImage',
        (job: number) => callAs(s, 'it', O.downloadOcrPageImage, { params: { id: job, page: 1 } }),
      ],
      ['downloadOcrText', (job: number) => callAs(s, 'it', O.downloadOcrText, { params: { id: job } })],
      ['downloadOcrPdf', (job: number) => callAs(s, 'it', O.downloadOcrPdf, { params: { id: job } })],
      ['downloadOcrOriginal', (job: number) => callAs(s, 'it', O.downloadOcrOriginal, { params: { id: job } })],
    ] as const) {
      const theirs = await ask(id);
      const missing = await ask(999999);
      expect(theirs.status, name).toBe(404);
      expect(theirs.body).toEqual(missing.body);
    }
    expect((await cancelJob('it', id)).status).toBe(404);
    const list = await callAs(s, 'it', O.listOcrJobs, { query: {} });
    expect(list.body.results.map((j) => j.id)).not.toContain(id);
    // ADMIN sees every job.
    expect((await getJob('admin', id)).status).toBe(200);
  });
});

describe('sharing with a department', () => {
  it('lets that department read (not manage) the job and find it in search', async () => {
    const res = await upload('hr', [{ name: 'note.png', data: renderTextPng(['Quarterly staffing memorandum'], {}) }], {
      language: 'eng',
      shared_with: 'HR',
    });
    const id = res.body.results[0].id;
    expect((await ended('hr', id)).status).toBe('done');
    const seen = await getJob('manager.hr', id);
    expect(seen.status).toBe(200);
    expect(seen.body.can_manage).toBe(false);
    expect((await retryJob('manager.hr', id)).status).toBe(403);
    const found = (await searchFor('manager.hr', 'memorandum')).body;
    expect(found.results.map((r) => r.job.id)).toContain(id);
    expect((await searchFor('it', 'memorandum')).body.results).toEqual([]);

    // The owner stops sharing: the colleague is answered 404 again.
    const unshare = await callAs(s, 'hr', O.updateOcrJob, { params: { id }, body: { shared_with: null } });
    expect(unshare.status).toBe(200);
    expect(unshare.body.shared_with).toBeNull();
    expect((await getJob('manager.hr', id)).status).toBe(404);
  });
});

describe('Arabic, TIFF and PDFs', () => {
  it('recognises Arabic and finds an Arabic word by search, with the hit marked', async () => {
    const res = await upload(
      'quality',
      [{ name: 'medical.webp', data: renderTextPng(ARABIC_LINES, { rtl: true, format: 'webp' }) }],
      {
        language: 'ara',
      },
    );
    expect(res.body.results[0].content_type).toBe('image/webp');
    const id = res.body.results[0].id;
    expect((await ended('quality', id)).status).toBe('done');
    const page = (await getPage('quality', id, 1)).body;
    expect(characterErrorRate(ARABIC_LINES.join('\n'), page.text)).toBeLessThanOrEqual(0.1);
    const word = ARABIC_LINES[0]!.split(' ')[0]!;
    const found = (await searchFor('quality', word)).body;
    const hit = found.results.find((r) => r.job.id === id);
    expect(hit?.page).toBe(1);
    expect(hit?.snippet.filter((p) => p.hit).map((p) => p.text)).toContain(word);
  });

  it('splits a multi-page TIFF into its pages', async () => {
    const tiff = await multiPageTiff([
      renderTextPng(['First page of the contract']),
      renderTextPng(['Second page signed']),
    ]);
    const res = await upload('quality', [{ name: 'contract.tiff', data: tiff }]);
    const job = await ended('quality', res.body.results[0].id);
    expect(job).toMatchObject({ status: 'done', pages: 2, pages_done: 2 });
    const second = (await getPage('quality', job.id, 2)).body;
    expect(second.text).toContain('Second page');
  });

  it('reads a PDF that has a text layer without recognising it', async () => {
    const res = await upload(
      'quality',
      [{ name: 'policy.pdf', data: await textLayerPdf([ENGLISH_LINES, ARABIC_TEXT_LAYER_LINES]) }],
      {
        language: 'ara+eng',
      },
    );
    const job = await ended('quality', res.body.results[0].id);
    expect(job).toMatchObject({ status: 'done', pages: 2, pages_done: 2 });
    expect(job.page_list.map((p) => p.method)).toEqual(['text-layer', 'text-layer']);
    const first = (await getPage('quality', job.id, 1)).body;
    expect(first.text.replace(/\s+/g, ' ')).toContain(ENGLISH_LINES[0]);
    const second = (await getPage('quality', job.id, 2)).body;
    expect(second.text.replace(/\s+/g, ' ')).toContain(ARABIC_TEXT_LAYER_LINES.join(' '));
  });

  it('recognises the pages of a scanned PDF', async () => {
    const pdf = await scannedPdf([
      renderTextPng(['Scanned leave certificate']),
      renderTextPng(['Approved by the clinic']),
    ]);
    const res = await upload('quality', [{ name: 'scan.pdf', data: pdf }]);
    const job = await ended('quality', res.body.results[0].id);
    expect(job).toMatchObject({ status: 'done', pages: 2, pages_done: 2 });
    expect(job.page_list.map((p) => p.method)).toEqual(['ocr', 'ocr']);
  });

  it('fails an encrypted or a corrupt PDF with its reason, and refuses to retry it', async () => {
    const res = await upload('quality', [
      { name: 'locked.pdf', data: await encryptedPdf() },
      { name: 'broken.pdf', data: corruptPdf() },
    ]);
    const [locked, broken] = res.body.results;
    expect(await ended('quality', locked.id)).toMatchObject({ status: 'failed', error: 'encrypted', pages: null });
    expect(await ended('quality', broken.id)).toMatchObject({ status: 'failed', error: 'corrupt' });
    expect((await retryJob('quality', locked.id)).status).toBe(409);
    expect((await getJob('quality', locked.id)).body.status).toBe('failed');
  });

  it('fails a blank page as "no text" instead of calling it done', async () => {
    const res = await upload('quality', [{ name: 'blank.png', data: renderTextPng([]) }]);
    expect(await ended('quality', res.body.results[0].id)).toMatchObject({ status: 'failed', error: 'no_text' });
  });
});

describe('pages that crash their worker', () => {
  it('fails a page whose image the engine cannot read, as corrupt, without a retry', async () => {
    // Whole chunks and checksums, garbage pixels: tesseract's libpng fails on it. Its error
    // used to be thrown where nothing could catch it, ending the server.
    const res = await upload('quality', [{ name: 'garbage.png', data: pngWithGarbagePixels() }]);
    const job = await ended('quality', res.body.results[0].id);
    expect(job).toMatchObject({ status: 'failed', error: 'corrupt', pages_failed: 1 });
    expect(job.page_list[0]).toMatchObject({ status: 'failed', error: 'corrupt' });
  });

  it('fails, without running it again, a page that took the process down twice', async () => {
    const res = await upload('quality', [{ name: 'crasher.png', data: renderTextPng(['Crash twice']) }]);
    const id = res.body.results[0].id as number;
    await ended('quality', id);
    // As two attempts that ended the whole process leave it: running, its page pending and counted twice.
    await sql`update ocr_pages set status = 'pending', attempts = 2, text = '', finished_at = null where job_id = ${id}`.execute(
      s.database.db,
    );
    await sql`update ocr_jobs set status = 'running', pages_done = 0, finished_at = null where id = ${id}`.execute(
      s.database.db,
    );
    await s.app.ctx.queue.send(OCR_QUEUES.page, { job: id, page: 1 });
    const job = await ended('quality', id);
    expect(job).toMatchObject({ status: 'failed', error: 'crashed', pages_failed: 1, pages_done: 0 });
    expect(job.page_list[0]).toMatchObject({ status: 'failed', error: 'crashed' });
  });
});

describe('cancel and retry', () => {
  it('cancels a job, which then stays cancelled; retry finishes it', async () => {
    const pages = Array.from({ length: 4 }, (_, i) => renderTextPng([`Page ${i + 1} of the long document`]));
    const res = await upload('dev', [{ name: 'long.pdf', data: await scannedPdf(pages) }]);
    const id = res.body.results[0].id;
    const cancelled = await cancelJob('dev', id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect((await cancelJob('dev', id)).status).toBe(409);
    expect((await getJob('dev', id)).body.status).toBe('cancelled');

    const retried = await retryJob('dev', id);
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe('queued');
    expect(await ended('dev', id)).toMatchObject({ status: 'done', pages: 4, pages_done: 4 });
    expect((await retryJob('dev', id)).status).toBe(409);
  });
});

describe('bad uploads', () => {
  it('refuses files that are not documents, no files, and a bad language; nothing is created', async () => {
    const before = await jobCount();
    const exe = await upload('hr', [{ name: 'scan.png', data: Buffer.from('MZ\x90\x00 not an image at all') }]);
    expect(exe.status).toBe(400);
    expect(Object.keys(exe.body.extra.fields)).toEqual(['files']);
    // The message names the types OCR reads (not the attachments' "plain text").
    const text = await upload('hr', [{ name: 'notes.txt', data: Buffer.from('plain text') }]);
    expect(text.status).toBe(400);
    expect(text.body.extra.fields.files).toEqual([
      'notes.txt cannot be read by OCR: its content must be PNG, JPEG, TIFF, WebP or PDF.',
    ]);
    expect(text.body.extra.codes.files).toEqual([{ code: 'ocrFileTypeRefused', params: { name: 'notes.txt' } }]);
    const none = await upload('hr', []);
    expect(none.status).toBe(400);
    expect(none.body.extra.fields.files).toEqual(['Choose at least one file.']);
    const lang = await upload('hr', [{ name: 'a.png', data: renderTextPng(['x']) }], { language: 'fra' });
    expect(lang.status).toBe(400);
    expect(Object.keys(lang.body.extra.fields)).toEqual(['language']);
    expect(await jobCount()).toBe(before);
  });

  it('refuses decompression bombs from their headers, saying the limit; nothing is created', async () => {
    // A PNG of 16000×16000 pixels (a gigabyte decoded) raised the server's memory by 1 GB;
    // a two-page TIFF of 8000×8000 a page peaked at 5 GB.
    const before = await jobCount();
    const png = await upload('hr', [{ name: 'bomb.png', data: pngBomb() }]);
    expect(png.status).toBe(400);
    expect(png.body.extra.fields.files).toEqual([
      'bomb.png is too large to read: a page of 256 megapixels, and at most 40 megapixels a page are read. Scan it at a lower resolution (300 dpi is plenty).',
    ]);
    const tiff = await upload('hr', [{ name: 'bomb.tif', data: tiffBomb() }]);
    expect(tiff.status).toBe(400);
    expect(tiff.body.extra.fields.files).toEqual([
      expect.stringMatching(/^bomb\.tif is too large to read: a page of 64 megapixels/),
    ]);
    expect(await jobCount()).toBe(before);
  });

  it('keeps the good files of a mixed upload: each file has its outcome, a refused one its reason by code', async () => {
    const before = await jobCount();
    const res = await upload('hr', [
      { name: 'notes.txt', data: Buffer.from('plain text, not a scan') },
      { name: 'letter.png', data: renderTextPng(['Mixed upload letter']) },
      { name: 'bomb.tif', data: tiffBomb() },
      { name: 'huge.png', data: Buffer.alloc(21 * 1024 * 1024) },
      { name: 'memo.jpg', data: renderTextPng(['Mixed upload memo'], { format: 'jpeg' }) },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const created = ZOcrJobsCreated.parse(res.body);
    expect(created.results.map((j) => [j.filename, j.status])).toEqual([
      ['letter.png', 'queued'],
      ['memo.jpg', 'queued'],
    ]);
    const [letter, memo] = created.results.map((j) => j.id);
    expect(created.files).toEqual([
      {
        index: 0,
        filename: 'notes.txt',
        job: null,
        refused: {
          code: 'ocrFileTypeRefused',
          params: { name: 'notes.txt' },
          message: 'notes.txt cannot be read by OCR: its content must be PNG, JPEG, TIFF, WebP or PDF.',
        },
      },
      { index: 1, filename: 'letter.png', job: letter, refused: null },
      {
        index: 2,
        filename: 'bomb.tif',
        job: null,
        refused: expect.objectContaining({
          code: 'imagePageTooLarge',
          params: expect.objectContaining({ name: 'bomb.tif' }),
        }),
      },
      {
        index: 3,
        filename: 'huge.png',
        job: null,
        refused: {
          code: 'fileTooLarge',
          params: { name: 'huge.png', limit: '20 MiB' },
          message: 'huge.png is larger than 20 MiB.',
        },
      },
      { index: 4, filename: 'memo.jpg', job: memo, refused: null },
    ]);
    // Only the good files became jobs, with their originals; nothing else was kept.
    expect(await jobCount()).toBe(before + 2);
    const original = await callAs(s, 'hr', O.downloadOcrOriginal, { params: { id: memo! } });
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    expect((await ended('hr', letter!)).status).toBe('done');

    // A single file too large is still refused whole, as before.
    const alone = await upload('hr', [{ name: 'huge.png', data: Buffer.alloc(21 * 1024 * 1024) }]);
    expect(alone.status).toBe(413);
    expect(alone.body.code).toBe('fileTooLarge');
    expect(await jobCount()).toBe(before + 2);
  });

  it('keeps OCR to staff: an interpreter is refused', async () => {
    const res = await callAs(s, 'interpreter01', O.listOcrJobs, { query: {} });
    expect(res.status).toBe(403);
  });
});

describe('retention and delete', () => {
  it('removes jobs past their time with their originals; the owner can delete one', async () => {
    const res = await upload('manager.it', [
      { name: 'old.png', data: renderTextPng(['Old record']) },
      { name: 'gone.png', data: renderTextPng(['Deleted record']) },
    ]);
    const [old, gone] = res.body.results;
    expect(new Date(old.expires_at).getTime() - Date.now()).toBeGreaterThan(179 * 86400_000);
    await ended('manager.it', old.id);
    await ended('manager.it', gone.id);
    const fileOf = async (id: number) =>
      (await sql<{ file_id: number }>`select file_id from ocr_jobs where id = ${id}`.execute(s.database.db)).rows[0]!
        .file_id;
    const oldFile = await fileOf(old.id);
    await setOcrJobExpiry(s.database.db, old.id, -60);
    expect(await purgeExpiredOcr(s.app.ctx)).toBe(1);
    expect((await getJob('manager.it', old.id)).status).toBe(404);
    const files = await sql`select id from files where id = ${oldFile}`.execute(s.database.db);
    expect(files.rows).toEqual([]);

    const remove = async (who: string) => (await callAs(s, who, O.deleteOcrJob, { params: { id: gone.id } })).status;
    expect(await remove('it')).toBe(404);
    expect(await remove('manager.it')).toBe(204);
    expect((await getJob('manager.it', gone.id)).status).toBe(404);
  });
});
