import { eachDay, isWorkingDay, type TLeaveStatus, type WorkingCalendar } from '@portal/contracts';

/**
 * The leave rules that need no I/O: balances with carry-over, what a decision
 * leads to, and a day's coverage. The services feed them rows and apply the answers.
 */

/** How far back carry-over is followed (older years are assumed to have carried nothing). */
export const CARRY_OVER_YEARS_BACK = 5;

export interface BalanceType {
  yearly_days: number;
  carry_over_max_days: number;
  counts_against_balance: boolean;
}

/** Days a user's requests hold in one year of one type. */
export interface YearUsage {
  approved: number;
  pending: number;
}

export interface Balance {
  entitlement: number;
  carried_over: number;
  approved: number;
  pending: number;
  available: number;
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The balance of one type in `year`: entitlement + carried over − approved − pending,
 * where what is carried into year Y is min(cap, max(0, what was available at the end of
 * Y − 1)), followed from the user's first year (at most CARRY_OVER_YEARS_BACK back).
 * A type that does not count against a balance has no entitlement and carries nothing:
 * its figures show the usage (its `available` is minus the days taken).
 */
export function balanceFor(
  type: BalanceType,
  year: number,
  firstYear: number,
  usageOf: (year: number) => YearUsage,
): Balance {
  const entitlement = type.counts_against_balance ? type.yearly_days : 0;
  let carried = 0;
  if (type.counts_against_balance) {
    for (let y = Math.max(firstYear, year - CARRY_OVER_YEARS_BACK); y < year; y++) {
      const u = usageOf(y);
      const left = entitlement + carried - u.approved - u.pending;
      carried = Math.min(type.carry_over_max_days, Math.max(0, left));
    }
  }
  const u = usageOf(year);
  return {
    entitlement,
    carried_over: round(carried),
    approved: round(u.approved),
    pending: round(u.pending),
    available: round(entitlement + carried - u.approved - u.pending),
  };
}

/** Where a year's available balance would fall below zero, or further below, after a change. */
export interface Shortfall {
  year: number;
  /** Available before the change (never shown below 0). */
  available: number;
  /** How much the change takes from that year (directly, or through less carried over). */
  takes: number;
  /** Available after the change (below 0). */
  after: number;
}

/**
 * The first of `years` the change from `before` to `after` (each a year's available
 * balance) takes below zero or further below; null when none. A year already below zero
 * that the change leaves as it is does not block it: it is not this change's doing.
 */
export function firstShortfall(
  years: Iterable<number>,
  before: (year: number) => number,
  after: (year: number) => number,
): Shortfall | null {
  for (const year of [...years].sort((a, b) => a - b)) {
    const was = before(year);
    const now = after(year);
    if (now < 0 && now < was) return { year, available: Math.max(0, was), takes: round(was - now), after: now };
  }
  return null;
}

/**
 * The years a change of usage in `changed` can move: those, and the CARRY_OVER_YEARS_BACK
 * after the last (what a year carries over reaches no further: balanceFor looks no further back).
 */
export function yearsReached(changed: Iterable<number>): number[] {
  const years = [...changed];
  if (years.length === 0) return [];
  const from = Math.min(...years);
  const to = Math.max(...years) + CARRY_OVER_YEARS_BACK;
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** `usageOf` with `days` per year more held as pending (a request being added). */
export const withPending =
  (usageOf: (year: number) => YearUsage, days: ReadonlyMap<number, number>) =>
  (year: number): YearUsage => {
    const u = usageOf(year);
    return { approved: u.approved, pending: u.pending + (days.get(year) ?? 0) };
  };

/** Only what is approved counts (pending requests set aside): what an approval is checked against. */
export const approvedOnly =
  (usageOf: (year: number) => YearUsage) =>
  (year: number): YearUsage => ({ approved: usageOf(year).approved, pending: 0 });

export type LeaveDecision = 'approve' | 'reject';
export type LeaveStep =
  'submitted' | 'approved' | 'rejected' | 'hr_confirmed' | 'hr_rejected' | 'cancelled' | 'revoked';
/** A step that decides a waiting request (the approver's, then HR's). */
export type LeaveDecisionStep = 'approved' | 'rejected' | 'hr_confirmed' | 'hr_rejected';

/**
 * Where a decision on the current step leads, and the timeline's name for it: the
 * approver's approval goes to HR when the type needs HR's confirmation.
 */
export function decide(
  status: 'pending' | 'awaiting_hr',
  decision: LeaveDecision,
  requiresHrConfirmation: boolean,
): { next: TLeaveStatus; event: LeaveDecisionStep } {
  if (status === 'pending') {
    if (decision === 'reject') return { next: 'rejected', event: 'rejected' };
    return { next: requiresHrConfirmation ? 'awaiting_hr' : 'approved', event: 'approved' };
  }
  return decision === 'approve'
    ? { next: 'approved', event: 'hr_confirmed' }
    : { next: 'rejected', event: 'hr_rejected' };
}

export interface OffRange {
  user_id: number;
  start_date: string;
  end_date: string;
}

export interface DayCoverage {
  date: string;
  working: boolean;
  off: number;
  headcount: number;
  share: number;
  warning: boolean;
}

/**
 * Per day of `start`…`end`: how many distinct people of `ranges` are off (any part of the
 * day), their share of the headcount, and a warning from `warningShare` on working days.
 */
export function coverage(
  start: string,
  end: string,
  ranges: readonly OffRange[],
  headcount: number,
  warningShare: number,
  calendar: WorkingCalendar,
): DayCoverage[] {
  return eachDay(start, end).map((date) => {
    const off = new Set(ranges.filter((r) => r.start_date <= date && r.end_date >= date).map((r) => r.user_id)).size;
    const working = isWorkingDay(date, calendar);
    const share = headcount > 0 ? Math.round((off / headcount) * 1000) / 1000 : 0;
    return { date, working, off, headcount, share, warning: working && headcount > 0 && share >= warningShare };
  });
}

/** The first and last day of a `YYYY-MM` month. */
export function monthRange(month: string): { first: string; last: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(last).padStart(2, '0')}` };
}

/** `day` moved by `n` calendar days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
