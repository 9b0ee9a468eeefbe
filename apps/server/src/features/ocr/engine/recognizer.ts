import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import Tesseract from 'tesseract.js';
import type { TOcrLanguage, TOcrWord } from '@portal/contracts';

/** One page as the engine recognised it. */
export interface RecognizedPage {
  text: string;
  words: TOcrWord[];
  /** Tesseract's mean word confidence, 0–100. */
  confidence: number;
  width: number;
  height: number;
  /** The page as recognised (after deskewing), so the word boxes line up with it. */
  image: Buffer;
  /** The page as a one-page searchable PDF (the image with an invisible text layer). */
  pdf: Buffer;
}

export interface OcrEngine {
  recognize(png: Buffer, language: TOcrLanguage): Promise<RecognizedPage>;
  close(): Promise<void>;
}

/** Recognition threads for this process: as configured, else one per core less one for the server. */
export function engineSize(configured: number | undefined): number {
  return configured ?? Math.max(1, os.availableParallelism() - 1);
}

let langFolder: string | undefined;

/**
 * One folder holding both languages' data (links to the npm packages' files), because a
 * worker's `langPath` is fixed when it is created and `ara+eng` needs both in one place.
 * Nothing is downloaded, and nothing is written into the working directory.
 */
function languageFolder(): string {
  if (langFolder && fs.existsSync(langFolder)) return langFolder;
  const require = createRequire(import.meta.url);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ocr-lang-'));
  for (const code of ['eng', 'ara']) {
    const pkg = require(`@tesseract.js-data/${code}`) as { langPath: string };
    const from = path.join(pkg.langPath, `${code}.traineddata.gz`);
    const to = path.join(dir, `${code}.traineddata.gz`);
    try {
      fs.symlinkSync(from, to);
    } catch {
      fs.copyFileSync(from, to);
    }
  }
  return (langFolder = dir);
}

/** Below this mean confidence (0–100) a page is read again, deskewed. */
const DESKEW_BELOW_CONFIDENCE = 80;

interface Slot {
  worker: Promise<Tesseract.Worker> | undefined;
  language: TOcrLanguage | undefined;
}

const fromBase64Image = (s: string) => Buffer.from(s.replace(/^data:image\/\w+;base64,/, ''), 'base64');

/**
 * A pool of tesseract.js workers (each its own worker thread: recognition never runs on
 * the event loop), created on first use; a request waits for a free worker. A worker
 * switches language only when a page asks for another one; one that fails is replaced.
 */
export function createOcrEngine(opts: {
  workers: number;
  /**
   * Straighten a page where that helps (default): a page read with low confidence is read
   * again deskewed, and the better reading kept. Deskewing every page would cost about a
   * third more per page for nothing: up to ~5° tesseract reads a tilted page as well.
   */
  deskew?: boolean;
}): OcrEngine {
  const deskew = opts.deskew ?? true;
  const slots: Slot[] = Array.from({ length: opts.workers }, () => ({ worker: undefined, language: undefined }));
  const free = [...slots];
  const waiting: ((slot: Slot) => void)[] = [];
  let closed = false;

  const acquire = () =>
    new Promise<Slot>((resolve) => {
      const slot = free.pop();
      if (slot) resolve(slot);
      else waiting.push(resolve);
    });
  const release = (slot: Slot) => {
    const next = waiting.shift();
    if (next) next(slot);
    else free.push(slot);
  };

  async function workerFor(slot: Slot, language: TOcrLanguage): Promise<Tesseract.Worker> {
    if (!slot.worker) {
      slot.language = language;
      slot.worker = Tesseract.createWorker(language, Tesseract.OEM.LSTM_ONLY, {
        langPath: languageFolder(),
        gzip: true,
        cacheMethod: 'none',
      });
    }
    const worker = await slot.worker;
    if (slot.language !== language) {
      await worker.reinitialize(language);
      slot.language = language;
    }
    return worker;
  }

  return {
    async recognize(png, language) {
      if (closed) throw new Error('OCR engine closed');
      const slot = await acquire();
      try {
        const worker = await workerFor(slot, language);
        const read = async (rotate: boolean) =>
          (
            await worker.recognize(
              png,
              { rotateAuto: rotate },
              // The deskewed image comes back with it, so the word boxes line up with what is shown.
              { text: true, blocks: true, pdf: true, imageColor: rotate },
            )
          ).data;
        let data = await read(false);
        if (deskew && data.confidence < DESKEW_BELOW_CONFIDENCE) {
          const straightened = await read(true);
          if (straightened.confidence > data.confidence) data = straightened;
        }
        const words: TOcrWord[] = (data.blocks ?? []).flatMap((b) =>
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
        const image = data.imageColor ? fromBase64Image(data.imageColor) : png;
        const size = pngSize(image);
        return {
          text: data.text,
          words,
          confidence: data.confidence,
          width: size.width,
          height: size.height,
          image,
          pdf: Buffer.from(data.pdf ?? []),
        };
      } catch (err) {
        // A worker that failed may be broken: start a fresh one for the next page.
        const broken = slot.worker;
        slot.worker = undefined;
        slot.language = undefined;
        void broken?.then((w) => w.terminate()).catch(() => undefined);
        throw err;
      } finally {
        release(slot);
      }
    },
    async close() {
      closed = true;
      await Promise.all(
        slots.map(async (slot) => {
          const w = await slot.worker?.catch(() => undefined);
          slot.worker = undefined;
          await w?.terminate().catch(() => undefined);
        }),
      );
    },
  };
}

/** Width and height from a PNG's IHDR (the engine hands back PNGs only). */
export function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
