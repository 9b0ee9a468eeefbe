import os from 'node:os';
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

type Reply = { id: number; pages?: OpenedPage[]; error?: { reason: string | null; message: string } };

/**
 * Threads that open documents, kept for the next document (starting one and loading its
 * canvas and PDF modules costs more than opening a page), as many as there are cores.
 * An idle one never keeps the process alive.
 */
const threads: { worker: Worker; busy: number }[] = [];
const pending = new Map<number, { resolve(r: Reply): void; reject(e: Error): void; thread: Worker }>();
let nextId = 0;

function thread(): Worker {
  const idle = threads.find((t) => t.busy === 0);
  if (idle || threads.length >= Math.max(1, os.availableParallelism() - 1)) {
    const t = idle ?? threads.reduce((a, b) => (a.busy <= b.busy ? a : b));
    t.busy++;
    t.worker.ref();
    return t.worker;
  }
  const worker = new Worker(WORKER);
  const entry = { worker, busy: 1 };
  threads.push(entry);
  worker.on('message', (m: Reply) => {
    const p = pending.get(m.id);
    pending.delete(m.id);
    // Idle threads never keep the process alive; busy ones do, until their answer is in.
    if (--entry.busy === 0) worker.unref();
    p?.resolve(m);
  });
  // A thread that died takes its documents with it: they fail (and their step is retried).
  const fail = (err: Error) => {
    threads.splice(threads.indexOf(entry), 1);
    for (const [id, p] of pending)
      if (p.thread === worker) {
        pending.delete(id);
        p.reject(err);
      }
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`document thread exited with ${code}`)));
  return worker;
}

/**
 * Splits an upload into page images in a worker thread (pdfjs-dist for PDFs, utif2 for
 * TIFF, canvas for the rest), so parsing and rendering never block the server.
 */
export async function openDocument(
  bytes: Buffer,
  contentType: TOcrContentType,
  opts: { maxPages: number },
): Promise<OpenedDocument> {
  const plain = contentType === 'image/png' ? plainPng(bytes) : null;
  if (plain) return { pages: [{ number: 1, image: bytes, ...plain, textLayer: null }] };
  const id = nextId++;
  const worker = thread();
  const m = await new Promise<Reply>((resolve, reject) => {
    pending.set(id, { resolve, reject, thread: worker });
    worker.postMessage({ id, bytes, contentType, maxPages: opts.maxPages });
  });
  if (m.pages) return { pages: m.pages.map((p) => ({ ...p, image: Buffer.from(p.image) })) };
  if (m.error?.reason) throw new OcrDocumentError(m.error.reason as OcrDocumentError['reason'], m.error.message);
  throw new Error(m.error?.message ?? 'the document could not be opened');
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
