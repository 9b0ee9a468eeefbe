// The OCR engine: documents into page images, pages into text (tesseract.js, each in a
// bounded worker thread), results into a searchable PDF. No HTTP and no database here.
export { createOcrEngine, engineSize, pngSize, type OcrEngine, type RecognizedPage } from './recognizer.js';
export { assembleSearchablePdf, OcrDocumentError, type OpenedDocument, type OpenedPage } from './documents.js';
export { characterErrorRate } from './cer.js';
