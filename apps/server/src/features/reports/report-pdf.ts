import { msg, parseMessage, type TMessage, type TReport } from '@portal/contracts';
import type { Config } from '../../lib/config.js';
import { ApiError } from '../../lib/errors.js';
import { createBoundedPool, HeavyWorkError, HeavyWorkRefusal, type BoundedPool } from '../../lib/heavy-work/index.js';
import type { PdfLang } from './report-labels.js';

type Job = { report: TReport; lang: PdfLang; timeZone: string };

/** The message a refusing thread sent (report-pdf.worker.mjs sends it as JSON), if it is one. */
function refusalMessage(text: string): TMessage | null {
  try {
    return parseMessage(JSON.parse(text));
  } catch {
    return null;
  }
}
type PdfSettings = Pick<Config, 'REPORT_PDF_THREADS' | 'REPORT_PDF_MAX_HEAP_MB' | 'REPORT_PDF_TIMEOUT'>;

/** One pool per setting (a process normally has one; tests start servers with others). */
const pools = new Map<string, BoundedPool<Job, Uint8Array>>();

function poolFor(config: PdfSettings): BoundedPool<Job, Uint8Array> {
  const key = `${config.REPORT_PDF_THREADS}/${config.REPORT_PDF_MAX_HEAP_MB}/${config.REPORT_PDF_TIMEOUT}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = createBoundedPool<Job, Uint8Array>({
      name: 'report PDF',
      script: new URL('./report-pdf.worker.mjs', import.meta.url),
      size: config.REPORT_PDF_THREADS,
      maxHeapMb: config.REPORT_PDF_MAX_HEAP_MB,
      timeoutMs: config.REPORT_PDF_TIMEOUT * 1000,
    });
    pools.set(key, pool);
  }
  return pool;
}

/**
 * The report as a PDF, laid out in a thread of the report PDF pool (report-pdf-document.ts
 * there), never on the event loop. A body past the structural limits, a layout past the
 * heap cap or the time limit, or a crashed layout engine fails this PDF alone with 422 and
 * a message saying what to do (the report, not the server, is at fault); the failed thread
 * is replaced, so the next PDF gets a fresh layout engine. The ApiError's cause is the
 * pool's error, for the log.
 */
export async function renderReportPdf(report: TReport, lang: PdfLang, config: PdfSettings & Pick<Config, 'TIME_ZONE'>) {
  try {
    const bytes = await poolFor(config).run({ report, lang, timeZone: config.TIME_ZONE });
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (err) {
    if (!(err instanceof HeavyWorkRefusal || err instanceof HeavyWorkError)) throw err;
    const message =
      err instanceof HeavyWorkRefusal
        ? (refusalMessage(err.message) ?? msg('reportPdfFailed'))
        : err.reason === 'timed_out'
          ? msg('reportPdfTimedOut', { count: config.REPORT_PDF_TIMEOUT })
          : msg('reportPdfFailed');
    throw Object.assign(new ApiError(422, message), { cause: err });
  }
}
