import { describe, expect, it } from 'vitest';
import type { ActivityState } from './activity.js';
import { DailyBook, localDate } from './daily.js';

/** A fake clock: local times of one day, advanced tick by tick. */
function at(day: number, h: number, m = 0, s = 0) {
  return new Date(2025, 0, day, h, m, s);
}

/** Feeds one tick a minute from `from` for `minutes`, in `state`. */
function run(book: DailyBook, from: Date, minutes: number, state: ActivityState) {
  const out = [];
  for (let i = 0; i < minutes; i++) out.push(...book.advance(new Date(from.getTime() + i * 60_000), state));
  return out;
}

describe('DailyBook', () => {
  it('adds up active, idle and locked time, with first/last activity and lock periods', () => {
    const book = new DailyBook(at(6, 9));
    run(book, at(6, 9), 30, 'active'); // 9:00–9:29, counted until the next tick
    run(book, at(6, 9, 30), 10, 'idle');
    run(book, at(6, 9, 40), 20, 'locked');
    run(book, at(6, 10), 5, 'active');
    const log = book.snapshot();
    expect(log).toEqual({
      date: '2025-01-06',
      first_activity: at(6, 9).toISOString(),
      last_activity: at(6, 10, 4).toISOString(),
      active_minutes: 34,
      idle_minutes: 10,
      locked_minutes: 20,
      lock_periods: [{ from: at(6, 9, 40).toISOString(), to: at(6, 10).toISOString() }],
    });
  });

  it('does not count a gap the agent did not see (the machine slept)', () => {
    const book = new DailyBook(at(6, 9));
    book.advance(at(6, 9), 'active');
    book.advance(at(6, 12), 'active');
    book.advance(at(6, 12, 1), 'active');
    expect(book.snapshot().active_minutes).toBe(1);
  });

  it('splits at midnight: the finished day is returned, a lock carries over', () => {
    const book = new DailyBook(at(6, 23, 50));
    run(book, at(6, 23, 50), 5, 'active');
    const ended = run(book, at(6, 23, 55), 10, 'locked'); // 23:55 → 00:04
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({
      date: '2025-01-06',
      active_minutes: 5,
      locked_minutes: 5,
      lock_periods: [{ from: at(6, 23, 55).toISOString(), to: at(7, 0).toISOString() }],
    });
    expect(book.snapshot()).toMatchObject({
      date: localDate(at(7, 0)),
      first_activity: null,
      locked_minutes: 4,
      lock_periods: [{ from: at(7, 0).toISOString(), to: null }],
    });
  });

  it('continues a saved day after a restart, and starts afresh on another day', () => {
    const book = new DailyBook(at(6, 9));
    run(book, at(6, 9), 11, 'active');
    const saved = book.toJSON();
    expect(new DailyBook(at(6, 15), saved).snapshot().active_minutes).toBe(10);
    expect(new DailyBook(at(7, 9), saved).snapshot()).toMatchObject({ date: '2025-01-07', active_minutes: 0 });
  });
});
