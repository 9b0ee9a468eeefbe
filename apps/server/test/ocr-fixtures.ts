/**
 * Generated OCR test documents with known text (nothing checked in): pages drawn with the
 * same renderer as the demo documents, as PNG, JPEG, WebP, multi-page TIFF, scanned PDF,
 * PDF with a real text layer (Arabic shaped by @react-pdf/renderer), and broken PDFs.
 */
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import React from 'react';
import { Document, Font, Page, Text, renderToBuffer } from '@react-pdf/renderer';
import UTIF from 'utif2';
import { renderTextPage, type TextPageOptions } from '../src/features/ocr/ocr-demo.js';

export const ENGLISH_LINES = [
  'Invoice 4521 for interpreting services',
  'Arabic to English, 12 hours in March',
  'Payment is due within thirty days',
];
export const ARABIC_LINES = ['تقرير طبي للموظفة مريم حسن', 'تحتاج إلى راحة لمدة ثلاثة أيام'];
/**
 * Arabic for PDF text layers: @react-pdf/renderer maps some ligatures (بي، لى، لا) back to their
 * letters in visual order, which pdf.js then reads reversed; these lines have none of them.
 */
export const ARABIC_TEXT_LAYER_LINES = ['تقرير للموظفة مريم حسن', 'تحتاج راحة خمسة أيام'];
export const MIXED_LINES = ['Booking confirmation for Riyadh Medical City', 'ملاحظات: يرجى الحضور قبل الموعد'];

/** A page with `lines` drawn on it (no lines: a blank page). */
export function renderTextPng(lines: readonly string[], o: TextPageOptions = {}): Buffer {
  return renderTextPage(lines, o);
}

/** A multi-page TIFF (8-bit grey, uncompressed) of the given PNG pages. */
export async function multiPageTiff(pngs: Buffer[]): Promise<Buffer> {
  const pages = await Promise.all(
    pngs.map(async (png) => {
      const img = await loadImage(png);
      const c = createCanvas(img.width, img.height);
      const g = c.getContext('2d');
      g.drawImage(img, 0, 0);
      const rgba = g.getImageData(0, 0, img.width, img.height).data;
      const grey = new Uint8Array(img.width * img.height);
      for (let i = 0; i < grey.length; i++)
        grey[i] = Math.round((rgba[i * 4]! + rgba[i * 4 + 1]! + rgba[i * 4 + 2]!) / 3);
      return { w: img.width, h: img.height, grey };
    }),
  );
  const HEADER = 8192; // room for the IFDs; the strips follow
  let offset = HEADER;
  const ifds = pages.map((p) => {
    const ifd = {
      t256: [p.w],
      t257: [p.h],
      t258: [8],
      t259: [1],
      t262: [1],
      t273: [offset],
      t277: [1],
      t278: [p.h],
      t279: [p.grey.length],
      t284: [1],
    };
    offset += p.grey.length;
    return ifd;
  });
  const head = new Uint8Array(UTIF.encode(ifds as never));
  if (head.length > HEADER) throw new Error('TIFF header too long');
  const out = Buffer.alloc(offset);
  out.set(head, 0);
  let at = HEADER;
  for (const p of pages) {
    out.set(p.grey, at);
    at += p.grey.length;
  }
  return out;
}

/** A PDF of images only, as a scanner makes. */
export async function scannedPdf(pngs: Buffer[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (const png of pngs) {
    const img = await doc.embedPng(png);
    const page = doc.addPage([595, (595 * img.height) / img.width]);
    page.drawImage(img, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  }
  return Buffer.from(await doc.save());
}

let fontReady = false;

/** A PDF whose pages carry real text (one array of lines per page), Arabic shaped and in logical order. */
export async function textLayerPdf(pages: readonly (readonly string[])[]): Promise<Buffer> {
  if (!fontReady) {
    const require = createRequire(import.meta.url);
    Font.register({
      family: 'Plex',
      src: require.resolve('@expo-google-fonts/ibm-plex-sans-arabic/400Regular/IBMPlexSansArabic_400Regular.ttf'),
    });
    fontReady = true;
  }
  const h = React.createElement;
  const doc = h(
    Document,
    null,
    pages.map((lines, i) =>
      h(
        Page,
        { key: i, size: 'A4', style: { padding: 48, fontFamily: 'Plex', fontSize: 14 } },
        lines.map((line, j) => h(Text, { key: j, style: { marginBottom: 10 } }, line)),
      ),
    ),
  );
  return renderToBuffer(doc as never);
}

/** A PDF behind a password (the standard security handler; the empty password does not open it). */
export async function encryptedPdf(): Promise<Buffer> {
  const plain = Buffer.from(await (await PDFDocument.create()).save({ useObjectStreams: false })).toString('latin1');
  // An /Encrypt dictionary whose owner and user hashes fit no password pdf.js will try.
  const encrypt = `<< /Filter /Standard /V 1 /R 2 /Length 40 /P -44 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> >>`;
  const withId = plain.replace(
    /trailer\s*<</,
    `trailer\n<< /Encrypt ${encrypt} /ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>]`,
  );
  return Buffer.from(withId, 'latin1');
}

/** Starts like a PDF, then is not one. */
export function corruptPdf(): Buffer {
  return Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >>\nthis is not a PDF at all\n', 'latin1');
}

// ---- hostile files: each small to send, some enormous once decoded ----

/** A PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
  return out;
}

/** A grey PNG of `width`×`height` at `bitDepth` bits whose rows are `idat` (already compressed). */
function pngOf(width: number, height: number, bitDepth: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = bitDepth;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real decompression bomb: 16000×16000 white 1-bit pixels (a gigabyte as RGBA) in ~30 KB. */
export function pngBomb(side = 16000): Buffer {
  const row = Math.ceil(side / 8) + 1;
  return pngOf(side, side, 1, zlib.deflateSync(Buffer.alloc(row * side, 0), { level: 9 }));
}

/** A whole PNG (every chunk and CRC right) whose compressed pixels are garbage: only a decoder finds out. */
export function pngWithGarbagePixels(): Buffer {
  return pngOf(800, 600, 8, crypto.randomBytes(4000));
}

/** `count` pages of `side`×`side` 8-bit grey, deflate-compressed: 64 million pixels a page in ~60 KB each. */
export function tiffBomb(side = 8000, count = 2): Buffer {
  const strip = zlib.deflateSync(Buffer.alloc(side * side, 255), { level: 9 });
  const HEADER = 4096;
  const ifds = Array.from({ length: count }, () => ({
    t256: [side],
    t257: [side],
    t258: [8],
    t259: [8],
    t262: [1],
    t273: [HEADER],
    t277: [1],
    t278: [side],
    t279: [strip.length],
    t284: [1],
  }));
  const head = Buffer.from(UTIF.encode(ifds as never));
  const out = Buffer.alloc(HEADER + strip.length);
  head.copy(out, 0);
  strip.copy(out, HEADER);
  return out;
}

/** A JPEG header declaring 60000×60000 pixels and nothing more. */
export function jpegBombHeader(side = 60000): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0, 0, 0, 0, 0x01, 0x01, 0x11, 0x00]);
  sof.writeUInt16BE(side, 5);
  sof.writeUInt16BE(side, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), sof, crypto.randomBytes(2000), Buffer.from([0xff, 0xd9])]);
}

/** A hand-written PDF of one page; pdf.js rebuilds the missing cross-reference table. */
function rawPdf(objects: string[]): Buffer {
  const body = objects.map((o, i) => `${i + 1} 0 obj\n${o}\nendobj\n`).join('');
  return Buffer.from(`%PDF-1.7\n${body}trailer\n<< /Root 1 0 R /Size ${objects.length + 1} >>\n%%EOF\n`, 'latin1');
}

/** A page whose resources hold a 16000×16000 image compressed to a few KB. */
export function pdfWithImageBomb(side = 16000): Buffer {
  const data = zlib.deflateSync(Buffer.alloc(Math.ceil(side / 8) * side, 0), { level: 9 }).toString('latin1');
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im 4 0 R >> >> /Contents 5 0 R >>',
    `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /FlateDecode /Length ${data.length} >>\nstream\n${data}\nendstream`,
    '<< /Length 30 >>\nstream\nq 595 0 0 842 0 0 cm /Im Do Q\nendstream',
  ]);
}

/** A PDF whose catalog nests arrays `depth` deep (parsers that recurse run out of stack). */
export function deeplyNestedPdf(depth = 100_000): Buffer {
  return rawPdf([
    `<< /Type /Catalog /Pages 2 0 R /Deep ${'['.repeat(depth)}${']'.repeat(depth)} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ]);
}

/** Sniffed as a JPEG by its first bytes, and a whole PDF after them. */
export async function jpegPdfPolyglot(): Promise<Buffer> {
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xfe, 0x00, 0x10]), await scannedPdf([renderTextPng(['x'])])]);
}

/** Every byte after `from` flipped in a pattern: the header intact, the rest damaged. */
export function damaged(bytes: Buffer, from: number): Buffer {
  const out = Buffer.from(bytes);
  for (let i = from; i < out.length; i += 7) out[i]! ^= 0x5a;
  return out;
}
