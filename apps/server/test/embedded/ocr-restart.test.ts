/**
 * OCR jobs are durable: the server is SIGKILLed while it recognises a document's pages,
 * started again on the same data, and the job finishes with every page. (The pages the
 * dead process held expire after OCR_PAGE_TIMEOUT and are handed out again.) And a page
 * that crashed the recognition worker does not take a restarted server down with it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ocrEndpoints } from '@portal/contracts';
import { call } from '../client.js';
import { DEMO_PASSWORD, makeApi, tempDir } from '../harness.js';
import { spawnServer, type ServerProcess } from '../processes.js';
import { pngWithGarbagePixels, renderTextPng, scannedPdf } from '../ocr-fixtures.js';
import { uploadOcr, waitForOcr } from '../ocr-jobs.js';

const running: ServerProcess[] = [];
afterAll(async () => {
  for (const p of running) p.child.kill('SIGKILL');
  await Promise.all(running.map((p) => p.exited));
});

describe('an OCR job across a SIGKILL', () => {
  it('finishes after the server is killed mid-job and started again', { timeout: 300_000 }, async () => {
    const env = {
      DATA_DIR: tempDir(),
      OCR_WORKERS: '1',
      // Long enough that a page still being recognised on a busy machine is not handed out
      // twice (that would count as an attempt that died with its process).
      OCR_PAGE_TIMEOUT: '30',
      OCR_WORKER_TIMEOUT: '25',
      QUEUE_MAINTENANCE: '1',
      OCR_RETRY_DELAY: '1',
    };
    const first = await spawnServer(env);
    running.push(first);
    const login = await makeApi(first.url)('POST', '/api/auth/jwt/login/', {
      body: { username: 'hr', password: DEMO_PASSWORD },
    });
    const token = login.body.access as string;
    const pages = Array.from({ length: 5 }, (_, i) => renderTextPng([`Contract page ${i + 1} signed by both parties`]));
    const res = await uploadOcr(first.url, token, [{ name: 'contract.pdf', data: await scannedPdf(pages) }]);
    expect(res.status).toBe(201);
    const id = res.body.results[0].id as number;

    // Killed once it has started on the pages, before it could finish them all.
    const midway = await waitForOcr(first.url, token, id, (j) => j.pages_done >= 1);
    expect(midway.pages_done).toBeLessThan(5);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await spawnServer(env);
    running.push(second);
    const job = await waitForOcr(second.url, token, id);
    expect(job).toMatchObject({ status: 'done', pages: 5, pages_done: 5, pages_failed: 0 });
    const last = await call(makeApi(second.url), ocrEndpoints.getOcrPage, { params: { id, page: 5 }, token });
    expect(last.body.text).toContain('page 5');
  });
});

describe('a page that crashed the recognition worker', () => {
  it('does not crash a restarted server, and its job ends failed with a reason', { timeout: 300_000 }, async () => {
    // Its image's pixels are garbage: tesseract's libpng fails on it. That error used to end
    // the whole server, and every restart died again on the queue's retry of the page.
    const env = {
      DATA_DIR: tempDir(),
      OCR_WORKERS: '1',
      OCR_PAGE_TIMEOUT: '5',
      OCR_WORKER_TIMEOUT: '4',
      QUEUE_MAINTENANCE: '1',
      OCR_RETRY_DELAY: '1',
    };
    const first = await spawnServer(env);
    running.push(first);
    const api = makeApi(first.url);
    const login = await api('POST', '/api/auth/jwt/login/', { body: { username: 'hr', password: DEMO_PASSWORD } });
    const token = login.body.access as string;
    const res = await uploadOcr(first.url, token, [{ name: 'scan.png', data: pngWithGarbagePixels() }]);
    expect(res.status).toBe(201);
    const id = res.body.results[0].id as number;

    // Whichever comes first: the job settles, or (before the fix) the server dies on it.
    await Promise.race([first.exited, waitForOcr(first.url, token, id).catch(() => first.exited)]);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await spawnServer(env);
    running.push(second);
    let exited = false;
    void second.exited.then(() => (exited = true));
    const job = await waitForOcr(second.url, token, id, undefined, 120_000);
    expect(job).toMatchObject({ status: 'failed', pages_failed: 1 });
    expect(job.error).not.toBeNull();
    // Still up, and answering others.
    const me = await makeApi(second.url)('GET', '/api/auth/me/', { token });
    expect(me.status).toBe(200);
    expect(exited).toBe(false);
  });
});
