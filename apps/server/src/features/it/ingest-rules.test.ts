import { describe, expect, it } from 'vitest';
import type { TAgentEvent } from '@portal/contracts';
import {
  clockOffsetMs,
  correctedTime,
  int32OrNull,
  isCalendarDay,
  nextStatus,
  partitionExpired,
  partitionName,
  planBatch,
  presenceChanges,
  redact,
  compilePatterns,
} from './ingest-rules.js';

const now = new Date('2026-11-23T12:00:00Z');
const cutoff = new Date('2026-08-25T12:00:00Z');
const app = (seq: number, at = '2026-11-23T11:59:00Z'): TAgentEvent => ({
  kind: 'app',
  seq,
  at,
  heartbeat: false,
  title: `t${seq}`,
  process: 'p',
  pid: null,
  memory_bytes: null,
  url: null,
  opened_apps: [],
});

describe('clock skew', () => {
  it('measures the offset from the agent time and never dates an event in the future', () => {
    expect(clockOffsetMs(now, '2026-11-23T13:00:00Z')).toBe(-3600_000);
    expect(clockOffsetMs(now, 'not a time')).toBe(0);
    expect(correctedTime('2026-11-23T12:50:00Z', -3600_000, now)?.toISOString()).toBe('2026-11-23T11:50:00.000Z');
    expect(correctedTime('2026-11-23T12:50:00Z', 0, now)?.toISOString()).toBe(now.toISOString());
    expect(correctedTime('garbage', 0, now)).toBeNull();
  });
});

describe('planBatch (seq high-water mark)', () => {
  it('keeps only events above the mark, once each, in seq order', () => {
    const plan = planBatch([app(5), app(3), app(4), app(4), app(2)], 3, { offsetMs: 0, now, cutoff });
    expect(plan.fresh.map((e) => e.seq)).toEqual([4, 5]);
    expect(plan).toMatchObject({ duplicates: 3, skipped: 0, lastSeq: 5 });
  });

  it('skips events older than retention but counts them handled', () => {
    const plan = planBatch([app(1, '2026-01-01T00:00:00Z'), app(2)], 0, { offsetMs: 0, now, cutoff });
    expect(plan.fresh.map((e) => e.seq)).toEqual([2]);
    expect(plan).toMatchObject({ skipped: 1, lastSeq: 2 });
  });
});

describe('redaction', () => {
  it('replaces a matching title (or address) and drops the address; a broken pattern is ignored', () => {
    const rules = compilePatterns(['online bank', '(unclosed', 'clinic\\.example']);
    expect(rules).toHaveLength(2);
    expect(redact('My ONLINE BANKING', 'https://bank.example', rules)).toEqual({ title: '[redacted]', url: null });
    expect(redact('Results', 'https://clinic.example/x', rules)).toEqual({ title: '[redacted]', url: null });
    expect(redact('Inbox', 'https://mail.example', rules)).toEqual({ title: 'Inbox', url: 'https://mail.example' });
  });
});

describe('status and presence', () => {
  const t = (m: number) => new Date(Date.UTC(2026, 10, 23, 9, m));
  it('moves `since` only when the state changes, never before the period held began', () => {
    const held = { state: 'active' as const, since: t(10) };
    expect(nextStatus(held, [{ state: 'active', time: t(11), seq: 1 }])).toEqual(held);
    expect(nextStatus(held, [{ state: 'idle', time: t(12), seq: 1 }])).toEqual({ state: 'idle', since: t(12) });
    // A change stamped before the period held began (a period started at reconnect) starts with it.
    expect(nextStatus(held, [{ state: 'locked', time: t(5), seq: 1 }])).toEqual({ state: 'locked', since: t(10) });
    expect(nextStatus(undefined, [{ state: 'locked', time: t(1), seq: 1 }])).toEqual({ state: 'locked', since: t(1) });
  });

  it('starts a new period when the agent comes back from a silence, but not after a clean stop', () => {
    const held = { state: 'active' as const, since: t(10) };
    expect(nextStatus(held, [], { silent: true, now: t(50) })).toEqual({ state: 'active', since: t(50) });
    expect(nextStatus(held, [], { silent: false, now: t(50) })).toEqual(held);
    const stopped = { state: 'offline' as const, since: t(10) };
    expect(nextStatus(stopped, [], { silent: true, now: t(50) })).toEqual(stopped);
    expect(nextStatus(stopped, [{ state: 'active', time: t(49), seq: 9 }], { silent: true, now: t(50) })).toEqual({
      state: 'active',
      since: t(49),
    });
  });

  it('opens presence on active after offline or locked, closes it on lock or stop, and idle keeps it', () => {
    const changes = presenceChanges('offline', [
      { state: 'active', time: t(1), seq: 1 },
      { state: 'idle', time: t(2), seq: 2 },
      { state: 'locked', time: t(3), seq: 3 },
      { state: 'active', time: t(4), seq: 4 },
      { state: 'offline', time: t(5), seq: 5 },
    ]);
    expect(changes.map((c) => [c.online, c.seq])).toEqual([
      [true, 1],
      [false, 3],
      [true, 4],
      [false, 5],
    ]);
  });
});

describe('partitions and values the columns cannot hold', () => {
  it('names day partitions and expires a day only when all of it is past the cutoff', () => {
    expect(partitionName('it_samples', new Date('2026-11-23T23:59:59Z'))).toBe('it_samples_p20261123');
    expect(partitionExpired('it_samples_p20260823', cutoff)).toBe(true);
    expect(partitionExpired('it_samples_p20260825', cutoff)).toBe(false);
    expect(partitionExpired('someone_elses_table', cutoff)).toBe(false);
  });

  it('turns an out-of-range pid into unknown and refuses days that do not exist', () => {
    expect(int32OrNull(4242)).toBe(4242);
    expect(int32OrNull(2 ** 31)).toBeNull();
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-30')).toBe(false);
  });
});
