import { WS_CHANNELS, type TBusEventOf, type TWsOcrProgress } from '@portal/contracts';
import type { LiveConnection } from '../../plugins/realtime/gateway.js';
import type { Tx } from '../../lib/tx.js';

export interface OcrSockets {
  connections(channel?: string): Iterable<LiveConnection>;
}

/** A job's counts after a step, as the repository answers them. */
export interface OcrCounts {
  status: TWsOcrProgress['message']['status'];
  pages: number | null;
  pages_done: number;
  pages_failed: number;
  error?: TWsOcrProgress['message']['error'] | null;
}

/** Queues the progress frame of a step; it goes out after the step's transaction commits. */
export function publishProgress(tx: Tx, owner: number, job: number, c: OcrCounts, page: number | null = null): void {
  tx.publish({
    type: 'ocr',
    owner,
    progress: {
      command: 'ocr_progress',
      job,
      status: c.status,
      pages: c.pages,
      pages_done: c.pages_done,
      pages_failed: c.pages_failed,
      page,
      error: c.error ?? null,
    },
  });
}

/** Sends an OCR bus event's frame to the owner's sockets on this server (the event carries it all). */
export function deliverOcrEvent(event: TBusEventOf<'ocr'>, sockets: OcrSockets): number {
  const to = [...sockets.connections(WS_CHANNELS.notification)].filter((c) => c.user.id === event.owner);
  if (to.length === 0) return 0;
  const frame: TWsOcrProgress = { message: event.progress };
  const text = JSON.stringify(frame);
  for (const c of to) c.send(text);
  return to.length;
}
