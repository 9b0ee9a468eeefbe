import { describe, expect, it } from 'vitest';
import { eachDay, isWorkingDay, workingDays, workingDaysByYear } from './working-days.js';

// Friday/Saturday weekend (the default).
const cal = { weekendDays: [5, 6], holidays: ['2026-12-02'] };

describe('working days', () => {
  it('skips the weekend: Thursday to Sunday is two working days', () => {
    // 2026-11-26 is a Thursday.
    expect(workingDays('2026-11-26', '2026-11-29', cal)).toBe(2);
  });

  it('skips public holidays', () => {
    expect(isWorkingDay('2026-12-02', cal)).toBe(false);
    expect(workingDays('2026-11-29', '2026-12-03', cal)).toBe(4); // Sun..Thu minus the holiday
  });

  it('a weekend-only range has zero working days', () => {
    expect(workingDays('2026-11-27', '2026-11-28', cal)).toBe(0);
  });

  it('a half day counts 0.5', () => {
    expect(workingDays('2026-11-30', '2026-11-30', cal, true)).toBe(0.5);
  });

  it('splits a range across New Year by year', () => {
    // 2026-12-31 Thursday, 2027-01-01 Friday, 2027-01-02 Saturday, 2027-01-03 Sunday.
    expect([...workingDaysByYear('2026-12-30', '2027-01-03', cal)]).toEqual([
      [2026, 2],
      [2027, 1],
    ]);
  });

  it('lists calendar days inclusive, across month ends and leap days', () => {
    expect(eachDay('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(eachDay('2026-11-30', '2026-11-29')).toEqual([]);
  });
});
