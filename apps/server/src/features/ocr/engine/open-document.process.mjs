// Opens an uploaded document in a child process of its own (documents.ts starts one per
// document): parsing and rendering must not block the server's event loop, and the image
// decoders of @napi-rs/canvas crash natively (a segmentation fault) on some truncated or
// damaged PNG, JPEG and WebP files, which would end the whole server from a worker thread.
// Every page comes back as a PNG, with a PDF page's own text when it has some.
// Plain JavaScript so that it loads without a TypeScript loader.
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import UTIF from 'utif2';

const require = createRequire(import.meta.url);
/** Long side of a rendered or normalised page: enough for 10 pt text at ~200 dpi on A4. */
const MAX_SIDE = 2500;
const PDF_DPI = 200;
/** A PDF page with at least this many non-space characters is read, not recognised. */
const TEXT_LAYER_MIN_CHARS = 20;

/** A document refused as it is (its code is the job's failure reason); anything else thrown counts as a crash. */
class DocumentError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
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

/**
 * Refuses pages past the pixel budgets before they are decoded or rendered: the budgets are
 * what bound the canvas's native memory (a thread's resourceLimits cap only its JS heap).
 */
function checkPixels(sizes, budget) {
  let total = 0;
  for (const { width, height } of sizes) {
    if (width * height > budget.maxPagePixels)
      throw new DocumentError('too_large', `a page of ${width}×${height} pixels (at most ${budget.maxPagePixels})`);
    total += width * height;
  }
  if (total > budget.maxDocumentPixels)
    throw new DocumentError('too_large', `${total} pixels in all (at most ${budget.maxDocumentPixels})`);
}

async function openImage(bytes, budget) {
  let img;
  try {
    img = await loadImage(bytes);
  } catch (err) {
    throw new DocumentError('corrupt', `unreadable image: ${err.message}`);
  }
  // The server measured the header; a decoder that saw another size must not go on either.
  checkPixels([{ width: img.width, height: img.height }], budget);
  return [{ number: 1, ...toPng((g) => g.drawImage(img, 0, 0), img.width, img.height), textLayer: null }];
}

function openTiff(bytes, maxPages, budget) {
  let ifds;
  try {
    ifds = UTIF.decode(bytes);
  } catch (err) {
    throw new DocumentError('corrupt', `unreadable TIFF: ${err.message}`);
  }
  if (ifds.length === 0) throw new DocumentError('corrupt', 'TIFF without pages');
  if (ifds.length > maxPages) throw new DocumentError('too_many_pages', `${ifds.length} pages`);
  const sizes = ifds.map((ifd) => ({ width: ifd.t256?.[0] ?? 0, height: ifd.t257?.[0] ?? 0 }));
  if (sizes.some((p) => !p.width || !p.height)) throw new DocumentError('corrupt', 'a TIFF page without its size');
  checkPixels(sizes, budget);
  return ifds.map((ifd, i) => {
    try {
      UTIF.decodeImage(bytes, ifd);
    } catch (err) {
      throw new DocumentError('corrupt', `unreadable TIFF page ${i + 1}: ${err.message}`);
    }
    const { width, height } = ifd;
    if (!ifd.data || width * height > budget.maxPagePixels)
      throw new DocumentError('corrupt', `unreadable TIFF page ${i + 1}`);
    const rgba = UTIF.toRGBA8(ifd);
    // Only one page's pixels at a time: the decoded page goes once it is drawn.
    delete ifd.data;
    const page = createCanvas(width, height);
    const data = page.getContext('2d').createImageData(width, height);
    data.data.set(rgba);
    page.getContext('2d').putImageData(data, 0, 0);
    return { number: i + 1, ...toPng((g) => g.drawImage(page, 0, 0), width, height), textLayer: null };
  });
}

/** A page's viewport as rendered: 200 dpi, the long side at most MAX_SIDE. */
function renderViewport(page) {
  const base = page.getViewport({ scale: 1 });
  const scale = Math.min(PDF_DPI / 72, MAX_SIDE / Math.max(base.width, base.height));
  return { viewport: page.getViewport({ scale }), scale };
}

async function openPdf(bytes, maxPages, budget) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pkg = path.dirname(require.resolve('pdfjs-dist/package.json'));
  let doc;
  try {
    doc = await pdfjs.getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      verbosity: 0,
      // An embedded image past the page budget is left out rather than decoded (a bomb inside a PDF).
      maxImageSize: budget.maxPagePixels,
      canvasMaxAreaInBytes: budget.maxPagePixels * 4,
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
    // Every page box first, so a document past the budget renders nothing.
    const sizes = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const { viewport } = renderViewport(await doc.getPage(n));
      const width = Math.ceil(viewport.width);
      const height = Math.ceil(viewport.height);
      if (!(width > 0 && height > 0)) throw new DocumentError('corrupt', `page ${n} has no size`);
      sizes.push({ width, height });
    }
    checkPixels(sizes, budget);
    const pages = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const { viewport, scale } = renderViewport(page);
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

async function open({ bytes, contentType, maxPages, maxPagePixels, maxDocumentPixels }) {
  const data = Buffer.from(bytes);
  const budget = { maxPagePixels, maxDocumentPixels };
  if (contentType === 'application/pdf') return openPdf(data, maxPages, budget);
  if (contentType === 'image/tiff') return openTiff(data, maxPages, budget);
  return openImage(data, budget);
}

// One document per process: the answer, then the process ends (documents.ts kills it otherwise).
process.once('message', (input) => {
  open(input).then(
    (pages) => process.send({ ok: true, pages }, () => process.exit(0)),
    (err) =>
      process.send(
        err instanceof DocumentError
          ? { ok: false, refusal: { code: err.code, message: String(err.message) } }
          : { ok: false, failure: String(err?.stack ?? err) },
        () => process.exit(0),
      ),
  );
});
