// The OCR feature's public surface for app/. Its pages are lazy-loaded by app/router.tsx from pages/.
export { registerOcrListeners } from './ocr.listeners';
export { OcrNotForYouPage } from './components/ocr-not-for-you';
