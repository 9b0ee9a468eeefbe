/**
 * Working days of a leave: weekends and public holidays do not count, a half
 * day counts 0.5. Pure, on calendar dates (`YYYY-MM-DD`, UTC), so the server's rules and
 * the form's preview agree to the day.
 */
export interface WorkingCalendar {
  /** 0 = Sunday … 6 = Saturday. */
  weekendDays: readonly number[];
  /** Public holidays, `YYYY-MM-DD`. */
  holidays: ReadonlySet<string> | readonly string[];
}

const DAY_MS = 86_400_000;

const toTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
const toDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Every calendar date from `start` to `end`, both included. */
export function eachDay(start: string, end: string): string[] {
  const days: string[] = [];
  for (let t = toTime(start); t <= toTime(end); t += DAY_MS) days.push(toDay(t));
  return days;
}

export function isWorkingDay(day: string, calendar: WorkingCalendar): boolean {
  const holidays = calendar.holidays instanceof Set ? calendar.holidays : new Set(calendar.holidays);
  return !calendar.weekendDays.includes(new Date(toTime(day)).getUTCDay()) && !holidays.has(day);
}

/** The working days of the range, by year (a leave across New Year counts in both). */
export function workingDaysByYear(
  start: string,
  end: string,
  calendar: WorkingCalendar,
  halfDay: boolean = false,
): Map<number, number> {
  const byYear = new Map<number, number>();
  const holidays = new Set(calendar.holidays);
  for (const day of eachDay(start, end)) {
    if (!isWorkingDay(day, { weekendDays: calendar.weekendDays, holidays })) continue;
    const year = Number(day.slice(0, 4));
    byYear.set(year, (byYear.get(year) ?? 0) + (halfDay ? 0.5 : 1));
  }
  return byYear;
}

/** The working days of the range in all. */
export function workingDays(start: string, end: string, calendar: WorkingCalendar, halfDay = false): number {
  let total = 0;
  for (const n of workingDaysByYear(start, end, calendar, halfDay).values()) total += n;
  return total;
}
