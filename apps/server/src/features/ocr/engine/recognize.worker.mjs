// Recognises one page at a time inside a bounded pool's thread (lib/heavy-work). tesseract.js
// runs its engine in a worker thread of its own, nested in this one: whatever goes wrong
// there (a throw in its message plumbing, an uncaught error, a WebAssembly abort) ends this
// thread, which the pool replaces, never the server. The nested thread has no heap cap of
// its own and WebAssembly memory is capped by nothing: what bounds tesseract's memory is the
// page itself, at most MAX_SIDE pixels a side once opened (documents.ts, the pixel budgets).
// Plain JavaScript so that it loads without a TypeScript loader (vitest, `node --import tsx`).
import Tesseract from 'tesseract.js';
import { serve, TaskRefusal } from '../../../lib/heavy-work/serve.mjs';

/** Below this mean confidence (0–100) a page is read again, deskewed. */
const DESKEW_BELOW_CONFIDENCE = 80;

/** This thread's tesseract worker, kept for the next page (loading a language costs more than a page). */
let engine;
let engineLanguage;

async function engineFor(language, langPath) {
  if (!engine) {
    engineLanguage = language;
    engine = await Tesseract.createWorker(language, Tesseract.OEM.LSTM_ONLY, {
      langPath,
      gzip: true,
      cacheMethod: 'none',
      // Without a handler, tesseract.js throws a failed job's error inside its message
      // listener, where nothing can catch it: the whole process ended.
      // With one, the job's own promise rejects and is answered below.
      errorHandler: () => undefined,
    });
  } else if (engineLanguage !== language) {
    await engine.reinitialize(language);
    engineLanguage = language;
  }
  return engine;
}

const fromBase64Image = (s) => Buffer.from(s.replace(/^data:image\/\w+;base64,/, ''), 'base64');

function wordsOf(data) {
  return (data.blocks ?? []).flatMap((b) =>
    b.paragraphs.flatMap((p) =>
      p.lines.flatMap((l) =>
        l.words
          .filter((w) => w.text.trim().length > 0)
          .map((w) => ({
            text: w.text,
            x0: w.bbox.x0,
            y0: w.bbox.y0,
            x1: w.bbox.x1,
            y1: w.bbox.y1,
            confidence: Math.round(w.confidence * 10) / 10,
          })),
      ),
    ),
  );
}

serve(async ({ png, language, deskew, langPath }) => {
  const worker = await engineFor(language, langPath);
  const image = Buffer.from(png);
  const read = async (rotate) => {
    try {
      return (
        await worker.recognize(
          image,
          { rotateAuto: rotate },
          // The deskewed image comes back with it, so the word boxes line up with what is shown.
          { text: true, blocks: true, pdf: true, imageColor: rotate },
        )
      ).data;
    } catch (err) {
      // The image itself cannot be read (libpng's "Read Error" on a cut-off PNG): retrying would not help.
      if (/attempting to read image/i.test(String(err?.message ?? err))) {
        // The engine goes with it, so the next page starts on a fresh one.
        engine = undefined;
        await worker.terminate().catch(() => undefined);
        throw new TaskRefusal('corrupt', 'the page image cannot be read');
      }
      // Anything else may have left the engine broken: this thread goes (the pool starts a fresh one).
      throw new Error(`recognition failed: ${err?.message ?? err}`);
    }
  };
  let data = await read(false);
  if (deskew && data.confidence < DESKEW_BELOW_CONFIDENCE) {
    const straightened = await read(true);
    if (straightened.confidence > data.confidence) data = straightened;
  }
  return {
    text: data.text,
    words: wordsOf(data),
    confidence: data.confidence,
    image: data.imageColor ? fromBase64Image(data.imageColor) : null,
    pdf: Buffer.from(data.pdf ?? []),
  };
});
