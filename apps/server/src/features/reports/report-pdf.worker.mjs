// A thread of the report PDF pool (report-pdf.ts): lays out one report PDF at a time. The
// layout engine (WebAssembly) and the fonts live and die with this thread, which the pool
// replaces after any failure. Plain JavaScript that loads the TypeScript layout itself
// (tsx), so it starts the same under vitest, `node --import tsx` and the bench.
import { tsImport } from 'tsx/esm/api';
import { serve, TaskRefusal } from '../../lib/heavy-work/serve.mjs';

const { layOutReportPdf, ReportBodyTooComplex } = await tsImport('./report-pdf-document.ts', import.meta.url);

serve(async ({ report, lang, timeZone }) => {
  try {
    return await layOutReportPdf(report, lang, timeZone);
  } catch (err) {
    // A stored body past the structural limits is the report's problem, not the thread's;
    // its message goes back by code (JSON), to be said in the reader's language.
    if (err instanceof ReportBodyTooComplex) throw new TaskRefusal('too_complex', JSON.stringify(err.said));
    throw err;
  }
});
