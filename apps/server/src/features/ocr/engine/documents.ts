import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { messageText, type TOcrContentType, type TOcrFailureReason, type TOcrWord } from '@portal/contracts';
import { imagePageSizes, pixelBudgetProblem, type PixelBudget } from '../../../lib/files/image-budget.js';
import { HeavyWorkError } from '../../../lib/heavy-work/index.js';

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
    readonly reason: Extract<TOcrFailureReason, 'encrypted' | 'corrupt' | 'too_many_pages' | 'too_large'>,
    message: string,
  ) {
    super(message);
  }
}

const OPENER = fileURLToPath(new URL('./open-document.process.mjs', import.meta.url));

/** How many threads, how much heap each and how long a task may take (lib/heavy-work). */
export interface WorkerLimits {
  size: number;
  maxHeapMb: number;
  timeoutMs: number;
}

export type OpenOptions = { maxPages: number } & PixelBudget;

type OpenerReply =
  | { ok: true; pages: OpenedPage[] }
  | { ok: false; refusal: { code: OcrDocumentError['reason']; message: string } }
  | { ok: false; failure: string };

/** What a dying V8 prints when the heap cap stops it. */
const OUT_OF_MEMORY = /heap out of memory|allocation failed/i;

/**
 * Opens one document in a child process of its own (open-document.process.mjs), with a heap
 * cap and a wall-clock limit: a native crash in the image decoders, the cap or the limit ends
 * that process only, and the document fails alone (HeavyWorkError with the reason, as the
 * thread pools of lib/heavy-work answer, which cannot contain a native crash). A document
 * refused as it is throws OcrDocumentError. A process costs a few hundred milliseconds to
 * start, little beside the seconds each page takes to recognise.
 */
function openInProcess(input: { bytes: Buffer; contentType: TOcrContentType } & OpenOptions, limits: WorkerLimits) {
  return new Promise<OpenedPage[]>((resolve, reject) => {
    const child = fork(OPENER, [], {
      execArgv: [`--max-old-space-size=${limits.maxHeapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    let reply: OpenerReply | undefined;
    child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    const timer = setTimeout(() => {
      reject(new HeavyWorkError('timed_out', `opening a document ran past ${limits.timeoutMs} ms`));
      child.kill('SIGKILL');
    }, limits.timeoutMs);
    child.on('message', (m: OpenerReply) => (reply = m));
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (reply?.ok) return resolve(reply.pages);
      if (reply && 'refusal' in reply) return reject(new OcrDocumentError(reply.refusal.code, reply.refusal.message));
      if (OUT_OF_MEMORY.test(stderr))
        return reject(
          new HeavyWorkError('out_of_memory', `opening a document passed the ${limits.maxHeapMb} MB heap cap`),
        );
      const why = reply && 'failure' in reply ? reply.failure : `exit ${code ?? signal}: ${stderr.trim().slice(-500)}`;
      reject(new HeavyWorkError('crashed', `opening a document crashed: ${why}`));
    });
    child.send(input);
  });
}

/**
 * Splits uploads into page images (pdfjs-dist for PDFs, utif2 for TIFF, canvas for the
 * rest) outside the server's process, after checking image headers against the pixel budgets.
 */
export function createDocumentOpener(limits: WorkerLimits) {
  return {
    async open(bytes: Buffer, contentType: TOcrContentType, opts: OpenOptions): Promise<OpenedDocument> {
      checkImageBudget(bytes, contentType, opts);
      // A cut or damaged PNG goes no further: no decoder is trusted with it (see OPENER).
      if (contentType === 'image/png' && !wholePng(bytes)) throw new OcrDocumentError('corrupt', 'the PNG is damaged');
      const plain = contentType === 'image/png' ? plainPng(bytes) : null;
      if (plain) return { pages: [{ number: 1, image: bytes, ...plain, textLayer: null }] };
      const pages = await openInProcess({ bytes, contentType, ...opts }, limits);
      return { pages: pages.map((p) => ({ ...p, image: Buffer.from(p.image) })) };
    },
  };
}

/**
 * Images are measured from their headers before any decoder sees them: the pixel budgets
 * are what bound the decoders' memory (the canvas's and tesseract's are native and
 * WebAssembly memory, which a worker's resourceLimits do not cap). An image whose size
 * cannot be read is not decoded either. PDFs are measured by the worker, page box by page box.
 */
function checkImageBudget(bytes: Buffer, contentType: TOcrContentType, budget: PixelBudget): void {
  if (contentType === 'application/pdf') return;
  const pages = imagePageSizes(bytes, contentType);
  if (!pages || pages.length === 0 || pages.some((p) => p.width === 0 || p.height === 0))
    throw new OcrDocumentError('corrupt', 'the image does not say its size');
  const problem = pixelBudgetProblem(pages, budget, 'the document');
  if (problem) throw new OcrDocumentError('too_large', messageText(problem));
}

/** Long side past which a page is scaled down (as the worker does). */
const MAX_SIDE = 2500;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A PNG that can go to the engine as it is (no alpha to flatten, not too large): its size
 * from the header, without a process, a decode or a re-encode. Null when it needs the opener.
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

/** Every chunk's length within the file and its CRC right, up to IEND: a cut or damaged PNG is not. */
function wholePng(bytes: Buffer): boolean {
  let at = PNG_SIGNATURE.length;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const end = at + 8 + length;
    if (end + 4 > bytes.length) return false;
    if (zlib.crc32(bytes.subarray(at + 4, end)) !== bytes.readUInt32BE(end)) return false;
    if (bytes.toString('latin1', at + 4, at + 8) === 'IEND') return true;
    at = end + 4;
  }
  return false;
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
