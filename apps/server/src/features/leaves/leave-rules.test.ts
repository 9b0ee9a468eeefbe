import { describe, expect, it } from 'vitest';
import { addDays, balanceFor, coverage, decide, monthRange, type YearUsage } from './leave-rules.js';

const annual = { yearly_days: 21, carry_over_max_days: 5, counts_against_balance: true };
const usage =
  (byYear: Record<number, Partial<YearUsage>>) =>
  (year: number): YearUsage => ({ approved: 0, pending: 0, ...byYear[year] });

describe('balanceFor', () => {
  it('is entitlement − approved − pending in the first year, nothing carried', () => {
    expect(balanceFor(annual, 2026, 2026, usage({ 2026: { approved: 4, pending: 2.5 } }))).toEqual({
      entitlement: 21,
      carried_over: 0,
      approved: 4,
      pending: 2.5,
      available: 14.5,
    });
  });

  it('carries what was left, up to the cap', () => {
    expect(balanceFor(annual, 2027, 2026, usage({ 2026: { approved: 18 } })).carried_over).toBe(3);
    expect(balanceFor(annual, 2027, 2026, usage({})).carried_over).toBe(5);
    // Pending days at the end of the year hold their days too.
    expect(balanceFor(annual, 2027, 2026, usage({ 2026: { approved: 10, pending: 10 } })).carried_over).toBe(1);
  });

  it('carries year after year (an overdrawn year carries nothing, never a debt)', () => {
    // 2026: 21 − 20 = 1 → 2027: 21 + 1 − 0 = 22 → 5 into 2028.
    expect(balanceFor(annual, 2028, 2026, usage({ 2026: { approved: 20 } })).carried_over).toBe(5);
    // 2026 overdrawn by 4 (HR recorded more): 0 carried, not −4.
    expect(balanceFor(annual, 2027, 2026, usage({ 2026: { approved: 25 } })).carried_over).toBe(0);
    // 2027 uses 24 of 21 + 3 → 0 left.
    const two = usage({ 2026: { approved: 18 }, 2027: { approved: 24 } });
    expect(balanceFor(annual, 2028, 2026, two)).toMatchObject({ carried_over: 0, available: 21 });
  });

  it('looks back from the first year only, and at most five years', () => {
    let asked: number[] = [];
    const spy = (y: number) => (asked.push(y), { approved: 0, pending: 0 });
    balanceFor(annual, 2030, 2029, spy);
    expect(asked).toEqual([2029, 2030]);
    asked = [];
    balanceFor(annual, 2040, 2000, spy);
    expect(asked).toEqual([2035, 2036, 2037, 2038, 2039, 2040]);
  });

  it('gives a type that does not count no entitlement and no carry-over', () => {
    const unpaid = { yearly_days: 0, carry_over_max_days: 0, counts_against_balance: false };
    expect(balanceFor(unpaid, 2027, 2026, usage({ 2027: { approved: 5 } }))).toEqual({
      entitlement: 0,
      carried_over: 0,
      approved: 5,
      pending: 0,
      available: -5,
    });
  });
});

describe('decide', () => {
  it('moves the approver step to approved, or to HR when the type needs it', () => {
    expect(decide('pending', 'approve', false)).toEqual({ next: 'approved', event: 'approved' });
    expect(decide('pending', 'approve', true)).toEqual({ next: 'awaiting_hr', event: 'approved' });
    expect(decide('pending', 'reject', true)).toEqual({ next: 'rejected', event: 'rejected' });
  });
  it("names HR's step as HR's", () => {
    expect(decide('awaiting_hr', 'approve', true)).toEqual({ next: 'approved', event: 'hr_confirmed' });
    expect(decide('awaiting_hr', 'reject', true)).toEqual({ next: 'rejected', event: 'hr_rejected' });
  });
});

describe('coverage', () => {
  const calendar = { weekendDays: [5, 6], holidays: ['2026-05-01'] };
  it('counts distinct people off each day, their share, and warns on working days only', () => {
    // Thu 30 Apr … Sat 2 May 2026: Friday is a holiday and a weekend day, Saturday a weekend day.
    const off = [
      { user_id: 1, start_date: '2026-04-28', end_date: '2026-05-02' },
      { user_id: 2, start_date: '2026-04-30', end_date: '2026-04-30' },
      // Two requests of one person on one day count once.
      { user_id: 2, start_date: '2026-04-30', end_date: '2026-05-01' },
    ];
    expect(coverage('2026-04-30', '2026-05-02', off, 5, 0.3, calendar)).toEqual([
      { date: '2026-04-30', working: true, off: 2, headcount: 5, share: 0.4, warning: true },
      { date: '2026-05-01', working: false, off: 2, headcount: 5, share: 0.4, warning: false },
      { date: '2026-05-02', working: false, off: 1, headcount: 5, share: 0.2, warning: false },
    ]);
  });
  it('warns from the share on (not past it), and never for an empty department', () => {
    const one = [{ user_id: 1, start_date: '2026-04-30', end_date: '2026-04-30' }];
    expect(coverage('2026-04-30', '2026-04-30', one, 10, 0.1, calendar)[0]!.warning).toBe(true);
    expect(coverage('2026-04-30', '2026-04-30', one, 11, 0.1, calendar)[0]!.warning).toBe(false);
    expect(coverage('2026-04-30', '2026-04-30', [], 0, 0.1, calendar)[0]).toMatchObject({ share: 0, warning: false });
  });
});

describe('dates', () => {
  it('knows month ends, leap years included', () => {
    expect(monthRange('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(monthRange('2026-12')).toEqual({ first: '2026-12-01', last: '2026-12-31' });
  });
  it('moves across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-02', -3)).toBe('2026-02-27');
  });
});
