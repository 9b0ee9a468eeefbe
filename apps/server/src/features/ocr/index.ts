// The OCR feature's public surface.
import type { ServerFeature } from '../../lib/feature.js';
import { seedOcrDemo } from './ocr-demo.js';
import { ocrJobNames } from './ocr-names.repository.js';
import { ocrRoutes } from './ocr.routes.js';
import { purgeExpiredOcr } from './ocr.service.js';

export const ocrFeature: ServerFeature = {
  name: 'ocr',
  // Uploads, the queue's steps (pg-boss), results, search; progress on /ws/notification/.
  routes: [ocrRoutes],
  jobs: (ctx) => [
    { name: 'ocr.retention', everyMs: 6 * 3600_000, ownTransactions: true, run: () => purgeExpiredOcr(ctx) },
  ],
  // The demo documents go through the real queue, so they finish in the background.
  demo: { whenRunning: async (ctx) => (ctx.config.OCR_DEMO ? seedOcrDemo(ctx) : undefined) },
  eventLogActions: ['ocr.create', 'ocr.delete', 'ocr.share'],
  eventLogNames: { ocr_job: ocrJobNames },
};
