/**
 * Hostile files: a corpus of cut, damaged and booby-trapped documents goes to
 * OCR on a real server process while another client keeps asking `auth/me/`. The process
 * never exits, every file is either refused at upload (400 on `files`, saying the limit) or
 * its job ends failed with a reason, and the other client is answered throughout.
 * (A cut PNG used to end the process within a second; bombs raised its memory by gigabytes.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ZOcrJobDetail } from '@portal/contracts';
import { DEMO_PASSWORD, makeApi, tempDir } from './harness.js';
import { spawnServer, type ServerProcess } from './processes.js';
import {
  corruptPdf,
  damaged,
  deeplyNestedPdf,
  jpegBombHeader,
  jpegPdfPolyglot,
  multiPageTiff,
  pdfWithImageBomb,
  pngBomb,
  pngWithGarbagePixels,
  renderTextPng,
  scannedPdf,
  tiffBomb,
} from './ocr-fixtures.js';
import { uploadOcr, waitForOcr } from './ocr-jobs.js';

let server: ServerProcess | undefined;
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
});

type Expect = 'refused' | 'failed';

async function corpus(): Promise<{ name: string; data: Buffer; expect: Expect }[]> {
  const page = renderTextPng(['Invoice 4521 for interpreting services']);
  const jpeg = renderTextPng(['Receipt'], { format: 'jpeg', width: 800 });
  const webp = renderTextPng(['Receipt'], { format: 'webp', width: 800 });
  const tiff = await multiPageTiff([renderTextPng(['Fax page'], { width: 600 })]);
  const pdf = await scannedPdf([page]);
  return [
    { name: 'truncated.png', data: page.subarray(0, 3000), expect: 'failed' },
    { name: 'header-only.png', data: page.subarray(0, 50), expect: 'failed' },
    { name: 'garbage-pixels.png', data: pngWithGarbagePixels(), expect: 'failed' },
    { name: 'truncated.jpg', data: jpeg.subarray(0, 200), expect: 'failed' },
    { name: 'damaged.jpg', data: damaged(jpeg, 100), expect: 'failed' },
    { name: 'truncated.webp', data: webp.subarray(0, 100), expect: 'failed' },
    { name: 'truncated.tif', data: tiff.subarray(0, 100), expect: 'failed' },
    { name: 'damaged.tif', data: damaged(tiff, 8), expect: 'failed' },
    { name: 'truncated.pdf', data: pdf.subarray(0, Math.floor(pdf.length / 2)), expect: 'failed' },
    { name: 'corrupt.pdf', data: corruptPdf(), expect: 'failed' },
    { name: 'nested.pdf', data: deeplyNestedPdf(), expect: 'failed' },
    { name: 'image-bomb.pdf', data: pdfWithImageBomb(), expect: 'failed' },
    { name: 'polyglot.jpg', data: await jpegPdfPolyglot(), expect: 'failed' },
    { name: 'bomb.png', data: pngBomb(), expect: 'refused' },
    { name: 'bomb.tif', data: tiffBomb(), expect: 'refused' },
    { name: 'bomb.jpg', data: jpegBombHeader(), expect: 'refused' },
    { name: 'empty.png', data: Buffer.alloc(0), expect: 'refused' },
  ];
}

describe('hostile files sent to OCR', () => {
  it(
    'never stop the server: each is refused or fails with a reason, and others are answered',
    { timeout: 480_000 },
    async () => {
      const files = await corpus();
      server = await spawnServer({ DATA_DIR: tempDir(), OCR_WORKERS: '1', OCR_RETRY_DELAY: '1' });
      const p = server;
      const api = makeApi(p.url);
      const login = async (username: string) =>
        (await api('POST', '/api/auth/jwt/login/', { body: { username, password: DEMO_PASSWORD } })).body
          .access as string;
      const [hr, it] = [await login('hr'), await login('it')];

      // Another member of staff keeps using the portal the whole time.
      let uploading = true;
      const answers: number[] = [];
      const other = (async () => {
        while (uploading) {
          const res = await fetch(`${p.url}/api/auth/me/`, {
            headers: { authorization: `Bearer ${it}` },
            signal: AbortSignal.timeout(60_000),
          });
          answers.push(res.status);
          await res.arrayBuffer();
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      let exitedEarly = false;
      void p.exited.then(() => (exitedEarly = true));

      try {
        const jobs: { name: string; id: number }[] = [];
        for (const f of files) {
          const res = await uploadOcr(p.url, hr, [{ name: f.name, data: f.data }]);
          if (f.expect === 'refused') {
            expect(res.status, f.name).toBe(400);
            expect(res.body.extra.fields.files[0], f.name).toMatch(
              f.data.length === 0 ? /is empty/ : /at most 40 megapixels a page/,
            );
          } else {
            expect(res.status, `${f.name}: ${JSON.stringify(res.body)}`).toBe(201);
            jobs.push({ name: f.name, id: res.body.results[0].id });
          }
        }
        for (const j of jobs) {
          const job = ZOcrJobDetail.parse(await waitForOcr(p.url, hr, j.id, undefined, 300_000));
          expect({ name: j.name, status: job.status }).toEqual({ name: j.name, status: 'failed' });
          expect(job.error, j.name).not.toBeNull();
        }
      } finally {
        uploading = false;
        await other;
      }
      expect(exitedEarly, p.output().slice(-3000)).toBe(false);
      expect(answers.length).toBeGreaterThan(0);
      expect(answers.every((s) => s === 200)).toBe(true);
    },
  );
});
