import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  wallClock,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatDuration,
  formatList,
  formatMinutes,
  formatTime,
  NO_DATA,
  NO_MINUTES,
  formatNumber,
  formatRelativeTime,
  isEmpty,
  monthsBetween,
  roundToQuarter,
} from './format';
import { changeLanguage } from './i18n/i18n';

describe('isEmpty', () => {
  it.each([
    [undefined, true],
    [null, true],
    [{}, true],
    [Object.create(null), true],
    [[], true],
    ['', true],
    ['   \n\t', true],
    [0, false],
    [-1, false],
    [Number.NaN, false],
    [false, false],
    ['0', false],
    [' a ', false],
    [{ a: undefined }, false],
    [[0], false],
    [new Date(0), false],
    [new Map(), false],
  ])('%o → %s', (value, expected) => {
    expect(isEmpty(value)).toBe(expected);
  });
});

describe('roundToQuarter', () => {
  it.each([
    [0, 0],
    [1, 1],
    [1.1, 1],
    [1.124, 1],
    [1.125, 1.25],
    [1.37, 1.25],
    [1.38, 1.5],
    [2.875, 3],
    [0.1, 0],
    [-0.1, 0],
    [-0.125, -0.25],
    [-1.37, -1.25],
    [-1.38, -1.5],
    [-2.6, -2.5],
  ])('%d → %d', (value, expected) => {
    expect(roundToQuarter(value)).toBe(expected);
  });

  it('never returns -0', () => {
    expect(Object.is(roundToQuarter(-0.05), 0)).toBe(true);
  });

  it('passes non-finite values through', () => {
    expect(roundToQuarter(Number.NaN)).toBeNaN();
    expect(roundToQuarter(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('formatMinutes', () => {
  it.each([
    [1, '1m'],
    [59, '59m'],
    [60, '1h 0m'],
    [61, '1h 1m'],
    [135, '2h 15m'],
    [1500, '25h 0m'],
    [59.6, '1h 0m'],
    [30.4, '30m'],
    [0.4, '0m'],
  ])('%d → %s', (value, expected) => {
    expect(formatMinutes(value)).toBe(expected);
  });

  it.each([[0], [-1], [-90.5], [Number.NaN], [null], [undefined]])('%s → no data', (value) => {
    expect(formatMinutes(value)).toBe(NO_MINUTES);
  });

  it("isolates 'مخبرش' so the figures after it keep their place in an English sentence", () => {
    // FSI … PDI: "Neutral مخبرش (0%)" must not be shown as "Neutral (%0) مخبرش".
    expect(NO_MINUTES).toBe('\u2068مخبرش\u2069');
    expect(formatMinutes(0).replace(/[\u2068\u2069]/g, '')).toBe('مخبرش');
  });

  it('says hours and minutes in Arabic units on Arabic pages', async () => {
    await changeLanguage('ar');
    try {
      expect(formatMinutes(135)).toMatch(/^[0-9٠-٩]+ س [0-9٠-٩]+ د$/);
      expect(formatMinutes(6)).toMatch(/^[0-9٠-٩]+ د$/);
    } finally {
      await changeLanguage('en');
    }
  });
});

describe('monthsBetween (a month is 30 days)', () => {
  it('counts whole 30-day months', () => {
    expect(monthsBetween('2026-01-01T00:00:00', '2026-01-30T00:00:00')).toBe(0);
    expect(monthsBetween('2026-01-01T00:00:00', '2026-01-31T00:00:00')).toBe(1);
    expect(monthsBetween('2026-01-01T00:00:00', '2026-03-01T00:00:00')).toBe(1); // 59 days
    expect(monthsBetween('2026-01-01T00:00:00', '2026-03-02T00:00:00')).toBe(2); // 60 days
    expect(monthsBetween('2025-01-01T00:00:00', '2026-01-01T00:00:00')).toBe(12); // 365 days
  });

  it('is negative when the end is before the start, and antisymmetric', () => {
    expect(monthsBetween('2026-03-02T00:00:00', '2026-01-01T00:00:00')).toBe(-2);
    expect(monthsBetween('2026-01-10T00:00:00', '2026-01-01T00:00:00')).toBe(0);
    expect(Object.is(monthsBetween('2026-01-10T00:00:00', '2026-01-01T00:00:00'), 0)).toBe(true);
  });

  it('ignores the time of day (fractional days)', () => {
    expect(monthsBetween('2026-01-01T23:59:00', '2026-01-31T00:01:00')).toBe(1);
    expect(monthsBetween(new Date(2026, 0, 1, 12).getTime(), new Date(2026, 0, 31, 6))).toBe(1);
  });

  it('returns NaN for an invalid date', () => {
    expect(monthsBetween('not a date', '2026-01-01')).toBeNaN();
  });

  describe('across daylight-saving changes', () => {
    const saved = process.env.TZ;
    beforeAll(() => {
      // New York: clocks go forward on 8 March 2026 and back on 1 November 2026.
      process.env.TZ = 'America/New_York';
    });
    afterAll(() => {
      process.env.TZ = saved;
    });

    it('really runs in a zone with DST', () => {
      expect(new Date(2026, 2, 1).getTimezoneOffset()).not.toBe(new Date(2026, 2, 31).getTimezoneOffset());
    });

    it('a 30-day span over the spring-forward night (only 719 hours) is one month', () => {
      const from = new Date(2026, 1, 20); // 20 Feb, local midnight
      const to = new Date(2026, 2, 22); // 22 Mar, 30 calendar days later
      expect((to.getTime() - from.getTime()) / 3_600_000).toBe(719);
      expect(monthsBetween(from, to)).toBe(1);
    });

    it('a 29-day span over the fall-back night (697 hours) is still zero months', () => {
      const from = new Date(2026, 9, 10);
      const to = new Date(2026, 10, 8);
      expect((to.getTime() - from.getTime()) / 3_600_000).toBe(697);
      expect(monthsBetween(from, to)).toBe(0);
    });
  });
});

describe('dates and numbers in the chosen language', () => {
  const at = new Date(2026, 10, 23, 14, 5, 9);
  afterAll(async () => {
    await changeLanguage('en');
  });

  it('follow the current language, and re-format after a switch', async () => {
    await changeLanguage('en');
    expect(formatDateTime(at)).toBe(
      new Intl.DateTimeFormat('en', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }).format(at),
    );
    expect(formatNumber(12345)).toBe('12,345');
    await changeLanguage('ar');
    expect(formatDate(at.toISOString())).toBe(
      new Intl.DateTimeFormat('ar', { day: 'numeric', month: 'short', year: 'numeric' }).format(at),
    );
    expect(formatNumber(12345)).toBe(new Intl.NumberFormat('ar').format(12345));
  });

  // One family everywhere: tables, the bell, refusals and cards all say a date the same way.
  it('say every date in one family in English: month name, never all digits or ISO', async () => {
    await changeLanguage('en');
    expect(formatDate(at)).toBe('Nov 23, 2026');
    expect(formatCalendarDate('2026-11-23', 'date')).toBe('Nov 23, 2026');
    expect(formatDateTime(at)).toBe('Nov 23, 2026, 2:05 PM');
    expect(formatDateTime(at, { seconds: true })).toBe('Nov 23, 2026, 2:05:09 PM');
    expect(formatTime(at)).toBe('2:05 PM');
    for (const text of [formatDate(at), formatDateTime(at), formatCalendarDate('2026-11-23', 'date')]) {
      expect(text).not.toMatch(/\d+\/\d+\/\d+|\d{4}-\d{2}-\d{2}/);
    }
  });

  it('keep a bare calendar date on its day west of Greenwich', () => {
    const saved = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      expect(formatDate('2026-11-01')).toBe(formatCalendarDate('2026-11-01', 'date'));
      expect(formatDate('2026-11-01')).toBe('Nov 1, 2026');
    } finally {
      process.env.TZ = saved;
    }
  });

  it('say every date in the same family in Arabic, with the Arabic month name', async () => {
    await changeLanguage('ar');
    const month = new Intl.DateTimeFormat('ar', { month: 'short' }).format(at);
    expect(formatDate(at)).toContain(month);
    expect(formatCalendarDate('2026-11-23', 'date')).toBe(formatDate(at));
    expect(formatDateTime(at).startsWith(formatDate(at))).toBe(true);
    expect(formatDateTime(at)).toContain(formatTime(at));
    expect(formatDateTime(at)).not.toMatch(/[/‏]/);
  });

  it('give an empty string for an invalid date, not "Invalid Date" or a throw', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(Number.NaN)).toBe('');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
  afterAll(async () => {
    await changeLanguage('en');
  });

  it('picks the unit from the distance, in the future and the past', async () => {
    await changeLanguage('en');
    expect(formatRelativeTime(at(25), now)).toBe('in 25 min.');
    expect(formatRelativeTime(at(-120), now)).toBe('2 hr. ago');
    expect(formatRelativeTime(at(-119.6), now)).toBe('2 hr. ago');
    expect(formatRelativeTime(at(59), now)).toBe('in 59 min.');
    expect(formatRelativeTime(at(3 * 24 * 60), now, 'long')).toBe('in 3 days');
    expect(formatRelativeTime(at(0.2), now)).toBe('now');
    expect(formatRelativeTime(at(-0.4), now)).toBe('now');
  });

  it('speaks the chosen language, and gives "" for an invalid date', async () => {
    await changeLanguage('ar');
    expect(formatRelativeTime(at(25), now)).toBe(
      new Intl.RelativeTimeFormat('ar', { numeric: 'auto', style: 'short' }).format(25, 'minute'),
    );
    expect(formatRelativeTime('nope', now)).toBe('');
  });
});

describe('wallClock', () => {
  it('reads an instant on the given zone’s clock, whatever the browser’s', () => {
    expect(wallClock('2026-11-23T22:30:00Z', 'UTC')).toEqual({ date: '2026-11-23', time: '22:30', minutes: 1350 });
    // Cairo is UTC+2 in November: the same instant is past midnight there.
    expect(wallClock('2026-11-23T22:30:00Z', 'Africa/Cairo')).toEqual({
      date: '2026-11-24',
      time: '00:30',
      minutes: 30,
    });
    expect(wallClock('nope', 'UTC')).toBeNull();
  });
});

describe('formatList', () => {
  afterAll(async () => {
    await changeLanguage('en');
  });

  it("joins with the language's own words and commas", async () => {
    await changeLanguage('en');
    expect(formatList(['IT', 'OPERATION', 'HR'])).toBe('IT, OPERATION, and HR');
    expect(formatList(['IT', 'OPERATION'], 'unit')).toBe('IT, OPERATION');
    expect(formatList(['IT', 'OPERATION'], 'unit')).not.toContain('،');
    await changeLanguage('ar');
    expect(formatList(['IT', 'OPERATION'])).toBe('IT وOPERATION');
    expect(formatList(['A', 'B', 'C'], 'unit')).toBe(
      new Intl.ListFormat('ar', { style: 'short', type: 'unit' }).format(['A', 'B', 'C']),
    );
  });
});

describe('formatDuration', () => {
  afterAll(async () => {
    await changeLanguage('en');
  });

  it('says a length of time in units, never as a clock time', async () => {
    await changeLanguage('en');
    expect(formatDuration(18 * 60)).toBe('18 min');
    expect(formatDuration(45)).toBe('45 sec');
    expect(formatDuration(0)).toBe('0 sec');
    expect(formatDuration(725)).toBe('12 min 5 sec');
    expect(formatDuration(3900)).toBe('1 hr 5 min');
    expect(formatDuration(3600 + 59)).toBe('1 hr');
    expect(formatDuration(18 * 60)).not.toMatch(/\d:\d/);
  });

  it('has no length for nothing or a negative span', () => {
    expect(formatDuration(null)).toBe(NO_DATA);
    expect(formatDuration(undefined)).toBe(NO_DATA);
    expect(formatDuration(-5)).toBe(NO_DATA);
    expect(NO_DATA).toBe('—');
  });

  it("uses Arabic's own units on Arabic pages", async () => {
    await changeLanguage('ar');
    const minutes = new Intl.NumberFormat('ar', { style: 'unit', unit: 'minute', unitDisplay: 'short' }).format(18);
    expect(formatDuration(18 * 60)).toBe(minutes);
    expect(formatDuration(3900)).toMatch(/س .*د$/);
    expect(formatDuration(3900)).not.toMatch(/hr|min/);
  });
});
