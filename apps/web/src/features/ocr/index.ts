// The OCR feature's public surface: its registration for app/features.ts (pages lazy-loaded).
import DocumentScannerOutlined from '@mui/icons-material/DocumentScannerOutlined';
import { canUseOcr } from '@portal/contracts';
import { createElement } from 'react';
import { page, type WebFeature } from '../../lib/feature';
import { OcrNotForYouPage } from './components/ocr-not-for-you';
import { registerOcrListeners } from './ocr.listeners';

export const ocrFeature = {
  name: 'ocr',
  routes: [
    {
      path: 'ocr',
      guard: { allow: canUseOcr, denied: createElement(OcrNotForYouPage) },
      children: [
        { index: true, lazy: page(() => import('./pages/ocr-page'), 'OcrPage') },
        { path: ':ocrId', lazy: page(() => import('./pages/ocr-job-page'), 'OcrJobPage') },
      ],
    },
  ],
  nav: [{ to: '/ocr', labelKey: 'nav.ocr', icon: DocumentScannerOutlined }],
  listeners: registerOcrListeners,
} satisfies WebFeature;
