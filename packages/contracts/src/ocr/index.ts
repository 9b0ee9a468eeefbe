export * from './ocr.js';
export * from './ocr-access.js';
export * from './ocr-live.js';
export * from './ocr-endpoints.js';
export * from './ocr-search-text.js';
