/**
 * Generated OCR test documents with known text (nothing checked in): pages drawn with the
 * same renderer as the demo documents, as PNG, JPEG, WebP, multi-page TIFF, scanned PDF,
 * PDF with a real text layer (Arabic shaped by @react-pdf/renderer), and broken PDFs.
 */
import { createRequire } from 'node:module';
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
