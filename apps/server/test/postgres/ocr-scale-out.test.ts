/**
 * OCR on several machines: an `api` server takes the upload and never recognises; `worker`
 * processes do, and the progress reaches the owner's socket on the api server. A worker
 * killed mid-job leaves its pages to another worker. Runs in the PostgreSQL pass only.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { WS_CHANNELS, ZWsOcrProgress } from '@portal/contracts';
import { freshPostgresDatabase, openSocket, ready, tempDir } from '../harness.js';
import { spawnServer, type ServerProcess } from '../processes.js';
import { renderTextPng, scannedPdf } from '../ocr-fixtures.js';
import { uploadOcr, waitForOcr } from '../ocr-jobs.js';
import { tokenFor } from './two-servers.js';

const running: ServerProcess[] = [];
let drop: (() => Promise<void>) | undefined;
afterAll(async () => {
  for (const p of running) p.child.kill('SIGKILL');
  await Promise.all(running.map((p) => p.exited));
  await drop?.();
});

describe('OCR workers on PostgreSQL', () => {
  it('works jobs uploaded to an api server, and survives a killed worker', { timeout: 360_000 }, async () => {
    const database = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!);
    drop = database.drop;
    const env = {
      DATABASE_URL: database.url,
      PORTAL_SEED_DEMO: '1',
      OCR_WORKERS: '1',
      // Long enough that a page still being recognised on a busy machine is not handed out
      // twice (that would count as an attempt that died with its process).
      OCR_PAGE_TIMEOUT: '30',
      OCR_WORKER_TIMEOUT: '25',
      QUEUE_MAINTENANCE: '1',
      OCR_RETRY_DELAY: '1',
    };
    const api = await spawnServer({ ...env, DATA_DIR: tempDir(), PORTAL_ROLE: 'api' });
    running.push(api);
    expect(api.output()).toContain('role api');
    const worker = await spawnServer({ ...env, DATA_DIR: tempDir(), PORTAL_ROLE: 'worker' });
    running.push(worker);
    const token = await tokenFor(api.url, 'hr');
    const socket = openSocket(api.url, WS_CHANNELS.notification, token);
    await ready(socket);

    const pages = Array.from({ length: 5 }, (_, i) => renderTextPng([`Invoice page ${i + 1} for the call centre`]));
    const res = await uploadOcr(api.url, token, [{ name: 'invoice.pdf', data: await scannedPdf(pages) }]);
    expect(res.status).toBe(201);
    const id = res.body.results[0].id as number;

    // The owner's socket on the api server hears each page the worker finishes.
    const first = await socket.next((m) => m.message?.command === 'ocr_progress' && m.message.pages_done >= 1, 60_000);
    expect(ZWsOcrProgress.parse(first).message).toMatchObject({ job: id, status: 'running', pages: 5 });

    // The worker dies mid-job; another one takes its pages over.
    worker.child.kill('SIGKILL');
    await worker.exited;
    const midway = await waitForOcr(api.url, token, id, () => true);
    expect(midway.status).toBe('running');
    const second = await spawnServer({ ...env, DATA_DIR: tempDir(), PORTAL_ROLE: 'worker' });
    running.push(second);
    const job = await waitForOcr(api.url, token, id);
    expect(job).toMatchObject({ status: 'done', pages: 5, pages_done: 5, pages_failed: 0 });
    await socket.next(
      (m) => m.message?.command === 'ocr_progress' && m.message.job === id && m.message.status === 'done',
    );
    const counts = socket.messages
      .filter((m) => m.message?.command === 'ocr_progress' && m.message.job === id)
      .map((m) => m.message.pages_done as number);
    // Each page counted once, in order, however many processes worked on it.
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(Math.max(...counts)).toBe(5);
    socket.ws.close();
  });
});
