import { ADHERENCE_GRACE_MINUTES, type TAdherence, type TPresenceSpan } from '@portal/contracts';

/**
 * Adherence: how a day's presence went against its shift (no I/O; instants in ms). The
 * repository reads shifts and sessions, the service hands them here with the day's bounds
 * in the portal's time zone and the database's now.
 */

const MINUTE = 60_000;

export interface Interval {
  from: number;
  to: number;
}

/** A presence session; `to` null while it is open (it then runs to now). */
export interface Session {
  from: number;
  to: number | null;
}

export interface AdherenceInput {
  /** The day asked about, [from, to) in the portal's time zone. */
  day: Interval;
  /** The day's one shift (or none); `shifts` instead for a split shift. */
  shift?: Interval | null;
  /** Every shift starting that day (they never overlap). */
  shifts?: readonly Interval[];
  /** Sessions overlapping the day or the shift, in any order. */
  sessions: readonly Session[];
  now: number;
  graceMinutes?: number;
}

export interface DayFigures extends TAdherence {
  /** The shift's minutes already passed (the adherence's denominator; month totals add them up). */
  due_minutes: number;
  /** Presence within the day, in order, merged where sessions touch; `to` null while still online. */
  spans: { from: number; to: number | null }[];
  first_in: number | null;
  last_out: number | null;
}

const minutes = (ms: number) => Math.floor(Math.max(0, ms) / MINUTE);

/** Sessions as closed intervals ending no later than now (an open one runs to now), sorted and merged. */
export function closeAtNow(sessions: readonly Session[], now: number): (Interval & { open: boolean })[] {
  const closed = sessions
    .filter((s) => s.from < now)
    .map((s) => ({ from: s.from, to: Math.min(s.to ?? now, now), open: s.to === null || s.to > now }))
    .filter((s) => s.to > s.from)
    .sort((a, b) => a.from - b.from);
  const merged: (Interval & { open: boolean })[] = [];
  for (const s of closed) {
    const last = merged.at(-1);
    if (last && s.from <= last.to) {
      if (s.to >= last.to) Object.assign(last, { to: s.to, open: s.open || last.open });
    } else merged.push({ ...s });
  }
  return merged;
}

/** Milliseconds of `intervals` inside `window`. */
export function overlapMs(intervals: readonly Interval[], window: Interval): number {
  let total = 0;
  for (const i of intervals) total += Math.max(0, Math.min(i.to, window.to) - Math.max(i.from, window.from));
  return total;
}

/**
 * Every figure of one interpreter's day: online, in shift, adherence, late and early. With
 * several shifts (a split shift) the minutes add up; each shift is judged late or early on
 * its own (a break between blocks is not absence) and their minutes add up.
 */
export function dayFigures(input: AdherenceInput): DayFigures {
  const { day, now } = input;
  const shifts = [...(input.shifts ?? (input.shift ? [input.shift] : []))].sort((a, b) => a.from - b.from);
  const grace = input.graceMinutes ?? ADHERENCE_GRACE_MINUTES;
  const presence = closeAtNow(input.sessions, now);

  const spans = presence
    .filter((p) => p.to > day.from && p.from < day.to)
    .map((p) => ({
      from: Math.max(p.from, day.from),
      // Still online and the day not over: the span is open.
      to: p.open && day.to > now ? null : Math.min(p.to, day.to),
    }));
  const online_minutes = minutes(overlapMs(presence, day));
  const first_in = spans[0]?.from ?? null;
  const last = spans.at(-1);
  const last_out = last ? last.to : null;

  if (shifts.length === 0) {
    return {
      online_minutes,
      scheduled_minutes: 0,
      in_shift_minutes: 0,
      due_minutes: 0,
      adherence: null,
      late: false,
      late_minutes: 0,
      left_early: false,
      early_minutes: 0,
      spans,
      first_in,
      last_out,
    };
  }

  let scheduledMs = 0;
  let dueMs = 0;
  let inShiftMs = 0;
  let lateMinutes = 0;
  let earlyMinutes = 0;
  for (const shift of shifts) {
    const passed = { from: shift.from, to: Math.min(shift.to, Math.max(now, shift.from)) };
    scheduledMs += shift.to - shift.from;
    dueMs += passed.to - passed.from;
    inShiftMs += overlapMs(presence, passed);
    const inShift = presence.filter((p) => p.to > shift.from && p.from < shift.to);

    // Late: first online inside the shift after start + grace, or still away past it.
    let lateMs = 0;
    if (inShift.length > 0) lateMs = Math.max(0, inShift[0]!.from - shift.from);
    else if (now > shift.from) lateMs = Math.min(now, shift.to) - shift.from;
    // Judged in whole minutes, as shown: 5 min 40 s late is within a 5-minute grace.
    if (minutes(lateMs) > grace) lateMinutes += minutes(lateMs);

    // Early: only once the shift is over, and only for someone who came.
    let earlyMs = 0;
    if (now >= shift.to && inShift.length > 0) earlyMs = Math.max(0, shift.to - inShift.at(-1)!.to);
    if (minutes(earlyMs) > grace) earlyMinutes += minutes(earlyMs);
  }

  return {
    online_minutes,
    scheduled_minutes: minutes(scheduledMs),
    in_shift_minutes: minutes(inShiftMs),
    due_minutes: minutes(dueMs),
    adherence: dueMs > 0 ? round(Math.min(1, inShiftMs / dueMs)) : null,
    late: lateMinutes > 0,
    late_minutes: lateMinutes,
    left_early: earlyMinutes > 0,
    early_minutes: earlyMinutes,
    spans,
    first_in,
    last_out,
  };
}

/** Real-time adherence: now inside one of the shifts and not online. */
export function outOfAdherence(shifts: Interval | readonly Interval[] | null, online: boolean, now: number): boolean {
  const list = shifts === null ? [] : 'from' in shifts ? [shifts] : shifts;
  return !online && list.some((shift) => now >= shift.from && now < shift.to);
}

/** A share to four decimals (what the wire carries; the web shows percents). */
export const round = (share: number) => Math.round(share * 10_000) / 10_000;

/** in_shift ÷ the shift's passed minutes over several days; null when nothing was due. */
export function adherenceOf(days: readonly Pick<DayFigures, 'in_shift_minutes' | 'due_minutes'>[]): number | null {
  const due = days.reduce((a, d) => a + d.due_minutes, 0);
  const inShift = days.reduce((a, d) => a + d.in_shift_minutes, 0);
  return due > 0 ? round(Math.min(1, inShift / due)) : null;
}

/** Spans as the wire carries them. */
export const presentSpans = (spans: DayFigures['spans']): TPresenceSpan[] =>
  spans.map((s) => ({ from: iso(s.from), to: s.to === null ? null : iso(s.to) }));

export const iso = (ms: number) => new Date(ms).toISOString();

/** Inclusive days between two `YYYY-MM-DD` dates. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** `date` moved by `n` days. */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
