import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TOcrLanguage } from '@portal/contracts';
import { characterErrorRate, createOcrEngine } from '../src/features/ocr/engine/index.js';
import { renderTextPage } from '../src/features/ocr/ocr-demo.js';
import { startTestServer } from '../test/harness.js';
import { uploadOcr, waitForOcr } from '../test/ocr-jobs.js';

/**
 * OCR: pages per minute and character error rate of (1) the whole job pipeline
 * (upload, queue, open, recognise, store, searchable PDF) on an embedded-database server,
 * (2) the engine alone (tesseract.js worker threads), beside (3) Debian's native
 * `tesseract` CLI run as the same number of parallel processes on the same pages (the
 * baseline; skipped with a line when it is not installed).
 */
const execFileP = promisify(execFile);
const PAGES_PER_LANGUAGE = 6;

const ENGLISH = [
  'Interpreting services agreement between the company',
  'and Riyadh Medical City for the year 2027.',
  'The provider supplies Arabic and English interpreters',
  'for consecutive and telephone sessions on request.',
  'Each session is billed per started quarter hour.',
  'Invoices are due within thirty days of receipt.',
];
const ARABIC = [
  'اتفاقية خدمات الترجمة الفورية بين الشركة',
  'ومدينة الرياض الطبية للعام القادم',
  'يوفر المزود مترجمين للغتين العربية والإنجليزية',
  'للجلسات التتابعية والهاتفية عند الطلب',
  'تحسب كل جلسة بربع الساعة الذي بدأت فيه',
  'تستحق الفواتير خلال ثلاثين يوما من استلامها',
];
const MIXED = [
  'Booking 2027-114 for Riyadh Medical City',
  'الموعد: يوم الأحد في الساعة التاسعة صباحا',
  'Language pair: Arabic to English',
  'المترجمة: مريم حسن من قسم الترجمة الطبية',
  'Duration: 90 minutes, consecutive mode',
  'ملاحظات: يرجى الحضور قبل الموعد بعشر دقائق',
];

interface Sample {
  language: TOcrLanguage;
  label: string;
  text: string;
  png: Buffer;
}

function samples(): Sample[] {
  const out: Sample[] = [];
  for (const [label, language, lines, rtl] of [
    ['English', 'eng', ENGLISH, false],
    ['Arabic', 'ara', ARABIC, true],
    ['mixed', 'ara+eng', MIXED, false],
  ] as const) {
    for (let i = 0; i < PAGES_PER_LANGUAGE; i++) {
      // Rotate the lines so pages differ; a slight tilt as a scanner gives.
      const page = [...lines.slice(i % lines.length), ...lines.slice(0, i % lines.length)];
      out.push({ language, label, text: page.join('\n'), png: renderTextPage(page, { rtl, skewDegrees: 0.5 }) });
    }
  }
  return out;
}

/** Runs `jobs` with at most `n` at once. */
async function limit<T>(n: number, jobs: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]!();
      }
    }),
  );
  return results;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const perMinute = (pages: number, ms: number) => (pages / ms) * 60_000;

function cerByLanguage(pages: Sample[], texts: string[]) {
  const by: Record<string, number[]> = {};
  pages.forEach((p, i) => (by[p.label] ??= []).push(characterErrorRate(p.text, texts[i]!)));
  return Object.fromEntries(Object.entries(by).map(([k, v]) => [k, mean(v)]));
}

async function nativeAvailable(): Promise<boolean> {
  try {
    await execFileP('tesseract', ['--version']);
    const { stdout } = await execFileP('tesseract', ['--list-langs']);
    return /\bara\b/.test(stdout) && /\beng\b/.test(stdout);
  } catch {
    return false;
  }
}

export async function benchOcr(): Promise<string> {
  const workers = os.availableParallelism();
  const pages = samples();
  const lines: string[] = [
    `${pages.length} generated pages (${PAGES_PER_LANGUAGE} English, ${PAGES_PER_LANGUAGE} Arabic, ${PAGES_PER_LANGUAGE} mixed; 1654 px wide, 6 lines, tilted 0.5°), ${workers} workers or processes`,
    '',
    '| what | pages/min | × native | CER English | CER Arabic | CER mixed |',
    '|---|---|---|---|---|---|',
  ];
  const row = (what: string, ppm: number, native: number | null, cer: Record<string, number>) =>
    lines.push(
      `| ${what} | ${ppm.toFixed(1)} | ${native ? (ppm / native).toFixed(2) : '—'} | ${(cer.English! * 100).toFixed(1)} % | ${(cer.Arabic! * 100).toFixed(1)} % | ${(cer.mixed! * 100).toFixed(1)} % |`,
    );

  // Native baseline first (nothing else running).
  let native: { ppm: number; cer: Record<string, number> } | null = null;
  if (await nativeAvailable()) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ocr-bench-'));
    const files = pages.map((p, i) => {
      const f = path.join(dir, `page-${i}.png`);
      fs.writeFileSync(f, p.png);
      return f;
    });
    const t0 = performance.now();
    const texts = await limit(
      workers,
      pages.map((p, i) => async () => {
        // One thread per process, as the pool's workers each have one.
        const { stdout } = await execFileP('tesseract', [files[i]!, 'stdout', '-l', p.language], {
          env: { ...process.env, OMP_THREAD_LIMIT: '1' },
        });
        return stdout;
      }),
    );
    native = { ppm: perMinute(pages.length, performance.now() - t0), cer: cerByLanguage(pages, texts) };
    fs.rmSync(dir, { recursive: true, force: true });
  } else {
    lines.push('', "Native baseline skipped: Debian's `tesseract` (with `tesseract-ocr-ara`) is not installed.", '');
  }

  // The engine alone (workers warmed up on one page first, as a running server's are), as
  // the server runs it (deskewing where it helps) and never deskewing (as the native CLI).
  const engineRuns: Record<string, { ppm: number; cer: Record<string, number> }> = {};
  for (const deskew of [true, false]) {
    const engine = createOcrEngine({ workers, deskew });
    await Promise.all(Array.from({ length: workers }, () => engine.recognize(pages[0]!.png, 'eng')));
    const t1 = performance.now();
    const texts = await Promise.all(pages.map((p) => engine.recognize(p.png, p.language).then((r) => r.text)));
    engineRuns[String(deskew)] = {
      ppm: perMinute(pages.length, performance.now() - t1),
      cer: cerByLanguage(pages, texts),
    };
    await engine.close();
  }

  // The whole pipeline on a server: one upload per language, every job to "done".
  const s = await startTestServer({ OCR_WORKERS: String(workers) });
  try {
    const token = await s.token('hr');
    const t2 = performance.now();
    const jobs: { id: number; sample: Sample }[] = [];
    for (const language of ['eng', 'ara', 'ara+eng'] as const) {
      const mine = pages.filter((p) => p.language === language);
      const res = await uploadOcr(
        s.url,
        token,
        mine.map((p, i) => ({ name: `${language}-${i}.png`, data: p.png })),
        { language },
      );
      if (res.status !== 201) throw new Error(`upload failed: ${JSON.stringify(res.body)}`);
      res.body.results.forEach((j: { id: number }, i: number) => jobs.push({ id: j.id, sample: mine[i]! }));
    }
    for (const j of jobs) {
      const done = await waitForOcr(s.url, token, j.id, undefined, 600_000);
      if (done.status !== 'done') throw new Error(`job ${j.id} ${done.status}`);
    }
    const ms = performance.now() - t2;
    const texts = await Promise.all(
      jobs.map(async (j) => (await s.api('GET', `/api/ocr/jobs/${j.id}/pages/1/`, { token })).body.text as string),
    );
    const pipeline = {
      ppm: perMinute(jobs.length, ms),
      cer: cerByLanguage(
        jobs.map((j) => j.sample),
        texts,
      ),
    };
    row('job pipeline (upload → done, embedded database)', pipeline.ppm, native?.ppm ?? null, pipeline.cer);
  } finally {
    await s.stop();
  }
  const [withDeskew, withoutDeskew] = [engineRuns.true!, engineRuns.false!];
  row(
    'engine alone, deskewing where it helps (as the server runs it)',
    withDeskew.ppm,
    native?.ppm ?? null,
    withDeskew.cer,
  );
  row('engine alone, never deskewing (as the native CLI)', withoutDeskew.ppm, native?.ppm ?? null, withoutDeskew.cer);
  if (native) row('native `tesseract` 5.3 CLI (baseline)', native.ppm, native.ppm, native.cer);
  return lines.join('\n');
}
