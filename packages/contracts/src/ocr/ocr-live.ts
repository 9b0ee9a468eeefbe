import { z } from 'zod';
import { ZOcrFailureReason, ZOcrJobStatus } from './ocr.js';

/**
 * Live progress of an OCR job, on the owner's `/ws/notification/` channel:
 *   {"message": {"command": "ocr_progress", "job": 7, "status": "running", "pages": 12, "pages_done": 3, "page": 3}}
 * Sent when the job is opened (pages known), after each page, and when it ends
 * (done, failed with its reason, cancelled). Frames of one job arrive in order.
 */
export const ZWsOcrProgress = z.object({
  message: z.object({
    command: z.literal('ocr_progress'),
    job: z.number().int(),
    status: ZOcrJobStatus,
    pages: z.number().int().nullable(),
    pages_done: z.number().int(),
    pages_failed: z.number().int(),
    /** The page that just finished, if any. */
    page: z.number().int().nullable(),
    error: ZOcrFailureReason.nullable(),
  }),
});
export type TWsOcrProgress = z.infer<typeof ZWsOcrProgress>;
