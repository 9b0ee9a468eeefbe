import { describe, expect, it } from 'vitest';
import { periodEnd, periodStart, shiftPeriod } from './kpi-periods.js';

describe('KPI periods', () => {
  it.each([
    // 2026-11-22 is a Sunday: weeks run Sunday to Saturday.
    ['2026-11-22', '2026-11-22'],
    ['2026-11-25', '2026-11-22'],
    ['2026-11-28', '2026-11-22'],
    ['2026-11-29', '2026-11-29'],
    // Across a month and a year.
    ['2026-12-01', '2026-11-29'],
    ['2027-01-01', '2026-12-27'],
  ])('the week of %s starts on %s', (day, start) => {
    expect(periodStart('weekly', day)).toBe(start);
    expect(periodEnd('weekly', start) >= day).toBe(true);
  });

  it('a month starts on its first day and ends on its last, leap years included', () => {
    expect(periodStart('monthly', '2026-11-23')).toBe('2026-11-01');
    expect(periodEnd('monthly', '2026-11-01')).toBe('2026-11-30');
    expect(periodEnd('monthly', '2028-02-01')).toBe('2028-02-29');
    expect(periodEnd('monthly', '2026-02-01')).toBe('2026-02-28');
    expect(periodEnd('monthly', '2026-12-01')).toBe('2026-12-31');
  });

  it('steps back and forth by whole periods', () => {
    expect(shiftPeriod('weekly', '2026-11-22', -1)).toBe('2026-11-15');
    expect(shiftPeriod('weekly', '2026-12-27', 1)).toBe('2027-01-03');
    expect(shiftPeriod('monthly', '2026-01-01', -1)).toBe('2025-12-01');
    expect(shiftPeriod('monthly', '2026-11-01', 3)).toBe('2027-02-01');
  });
});
