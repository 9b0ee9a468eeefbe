import { PDFDocument } from 'pdf-lib';
import type { TReport } from '@portal/contracts';
import { renderTextPage } from '../src/features/ocr/ocr-demo.js';
import { largestReportBody } from '../src/features/reports/report-samples.js';
import { layOutReportPdf } from '../src/features/reports/report-pdf-document.js';
import { startTestServer } from '../test/harness.js';
import { uploadOcr, waitForOcr } from '../test/ocr-jobs.js';
import { loopDelayDuring } from './loop-delay.js';

const SCANNED_PAGES = 50;

/** A scanned document: every page an image, no text layer, so each one is recognised. */
async function scannedPdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let n = 1; n <= pages; n++) {
    const png = await doc.embedPng(
      renderTextPage([`Interpreting session record ${n} of ${pages}`, 'Riyadh Medical City, consecutive mode'], {
        width: 1240,
        fontSize: 36,
      }),
    );
    doc.addPage([595, 842]).drawImage(png, {
      x: 0,
      y: 842 - (595 * png.height) / png.width,
      width: 595,
      height: (595 * png.height) / png.width,
    });
  }
  return Buffer.from(await doc.save());
}

/**
 * Report PDFs: the server's event-loop delay while the largest report the
 * contract allows is laid out in the report PDF pool, beside the same server idle (the
 * baseline, same run) and the same layout on the event loop (as before the PDF pool).
 */
export async function benchReportPdf(): Promise<string> {
  const s = await startTestServer({ LOG_LEVEL: 'warn' });
  try {
    const token = await s.token('manager.it');
    const created = await s.api('POST', '/api/reports/', {
      token,
      body: {
        title: 'Largest allowed report',
        type: 'monthly_summary',
        subjects: ['it'],
        period_from: '2026-10-01',
        period_to: '2026-10-31',
        body: largestReportBody(),
      },
    });
    if (created.status !== 201) throw new Error(`report not created: ${JSON.stringify(created.body)}`);
    const report = created.body as TReport;
    const pdf = async () => {
      const res = await fetch(`${s.url}/api/reports/${report.id}/pdf/`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.status !== 200) throw new Error(`PDF answered ${res.status}`);
      await res.arrayBuffer();
    };
    // The thread's first start (its modules) is not the figure asked for.
    await pdf();
    const inThread = await loopDelayDuring(pdf);
    const idle = await loopDelayDuring(() => new Promise((r) => setTimeout(r, inThread.ms)));
    // The combined row: the largest report laid out while a 50-page scan is recognised.
    const scan = await scannedPdf(SCANNED_PAGES);
    let pagesRecognised = 0;
    const withOcr = await loopDelayDuring(async () => {
      const up = await uploadOcr(s.url, token, [{ name: 'scan-50-pages.pdf', data: scan }]);
      if (up.status !== 201) throw new Error(`OCR upload answered ${up.status}: ${JSON.stringify(up.body)}`);
      const id = (up.body as { results: { id: number }[] }).results[0]!.id;
      const [, job] = await Promise.all([pdf(), waitForOcr(s.url, token, id, undefined, 60 * 60_000)]);
      if (job.status !== 'done') throw new Error(`OCR job ended ${job.status}`);
      pagesRecognised = job.pages_done;
    });
    const onLoop = await loopDelayDuring(async () => {
      await layOutReportPdf(report, 'en', 'UTC');
    });
    const row = (label: string, r: { p99: number; max: number; ms: number }) =>
      `| ${label} | ${r.p99.toFixed(1)} | ${r.max.toFixed(0)} | ${(r.ms / 1000).toFixed(1)} |`;
    return [
      '| server (largest allowed report: 300 blocks, 300 cells, 40,000 characters) | loop delay p99 ms | max ms | s |',
      '|---|---|---|---|',
      row('idle (baseline)', idle),
      row('PDF laid out in the report PDF pool', inThread),
      row(`the same PDF while a ${pagesRecognised}-page scanned PDF is recognised (upload to done)`, withOcr),
      row('the same layout on the event loop (before the pool)', onLoop),
    ].join('\n');
  } finally {
    await s.stop();
  }
}
