import { AGENT_BATCH_MAX, type TAgentEvent, type ZAgentBatch } from '@portal/contracts';
import type { z } from 'zod';

export type TAgentBatch = z.infer<typeof ZAgentBatch>;

/** Kept under the gateway's 64 KiB frame limit with room to spare. */
export const FRAME_BUDGET = 60 * 1024;

/**
 * The next batch: the oldest events, in order, at most AGENT_BATCH_MAX and the frame
 * under `budget` bytes. An event too big on its own still goes alone (the monitor keeps
 * events far smaller; the server would refuse it rather than stall the queue forever).
 */
export function makeBatch(
  pending: readonly TAgentEvent[],
  agentTime: string,
  budget = FRAME_BUDGET,
): TAgentBatch | null {
  if (!pending.length) return null;
  const first = pending[0]!.seq;
  const envelope = (events: TAgentEvent[], last: number): TAgentBatch => ({
    command: 'events',
    batch: `${first}-${last}`,
    agent_time: agentTime,
    events,
  });
  // The envelope with the widest batch id it can get, plus the array's commas.
  let size = Buffer.byteLength(JSON.stringify(envelope([], Number.MAX_SAFE_INTEGER)));
  const events: TAgentEvent[] = [];
  for (const e of pending) {
    if (events.length >= AGENT_BATCH_MAX) break;
    const bytes = Buffer.byteLength(JSON.stringify(e)) + (events.length ? 1 : 0);
    if (events.length && size + bytes >= budget) break;
    size += bytes;
    events.push(e);
  }
  return envelope(events, events.at(-1)!.seq);
}
