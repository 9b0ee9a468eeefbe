/**
 * OCR jobs are durable: the server is SIGKILLed while it recognises a document's pages,
 * started again on the same data, and the job finishes with every page. (The pages the
 * dead process held expire after OCR_PAGE_TIMEOUT and are handed out again.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, makeApi, tempDir } from '../harness.js';
import { spawnServer, type ServerProcess } from '../processes.js';
import { renderTextPng, scannedPdf } from '../ocr-fixtures.js';
import { uploadOcr, waitForOcr } from '../ocr-jobs.js';

const running: ServerProcess[] = [];
afterAll(async () => {
  for (const p of running) p.child.kill('SIGKILL');
  await Promise.all(running.map((p) => p.exited));
});

describe('an OCR job across a SIGKILL', () => {
  it('finishes after the server is killed mid-job and started again', { timeout: 180_000 }, async () => {
    const env = {
      DATA_DIR: tempDir(),
      OCR_WORKERS: '1',
      OCR_PAGE_TIMEOUT: '4',
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
    const last = await makeApi(second.url)('GET', `/api/ocr/jobs/${id}/pages/5/`, { token });
    expect(last.body.text).toContain('page 5');
  });
});
