import { describe, expect, it } from 'vitest';
import { addDays, adherenceOf, closeAtNow, dayFigures, daysInRange, outOfAdherence } from './wfm-rules.js';

// A day as minutes from its midnight: 0 = 00:00, 1440 = the next midnight.
const T0 = Date.parse('2026-03-10T00:00:00Z');
const at = (m: number) => T0 + m * 60_000;
const h = (hh: number, mm = 0) => hh * 60 + mm;
const DAY = { from: at(0), to: at(1440) };
const shift = (from: number, to: number) => ({ from: at(from), to: at(to) });
const session = (from: number, to: number | null) => ({ from: at(from), to: to === null ? null : at(to) });
/** Long after the day: every shift is over. */
const LATER = at(5 * 1440);

describe('adherence of a day', () => {
  it('no shift: adherence null, online minutes still counted, no flags', () => {
    const f = dayFigures({ day: DAY, shift: null, sessions: [session(h(9), h(10))], now: LATER });
    expect(f).toMatchObject({
      online_minutes: 60,
      scheduled_minutes: 0,
      in_shift_minutes: 0,
      adherence: null,
      late: false,
      left_early: false,
    });
  });

  it('no presence: 0 minutes, adherence 0, late by the whole shift, not "left early"', () => {
    const f = dayFigures({ day: DAY, shift: shift(h(8), h(16)), sessions: [], now: LATER });
    expect(f).toMatchObject({
      online_minutes: 0,
      scheduled_minutes: 480,
      in_shift_minutes: 0,
      adherence: 0,
      late: true,
      late_minutes: 480,
      left_early: false,
      early_minutes: 0,
      first_in: null,
      last_out: null,
    });
  });

  it('a full shift with a break: adherence is the share online inside it', () => {
    const f = dayFigures({
      day: DAY,
      shift: shift(h(8), h(16)),
      sessions: [session(h(7, 50), h(12)), session(h(12, 30), h(16, 10))],
      now: LATER,
    });
    expect(f.online_minutes).toBe(470);
    expect(f.in_shift_minutes).toBe(450);
    expect(f.adherence).toBe(0.9375);
    expect(f.late).toBe(false);
    expect(f.left_early).toBe(false);
    expect(f.first_in).toBe(at(h(7, 50)));
    expect(f.last_out).toBe(at(h(16, 10)));
  });

  it('partial overlap: only the part inside the shift counts as in shift', () => {
    const f = dayFigures({ day: DAY, shift: shift(h(8), h(16)), sessions: [session(h(6), h(9))], now: LATER });
    expect(f.online_minutes).toBe(180);
    expect(f.in_shift_minutes).toBe(60);
    expect(f.adherence).toBe(0.125);
    expect(f.late).toBe(false);
    expect(f).toMatchObject({ left_early: true, early_minutes: h(7) });
  });

  it('the grace: up to 5 minutes late or early is on time, 6 is not', () => {
    const onTime = dayFigures({
      day: DAY,
      shift: shift(h(8), h(16)),
      sessions: [session(h(8, 5), h(15, 55))],
      now: LATER,
    });
    expect(onTime).toMatchObject({ late: false, late_minutes: 0, left_early: false, early_minutes: 0 });
    const off = dayFigures({
      day: DAY,
      shift: shift(h(8), h(16)),
      sessions: [session(h(8, 6), h(15, 54))],
      now: LATER,
    });
    expect(off).toMatchObject({ late: true, late_minutes: 6, left_early: true, early_minutes: 6 });
  });

  it('the grace is judged in whole minutes, as shown', () => {
    const sec = 1000;
    const s = { from: at(h(8, 5)) + 50 * sec, to: at(h(15, 54)) + 10 * sec };
    const f = dayFigures({ day: DAY, shift: shift(h(8), h(16)), sessions: [s], now: LATER });
    expect(f).toMatchObject({ late: false, late_minutes: 0, left_early: false, early_minutes: 0 });
  });

  it('a shift across midnight counts presence after midnight in the shift, but only the day’s part as online', () => {
    const f = dayFigures({
      day: DAY,
      shift: shift(h(22), 1440 + h(6)),
      sessions: [session(h(21, 58), 1440 + h(6, 1))],
      now: LATER,
    });
    expect(f.scheduled_minutes).toBe(480);
    expect(f.in_shift_minutes).toBe(480);
    expect(f.adherence).toBe(1);
    expect(f.online_minutes).toBe(122);
    // The span is clipped to the day.
    expect(f.spans).toEqual([{ from: at(h(21, 58)), to: at(1440) }]);
    expect(f.late || f.left_early).toBe(false);
  });

  it('a running shift: adherence of the part passed, not late when in, early not judged yet', () => {
    const now = at(h(12));
    const f = dayFigures({
      day: DAY,
      shift: shift(h(8), h(16)),
      sessions: [session(h(8), h(10)), session(h(11), null)],
      now,
    });
    expect(f.due_minutes).toBe(240);
    expect(f.in_shift_minutes).toBe(180);
    expect(f.adherence).toBe(0.75);
    expect(f.late).toBe(false);
    expect(f.left_early).toBe(false);
    expect(f.online_minutes).toBe(180);
    expect(f.spans.at(-1)).toEqual({ from: at(h(11)), to: null });
    expect(f.last_out).toBeNull();
  });

  it('a running shift nobody came to: late by the time passed once past the grace', () => {
    const early = dayFigures({ day: DAY, shift: shift(h(8), h(16)), sessions: [], now: at(h(8, 4)) });
    expect(early.late).toBe(false);
    const past = dayFigures({ day: DAY, shift: shift(h(8), h(16)), sessions: [], now: at(h(9)) });
    expect(past).toMatchObject({ late: true, late_minutes: 60, adherence: 0 });
  });

  it('a shift not started yet has no adherence and no flags', () => {
    const f = dayFigures({ day: DAY, shift: shift(h(16), h(23)), sessions: [session(h(8), null)], now: at(h(9)) });
    expect(f).toMatchObject({
      adherence: null,
      late: false,
      left_early: false,
      scheduled_minutes: 420,
      due_minutes: 0,
    });
  });

  it('an open session of a past day ends with the day; future sessions do not count', () => {
    const f = dayFigures({ day: DAY, shift: null, sessions: [session(h(23), null)], now: at(1440 + h(2)) });
    expect(f.online_minutes).toBe(60);
    expect(f.spans).toEqual([{ from: at(h(23)), to: at(1440) }]);
    expect(closeAtNow([session(h(10), null)], at(h(9)))).toEqual([]);
  });
});

describe('around the figures', () => {
  it('merges overlapping sessions (a double feed counts once)', () => {
    expect(closeAtNow([session(h(8), h(10)), session(h(9), h(11))], LATER)).toEqual([
      { from: at(h(8)), to: at(h(11)), open: false },
    ]);
  });

  it('out of adherence: inside the shift and offline', () => {
    const s = shift(h(8), h(16));
    expect(outOfAdherence(s, false, at(h(9)))).toBe(true);
    expect(outOfAdherence(s, true, at(h(9)))).toBe(false);
    expect(outOfAdherence(s, false, at(h(17)))).toBe(false);
    expect(outOfAdherence(null, false, at(h(9)))).toBe(false);
  });

  it('adherence over days weighs by minutes due', () => {
    expect(
      adherenceOf([
        { in_shift_minutes: 480, due_minutes: 480 },
        { in_shift_minutes: 0, due_minutes: 160 },
      ]),
    ).toBe(0.75);
    expect(adherenceOf([{ in_shift_minutes: 0, due_minutes: 0 }])).toBeNull();
  });

  it('counts and moves days across months and leap years', () => {
    expect(daysInRange('2028-02-27', '2028-03-01')).toBe(4);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});
