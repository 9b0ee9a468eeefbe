import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DiskQueue, type NewEvent } from './queue.js';

const dirs: string[] = [];
function tmp() {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-queue-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const ev = (i: number): NewEvent => ({
  kind: 'activity',
  at: `2025-01-01T00:00:${String(i % 60).padStart(2, '0')}Z`,
  state: 'active',
  idle_seconds: i,
});

describe('DiskQueue', () => {
  it('numbers events consecutively and keeps them across a reopen until acknowledged', () => {
    const dir = tmp();
    const q = new DiskQueue(dir);
    expect([1, 2, 3].map((i) => q.append(ev(i)).seq)).toEqual([1, 2, 3]);
    q.ack(1);
    expect(q.peek().map((e) => e.seq)).toEqual([2, 3]);
    q.close();
    // No close bookkeeping is needed: a reopened queue still holds the unacknowledged events
    // (the acknowledged one may come back too; the server's welcome drops it).
    const again = new DiskQueue(dir);
    again.ack(1);
    expect(again.peek().map((e) => e.seq)).toEqual([2, 3]);
    expect(again.append(ev(4)).seq).toBe(4);
    again.close();
  });

  it('keeps counting after everything was acknowledged and the file emptied', () => {
    const dir = tmp();
    const q = new DiskQueue(dir);
    q.append(ev(1));
    q.append(ev(2));
    q.ack(2);
    expect(fs.readFileSync(path.join(dir, 'events.jsonl'), 'utf8')).toBe('');
    q.close();
    const again = new DiskQueue(dir);
    expect(again.size).toBe(0);
    expect(again.append(ev(3)).seq).toBe(3);
    again.close();
  });

  it('ignores a torn last line (a crash mid-append) and appends cleanly after it', () => {
    const dir = tmp();
    const q = new DiskQueue(dir);
    q.append(ev(1));
    q.append(ev(2));
    q.close();
    const file = path.join(dir, 'events.jsonl');
    fs.appendFileSync(file, '{"kind":"activity","seq":3,"at":"2025-');
    const again = new DiskQueue(dir);
    expect(again.peek().map((e) => e.seq)).toEqual([1, 2]);
    expect(again.append(ev(3)).seq).toBe(3);
    again.close();
    const third = new DiskQueue(dir);
    expect(third.peek().map((e) => [e.seq, (e as { idle_seconds: number }).idle_seconds])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    third.close();
  });

  it('drops the oldest events when full, and counts them', () => {
    const dir = tmp();
    const q = new DiskQueue(dir, { maxEvents: 10 });
    for (let i = 1; i <= 11; i++) q.append(ev(i));
    // Full at 11: the oldest tenth-and-more goes, down to 9 kept.
    expect(q.peek().map((e) => e.seq)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(q.dropped).toBe(2);
    q.close();
    const again = new DiskQueue(dir, { maxEvents: 10 });
    expect(again.dropped).toBe(2);
    expect(again.peek()[0]!.seq).toBe(3);
    expect(again.append(ev(12)).seq).toBe(12);
    again.close();
  });

  it('bounds the bytes too', () => {
    const q = new DiskQueue(tmp(), { maxBytes: 2000 });
    for (let i = 1; i <= 100; i++) q.append(ev(i));
    const bytes = q.peek().reduce((n, e) => n + JSON.stringify(e).length + 1, 0);
    expect(bytes).toBeLessThanOrEqual(2000);
    expect(q.dropped + q.size).toBe(100);
    expect(q.peek().at(-1)!.seq).toBe(100);
    q.close();
  });

  it('renumbers waiting events above a server that already holds higher seqs', () => {
    const q = new DiskQueue(tmp());
    q.append(ev(1));
    q.append(ev(2));
    q.rebase(40);
    expect(q.peek().map((e) => e.seq)).toEqual([41, 42]);
    expect(q.append(ev(3)).seq).toBe(43);
    q.close();
  });
});
