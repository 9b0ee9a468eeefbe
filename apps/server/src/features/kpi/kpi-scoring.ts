import {
  KPI_UNIT_RANGES,
  periodEnd,
  periodStart,
  shiftPeriod,
  type TKpiPeriod,
  type TKpiUnit,
} from '@portal/contracts';

/**
 * The KPI rules that need no I/O: how a value meets its target, the weighted
 * score of a scorecard, which periods the reminder job looks at, and the portal's "today".
 */

/** Attainment is capped here: beating one target by far must not hide missing another. */
export const MAX_ATTAINMENT = 1.2;
/** After a period closed, its missing values are escalated for this many days (then left alone). */
export const ESCALATION_WINDOW_DAYS = 7;

const DAY_MS = 86_400_000;
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * How far `value` meets `target`, 0–1.2. Higher is better: value / target; lower is
 * better: target / value. A target of 0 means "nothing at all": higher-is-better meets it
 * with any value (values are never negative), so 1; lower-is-better meets it only with 0
 * (1), anything above misses it entirely (0). A lower-is-better value of 0 against a
 * positive target beats it as far as the cap allows.
 */
export function attainment(direction: 'higher' | 'lower', target: number, value: number): number {
  let raw: number;
  if (target === 0) raw = direction === 'higher' ? 1 : value === 0 ? 1 : 0;
  else if (direction === 'higher') raw = value / target;
  else raw = value === 0 ? MAX_ATTAINMENT : target / value;
  return round4(Math.min(MAX_ATTAINMENT, Math.max(0, raw)));
}

export interface ScoredValue {
  weight: number;
  attainment: number;
}

/**
 * The weighted score of the KPIs that have a value: Σ(weight × attainment) / Σ(weight).
 * Missing values leave the score alone (they show as recorded < expected instead), and
 * weights need not sum to anything. Null when nothing has a value.
 */
export function weightedScore(values: readonly ScoredValue[]): number | null {
  const total = values.reduce((sum, v) => sum + v.weight, 0);
  if (values.length === 0 || total <= 0) return null;
  return round4(values.reduce((sum, v) => sum + v.weight * v.attainment, 0) / total);
}

/** score − previous (null when either is missing). */
export function trend(score: number | null, previous: number | null): number | null {
  return score === null || previous === null ? null : round4(score - previous);
}

/** Whether `value` is one the unit allows (integer units: whole numbers only). */
export function valueProblem(unit: TKpiUnit, value: number): 'range' | 'integer' | null {
  const r = KPI_UNIT_RANGES[unit];
  if (!Number.isFinite(value) || value < r.min || value > r.max) return 'range';
  if (r.integer && !Number.isInteger(value)) return 'integer';
  return null;
}

/** The calendar date of `now` on the portal's wall clock (IANA `timeZone`), YYYY-MM-DD. */
export function localDay(now: Date, timeZone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(now)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}`;
}

/** Whole days from `from` to `to` (both YYYY-MM-DD; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / DAY_MS);
}

/** Days until the period starting on `start` closes, seen on `today` (its last day: 0; closed: negative). */
export function closesInDays(period: TKpiPeriod, start: string, today: string): number {
  return daysBetween(today, periodEnd(period, start));
}

export interface ReminderPlan {
  kind: 'due' | 'escalated';
  period: TKpiPeriod;
  period_start: string;
}

/**
 * Which periods the reminder job works on `today`: the current one when it closes within
 * `dueDays` days ('due', to whoever enters the values), and the previous one when it
 * closed at most ESCALATION_WINDOW_DAYS ago ('escalated', to their managers).
 */
export function reminderPlan(today: string, dueDays: number): ReminderPlan[] {
  const plan: ReminderPlan[] = [];
  for (const period of ['weekly', 'monthly'] as const) {
    const current = periodStart(period, today);
    if (closesInDays(period, current, today) <= dueDays) plan.push({ kind: 'due', period, period_start: current });
    const previous = shiftPeriod(period, current, -1);
    if (-closesInDays(period, previous, today) <= ESCALATION_WINDOW_DAYS) {
      plan.push({ kind: 'escalated', period, period_start: previous });
    }
  }
  return plan;
}
