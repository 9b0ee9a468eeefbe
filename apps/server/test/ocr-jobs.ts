import { ZOcrJobDetail, type TOcrJobDetail } from '@portal/contracts';
import { makeApi } from './harness.js';

/** Uploads files for OCR as the holder of `token` (multipart, as the web sends them). */
export async function uploadOcr(
  baseUrl: string,
  token: string,
  files: { name: string; data: Buffer }[],
  fields: Record<string, string> = { language: 'eng' },
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.data)]), f.name);
  const res = await fetch(`${baseUrl}/api/ocr/jobs/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
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
    const res = await api('GET', `/api/ocr/jobs/${id}/`, { token });
    const job = ZOcrJobDetail.parse(res.body);
    if (until(job)) return job;
    if (Date.now() > deadline)
      throw new Error(`OCR job ${id} still ${job.status} (${job.pages_done}/${job.pages}) after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
