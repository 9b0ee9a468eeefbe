import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGLISH_LINES, MIXED_LINES, multiPageTiff, renderTextPng, scannedPdf } from '../../../../test/ocr-fixtures.js';
import { characterErrorRate, createOcrEngine, OcrDocumentError } from './index.js';

const engine = createOcrEngine({ workers: 1 });
afterAll(() => engine.close());

const BUDGET = { maxPagePixels: 40_000_000, maxDocumentPixels: 400_000_000 };
const openDocument = (bytes: Buffer, type: Parameters<typeof engine.open>[1], opts: { maxPages: number }) =>
  engine.open(bytes, type, { ...opts, ...BUDGET });

describe('characterErrorRate', () => {
  it('counts edits over the expected length, ignoring layout whitespace', () => {
    expect(characterErrorRate('hello world', 'hello  world\n')).toBe(0);
    expect(characterErrorRate('hello', 'hallo')).toBeCloseTo(0.2);
    expect(characterErrorRate('abc', '')).toBe(1);
    expect(characterErrorRate('', '')).toBe(0);
    expect(characterErrorRate('مرحبا', 'مرحب')).toBeCloseTo(0.2);
  });
});

describe('the engine', () => {
  it('straightens a page scanned badly askew and reads it', async () => {
    // At 10° tesseract alone misreads about one character in seven; deskewed, it reads the page.
    const page = await engine.recognize(renderTextPng(ENGLISH_LINES, { skewDegrees: 10 }), 'eng');
    expect(characterErrorRate(ENGLISH_LINES.join(' '), page.text)).toBeLessThanOrEqual(0.05);
    // The image handed back is the one the boxes belong to.
    for (const w of page.words) {
      expect(w.x1).toBeLessThanOrEqual(page.width);
      expect(w.y1).toBeLessThanOrEqual(page.height);
    }
    expect(page.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('reads Arabic and English in one pass, and writes nothing into the working directory', async () => {
    const before = fs.readdirSync(process.cwd());
    const page = await engine.recognize(renderTextPng(MIXED_LINES), 'ara+eng');
    expect(characterErrorRate(MIXED_LINES.join(' '), page.text)).toBeLessThanOrEqual(0.1);
    expect(page.confidence).toBeGreaterThan(70);
    expect(fs.readdirSync(process.cwd()).filter((f) => !before.includes(f))).toEqual([]);
  });
});

describe('opening documents', () => {
  it('accepts JPEG and WebP as one page each, on white', async () => {
    for (const format of ['jpeg', 'webp'] as const) {
      const doc = await openDocument(renderTextPng(['Receipt'], { format, width: 800 }), `image/${format}`, {
        maxPages: 50,
      });
      expect(doc.pages).toHaveLength(1);
      expect(doc.pages[0]).toMatchObject({ number: 1, width: 800, textLayer: null });
      expect(doc.pages[0]!.image.subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('refuses a document with more pages than allowed before rendering any', async () => {
    const page = renderTextPng(['x'], { width: 200 });
    await expect(
      openDocument(await scannedPdf(Array(4).fill(page)), 'application/pdf', { maxPages: 3 }),
    ).rejects.toMatchObject({ reason: 'too_many_pages' });
    const tiff = await multiPageTiff(Array(4).fill(page));
    const err = await openDocument(tiff, 'image/tiff', { maxPages: 3 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OcrDocumentError);
    expect((err as OcrDocumentError).reason).toBe('too_many_pages');
  });

  it('calls an image that is not one corrupt', async () => {
    const err = await openDocument(Buffer.from('\x89PNG\r\n\x1a\nnot really'), 'image/png', { maxPages: 50 }).catch(
      (e: unknown) => e,
    );
    expect((err as OcrDocumentError).reason).toBe('corrupt');
  });
});
