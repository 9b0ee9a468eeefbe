// Opens an uploaded document in a worker thread (parsing and rendering must not block the
// server's event loop): every page as a PNG, and a PDF page's own text when it has some.
// Plain JavaScript so that it loads without a TypeScript loader (vitest, `node --import tsx`).
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import UTIF from 'utif2';

const require = createRequire(import.meta.url);
/** Long side of a rendered or normalised page: enough for 10 pt text at ~200 dpi on A4. */
const MAX_SIDE = 2500;
const PDF_DPI = 200;
/** A PDF page with at least this many non-space characters is read, not recognised. */
const TEXT_LAYER_MIN_CHARS = 20;

class DocumentError extends Error {
  constructor(reason, message) {
    super(message);
    this.reason = reason;
  }
}

/** Draws RGBA-less sources on white (transparent PNGs would otherwise read as black). */
function toPng(draw, width, height) {
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const canvas = createCanvas(w, h);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, w, h);
  g.scale(scale, scale);
  draw(g);
  return { image: canvas.toBuffer('image/png'), width: w, height: h };
}

async function openImage(bytes) {
  let img;
  try {
    img = await loadImage(bytes);
  } catch (err) {
    throw new DocumentError('corrupt', `unreadable image: ${err.message}`);
  }
  return [{ number: 1, ...toPng((g) => g.drawImage(img, 0, 0), img.width, img.height), textLayer: null }];
}

function openTiff(bytes, maxPages) {
  let ifds;
  try {
    ifds = UTIF.decode(bytes);
  } catch (err) {
    throw new DocumentError('corrupt', `unreadable TIFF: ${err.message}`);
  }
  if (ifds.length === 0) throw new DocumentError('corrupt', 'TIFF without pages');
  if (ifds.length > maxPages) throw new DocumentError('too_many_pages', `${ifds.length} pages`);
  return ifds.map((ifd, i) => {
    try {
      UTIF.decodeImage(bytes, ifd);
    } catch (err) {
      throw new DocumentError('corrupt', `unreadable TIFF page ${i + 1}: ${err.message}`);
    }
    const { width, height } = ifd;
    const rgba = UTIF.toRGBA8(ifd);
    const page = createCanvas(width, height);
    const data = page.getContext('2d').createImageData(width, height);
    data.data.set(rgba);
    page.getContext('2d').putImageData(data, 0, 0);
    return { number: i + 1, ...toPng((g) => g.drawImage(page, 0, 0), width, height), textLayer: null };
  });
}

async function openPdf(bytes, maxPages) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pkg = path.dirname(require.resolve('pdfjs-dist/package.json'));
  let doc;
  try {
    doc = await pdfjs.getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      verbosity: 0,
      standardFontDataUrl: path.join(pkg, 'standard_fonts') + path.sep,
      cMapUrl: path.join(pkg, 'cmaps') + path.sep,
      cMapPacked: true,
    }).promise;
  } catch (err) {
    if (err?.name === 'PasswordException') throw new DocumentError('encrypted', 'the PDF needs a password');
    throw new DocumentError('corrupt', `unreadable PDF: ${err?.message ?? err}`);
  }
  try {
    if (doc.numPages > maxPages) throw new DocumentError('too_many_pages', `${doc.numPages} pages`);
    const pages = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const base = page.getViewport({ scale: 1 });
      const scale = Math.min(PDF_DPI / 72, MAX_SIDE / Math.max(base.width, base.height));
      const viewport = page.getViewport({ scale });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const g = canvas.getContext('2d');
      g.fillStyle = '#ffffff';
      g.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvasContext: g, viewport, canvas }).promise;
      const content = await page.getTextContent();
      let text = '';
      const words = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
        if (!item.str.trim()) continue;
        // The item's baseline origin and size, in the rendered image's pixels.
        const [, , c, d, e, f] = pdfjs.Util.transform(viewport.transform, item.transform);
        const size = Math.hypot(c, d);
        const x0 = Math.max(0, Math.min(e, e + item.width * scale));
        words.push({
          text: item.str.trim(),
          x0,
          y0: Math.max(0, f - size),
          x1: Math.min(canvas.width, x0 + Math.abs(item.width * scale)),
          y1: Math.min(canvas.height, f + size * 0.25),
          confidence: 100,
        });
      }
      const chars = text.replace(/\s/g, '').length;
      pages.push({
        number: n,
        image: canvas.toBuffer('image/png'),
        width: canvas.width,
        height: canvas.height,
        textLayer:
          chars >= TEXT_LAYER_MIN_CHARS
            ? {
                text: text
                  .replace(/[ \t]+/g, ' ')
                  .replace(/ *\n */g, '\n')
                  .trim(),
                words,
              }
            : null,
      });
      page.cleanup();
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

async function open({ bytes, contentType, maxPages }) {
  const data = Buffer.from(bytes);
  if (contentType === 'application/pdf') return openPdf(data, maxPages);
  if (contentType === 'image/tiff') return openTiff(data, maxPages);
  return openImage(data);
}

// One document at a time per thread; the thread stays for the next one (its imports loaded).
parentPort.on('message', (job) => {
  open(job).then(
    (pages) => parentPort.postMessage({ id: job.id, pages }),
    (err) =>
      parentPort.postMessage({
        id: job.id,
        error: { reason: err instanceof DocumentError ? err.reason : null, message: String(err?.message ?? err) },
      }),
  );
});
