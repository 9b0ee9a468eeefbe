import { ocrEndpoints, ZOcrJobDetail, type TOcrJobDetail } from '@portal/contracts';
import { call } from './client.js';
import { makeApi, multipartBody } from './harness.js';

/** Uploads files for OCR as the holder of `token` (multipart, as the web sends them). */
export async function uploadOcr(
  baseUrl: string,
  token: string,
  files: { name: string; data: Buffer }[],
  fields: Record<string, string> = { language: 'eng' },
): Promise<{ status: number; body: any }> {
  const res = await call(makeApi(baseUrl), ocrEndpoints.createOcrJobs, {
    body: multipartBody(fields, files, 'files'),
    token,
  });
  return { status: res.status, body: res.body };
}

const ENDED = new Set(['done', 'failed', 'cancelled']);

/** Polls a job until `until` holds (default: it has ended); the queue works in the background. */
export async function waitForOcr(
  baseUrl: string,
  token: string,
  id: number,
  until: (job: TOcrJobDetail) => boolean = (job) => ENDED.has(job.status),
  timeoutMs = 90_000,
): Promise<TOcrJobDetail> {
  const api = makeApi(baseUrl);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call(api, ocrEndpoints.getOcrJob, { params: { id }, token });
    const job = ZOcrJobDetail.parse(res.body);
    if (until(job)) return job;
    if (Date.now() > deadline)
      throw new Error(`OCR job ${id} still ${job.status} (${job.pages_done}/${job.pages}) after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
