// The OCR feature's public surface.
export { ocrRoutes } from './ocr.routes.js';
export { purgeExpiredOcr } from './ocr.service.js';
export { seedOcrDemo } from './ocr-demo.js';
