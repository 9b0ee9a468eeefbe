/**
 * Pixel budgets for uploaded images, read from their headers before anything decodes
 * them: a 700 KB PNG may declare 16000×16000 pixels and decode to a gigabyte. Only the
 * headers are parsed (no decompression), so this is cheap enough for the event loop.
 */
import fs from 'node:fs/promises';
import { msg, type TMessage } from '@portal/contracts';
import type { SniffedContentType } from './sniff.js';

export interface PageSize {
  width: number;
  height: number;
}

export interface PixelBudget {
  /** Pixels one page (or image) may have. */
  maxPagePixels: number;
  /** Pixels all of a document's pages may have together. */
  maxDocumentPixels: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** IFDs followed at most (a TIFF's pages): past this the document is refused for its page count anyway. */
const MAX_TIFF_PAGES = 1000;

function pngSize(b: Buffer): PageSize[] | null {
  if (b.length < 24 || !b.subarray(0, 8).equals(PNG_SIGNATURE) || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return [{ width: b.readUInt32BE(16), height: b.readUInt32BE(20) }];
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic…); not DHT (C4), JPG (C8) or DAC (CC). */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpegSize(b: Buffer): PageSize[] | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // image data before any frame header
    const length = b.readUInt16BE(at + 2);
    if (isSof(marker)) {
      if (at + 9 > b.length) return null;
      return [{ height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) }];
    }
    at += 2 + length;
  }
  return null;
}

function webpSize(b: Buffer): PageSize[] | null {
  if (b.length < 30 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return [{ width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) }];
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return [{ width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) }];
  }
  if (chunk === 'VP8 ') {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return [{ width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff }];
  }
  return null;
}

/** Every page's size from the chain of IFDs; null as soon as any of it lies beyond the bytes. */
function tiffSize(b: Buffer): PageSize[] | null {
  if (b.length < 8) return null;
  const little = b.toString('latin1', 0, 2) === 'II';
  if (!little && b.toString('latin1', 0, 2) !== 'MM') return null;
  const u16 = (at: number) => (little ? b.readUInt16LE(at) : b.readUInt16BE(at));
  const u32 = (at: number) => (little ? b.readUInt32LE(at) : b.readUInt32BE(at));
  const pages: PageSize[] = [];
  const seen = new Set<number>();
  let ifd = u32(4);
  while (ifd !== 0) {
    if (seen.has(ifd) || pages.length >= MAX_TIFF_PAGES) break; // a loop of IFDs, or far too many
    seen.add(ifd);
    if (ifd + 2 > b.length) return null;
    const entries = u16(ifd);
    if (ifd + 2 + entries * 12 + 4 > b.length) return null;
    let width = 0;
    let height = 0;
    for (let i = 0; i < entries; i++) {
      const e = ifd + 2 + i * 12;
      const tag = u16(e);
      if (tag !== 256 && tag !== 257) continue;
      // SHORT (3) or LONG (4); a SHORT sits in the first two bytes of the value field.
      const value = u16(e + 2) === 3 ? u16(e + 8) : u32(e + 8);
      if (tag === 256) width = value;
      else height = value;
    }
    pages.push({ width, height });
    ifd = u32(ifd + 2 + entries * 12);
  }
  return pages;
}

/**
 * The size of each page an image file declares (PNG, JPEG, WebP: one; TIFF: every IFD),
 * or null when these bytes do not tell (cut short, or a header this reader does not know).
 */
export function imagePageSizes(bytes: Buffer, type: SniffedContentType): PageSize[] | null {
  try {
    switch (type) {
      case 'image/png':
        return pngSize(bytes);
      case 'image/jpeg':
        return jpegSize(bytes);
      case 'image/webp':
        return webpSize(bytes);
      case 'image/tiff':
        return tiffSize(bytes);
      default:
        return null;
    }
  } catch {
    return null; // a field read past the end: the header is cut short
  }
}

/** Bytes read from a stored upload's start: every header above fits, but for TIFFs whose IFDs sit at the end. */
const HEAD_BYTES = 256 * 1024;

/** The page sizes declared at the start of a file on disk (see imagePageSizes). */
export async function imagePageSizesOfFile(file: string, type: SniffedContentType): Promise<PageSize[] | null> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return imagePageSizes(head.subarray(0, bytesRead), type);
  } finally {
    await handle.close();
  }
}

/** Millions of pixels, as messages give them (256, 40, 0.5). */
export const megapixels = (pixels: number) => Math.round(pixels / 100_000) / 10;

/**
 * What is over the budget, as the user's message (with the limit), or null when the pages
 * fit. `name` is the file's display name. A page of zero width or height is no image:
 * that is for the decoder to refuse.
 */
export function pixelBudgetProblem(pages: readonly PageSize[], budget: PixelBudget, name: string): TMessage | null {
  let total = 0;
  for (const p of pages) {
    const pixels = p.width * p.height;
    if (pixels > budget.maxPagePixels)
      return msg('imagePageTooLarge', {
        name,
        pixels: megapixels(pixels),
        limit: megapixels(budget.maxPagePixels),
      });
    total += pixels;
  }
  if (total > budget.maxDocumentPixels)
    return msg('imageDocumentTooLarge', {
      name,
      pixels: megapixels(total),
      limit: megapixels(budget.maxDocumentPixels),
    });
  return null;
}
