import { AGENT_BATCH_MAX, ZAgentBatch, type TAgentEvent } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { FRAME_BUDGET, makeBatch } from './batch.js';

const app = (seq: number, titleLength = 10, apps = 20): TAgentEvent => ({
  kind: 'app',
  seq,
  at: '2025-01-01T00:00:00.000Z',
  heartbeat: false,
  title: 'é'.repeat(titleLength),
  process: 'firefox',
  pid: 1,
  memory_bytes: 1,
  url: null,
  opened_apps: Array.from({ length: apps }, (_, i) => `app-${i}`),
});

describe('makeBatch', () => {
  it('takes at most AGENT_BATCH_MAX events, in order', () => {
    const pending = Array.from({ length: AGENT_BATCH_MAX + 5 }, (_, i) => app(i + 1, 10, 0));
    const b = makeBatch(pending, '2025-01-01T00:00:00.000Z')!;
    expect(b.events.map((e) => e.seq)).toEqual(pending.slice(0, AGENT_BATCH_MAX).map((e) => e.seq));
    expect(b.batch).toBe(`1-${AGENT_BATCH_MAX}`);
    expect(ZAgentBatch.safeParse(b).success).toBe(true);
  });

  it('keeps the frame under the budget in bytes (multi-byte titles), and makes progress', () => {
    const pending = Array.from({ length: 150 }, (_, i) => app(i + 1, 1000));
    let rest = pending;
    const sizes: number[] = [];
    while (rest.length) {
      const b = makeBatch(rest, '2025-01-01T00:00:00.000Z')!;
      sizes.push(Buffer.byteLength(JSON.stringify(b)));
      expect(b.events[0]!.seq).toBe(rest[0]!.seq);
      rest = rest.slice(b.events.length);
    }
    expect(Math.max(...sizes)).toBeLessThan(FRAME_BUDGET);
    expect(sizes.length).toBeGreaterThan(2);
  });

  it('has nothing to send for an empty queue', () => {
    expect(makeBatch([], 'x')).toBeNull();
  });
});
