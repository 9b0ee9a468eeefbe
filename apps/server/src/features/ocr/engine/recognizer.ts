import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { TOcrContentType, TOcrLanguage, TOcrWord } from '@portal/contracts';
import { createBoundedPool } from '../../../lib/heavy-work/index.js';
import { createDocumentOpener, type OpenedDocument, type OpenOptions } from './documents.js';

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
  /** Splits a document into page images (see documents.ts). */
  open(bytes: Buffer, contentType: TOcrContentType, opts: OpenOptions): Promise<OpenedDocument>;
  recognize(png: Buffer, language: TOcrLanguage): Promise<RecognizedPage>;
  close(): Promise<void>;
}

/** Recognition (and document-opening) threads for this process: as configured, else one per core less one for the server. */
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

const RECOGNIZE = new URL('./recognize.worker.mjs', import.meta.url);

interface RecognizeInput {
  png: Uint8Array;
  language: TOcrLanguage;
  deskew: boolean;
  langPath: string;
}
interface RecognizeOutput {
  text: string;
  words: TOcrWord[];
  confidence: number;
  /** The deskewed page, when that reading was kept. */
  image: Uint8Array | null;
  pdf: Uint8Array;
}

/** Defaults for callers without a config (the bench, engine tests). */
const DEFAULT_HEAP_MB = 512;
const DEFAULT_TIMEOUT_MS = 240_000;

/**
 * The OCR engine of this process: bounded pools of worker threads (lib/heavy-work) that open
 * documents and recognise pages, created on first use. Nothing runs on the event loop, and a
 * page or document that crashes its thread, passes its heap cap or its time fails alone
 * (HeavyWorkError with the reason); its thread is replaced. A page that cannot be read
 * rejects with HeavyWorkRefusal `corrupt`.
 */
export function createOcrEngine(opts: {
  workers: number;
  /**
   * Straighten a page where that helps (default): a page read with low confidence is read
   * again deskewed, and the better reading kept. Deskewing every page would cost about a
   * third more per page for nothing: up to ~5° tesseract reads a tilted page as well.
   */
  deskew?: boolean;
  maxHeapMb?: number;
  timeoutMs?: number;
}): OcrEngine {
  const deskew = opts.deskew ?? true;
  const limits = {
    size: opts.workers,
    maxHeapMb: opts.maxHeapMb ?? DEFAULT_HEAP_MB,
    timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
  const recognition = createBoundedPool<RecognizeInput, RecognizeOutput>({
    name: 'OCR recognition',
    script: RECOGNIZE,
    ...limits,
  });
  const opener = createDocumentOpener(limits);
  let closed = false;

  return {
    open: (bytes, contentType, options) => opener.open(bytes, contentType, options),
    async recognize(png, language) {
      if (closed) throw new Error('OCR engine closed');
      const out = await recognition.run({ png, language, deskew, langPath: languageFolder() });
      const image = out.image ? Buffer.from(out.image) : png;
      const size = pngSize(image);
      return {
        text: out.text,
        words: out.words,
        confidence: out.confidence,
        width: size.width,
        height: size.height,
        image,
        pdf: Buffer.from(out.pdf),
      };
    },
    async close() {
      closed = true;
      await recognition.close();
    },
  };
}

/** Width and height from a PNG's IHDR (the engine hands back PNGs only). */
export function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
