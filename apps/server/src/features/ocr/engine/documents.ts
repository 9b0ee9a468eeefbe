import { Worker } from 'node:worker_threads';
import { PDFDocument } from 'pdf-lib';
import type { TOcrContentType, TOcrFailureReason, TOcrWord } from '@portal/contracts';

/** One page of an opened document: its image, and its own text when a PDF page has a text layer. */
export interface OpenedPage {
  number: number;
  /** PNG. */
  image: Buffer;
  width: number;
  height: number;
  textLayer: { text: string; words: TOcrWord[] } | null;
}

export interface OpenedDocument {
  pages: OpenedPage[];
}

/** A document that cannot be read as it is (retrying would not help). */
export class OcrDocumentError extends Error {
  constructor(
    readonly reason: Extract<TOcrFailureReason, 'encrypted' | 'corrupt' | 'too_many_pages'>,
    message: string,
  ) {
    super(message);
  }
}

const WORKER = new URL('./open-document.worker.mjs', import.meta.url);

/**
 * Splits an upload into page images in a worker thread (pdfjs-dist for PDFs, utif2 for
 * TIFF, canvas for the rest), so parsing and rendering never block the server.
 */
export function openDocument(
  bytes: Buffer,
  contentType: TOcrContentType,
  opts: { maxPages: number },
): Promise<OpenedDocument> {
  const plain = contentType === 'image/png' ? plainPng(bytes) : null;
  if (plain) return Promise.resolve({ pages: [{ number: 1, image: bytes, ...plain, textLayer: null }] });
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: { bytes, contentType, maxPages: opts.maxPages } });
    let settled = false;
    worker.once('message', (m: { pages?: OpenedPage[]; error?: { reason: string | null; message: string } }) => {
      settled = true;
      if (m.pages) resolve({ pages: m.pages.map((p) => ({ ...p, image: Buffer.from(p.image) })) });
      else if (m.error?.reason)
        reject(new OcrDocumentError(m.error.reason as OcrDocumentError['reason'], m.error.message));
      else reject(new Error(m.error?.message ?? 'the document could not be opened'));
      void worker.terminate();
    });
    worker.once('error', (err) => {
      if (!settled) reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`document worker exited with ${code}`));
    });
  });
}

/** Long side past which a page is scaled down (as the worker does). */
const MAX_SIDE = 2500;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A PNG that can go to the engine as it is (no alpha to flatten, not too large): its size
 * from the header, without a thread, a decode or a re-encode. Null when it needs the worker.
 */
function plainPng(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.toString('latin1', 12, 16) !== 'IHDR')
    return null;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const colourType = bytes[25]!;
  const alpha = colourType === 4 || colourType === 6 || bytes.includes('tRNS', 33, 'latin1');
  if (alpha || width === 0 || height === 0 || Math.max(width, height) > MAX_SIDE) return null;
  return { width, height };
}

/**
 * The searchable PDF: each recognised page's own one-page PDF (its image under an
 * invisible text layer, from tesseract) and each text-layer page copied from the original.
 */
export async function assembleSearchablePdf(
  parts: ({ pdf: Buffer } | { sourcePage: number })[],
  source: Buffer | null,
): Promise<Buffer> {
  const out = await PDFDocument.create();
  const original = source ? await PDFDocument.load(source, { ignoreEncryption: true }) : null;
  for (const part of parts) {
    if ('pdf' in part) {
      const one = await PDFDocument.load(part.pdf);
      const [page] = await out.copyPages(one, [0]);
      out.addPage(page);
    } else {
      if (!original) throw new Error('a text-layer page without its original');
      const [page] = await out.copyPages(original, [part.sourcePage - 1]);
      out.addPage(page);
    }
  }
  return Buffer.from(await out.save());
}
