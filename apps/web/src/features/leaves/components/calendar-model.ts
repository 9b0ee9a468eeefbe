import type { TCalendar, TLeavePerson } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { toCsv, type CsvColumn } from '../../../components/data-table';
import { i18next } from '../../../lib/i18n/i18n';
import { leaveTypeName, personName } from '../leave-format';

export type CalendarDay = TCalendar['days'][number];
export type CalendarOff = CalendarDay['off'][number];

/** `YYYY-MM` of a local date (the month the user is living in). */
export function monthOf(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** The month `delta` months after `month` (`YYYY-MM`). */
export function shiftMonth(month: string, delta: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Everyone off at least once in the month, by name: the rows of the grid. */
export function calendarPeople(days: readonly CalendarDay[]): TLeavePerson[] {
  const people = new Map<number, TLeavePerson>();
  for (const day of days) for (const off of day.off) people.set(off.user.id, off.user);
  const collator = new Intl.Collator(i18next.resolvedLanguage);
  return [...people.values()].sort((a, b) => collator.compare(personName(a), personName(b)));
}

/** Approved days are settled; anything else shown (pending, awaiting HR) is still waiting. */
export const isSettled = (off: Pick<CalendarOff, 'status'>) => off.status === 'approved';

export interface CalendarCsvRow {
  date: string;
  off: CalendarOff;
}

/** One row per person-day off, in date order then by name. */
export function calendarCsvRows(days: readonly CalendarDay[]): CalendarCsvRow[] {
  const collator = new Intl.Collator(i18next.resolvedLanguage);
  return days.flatMap((day) =>
    [...day.off]
      .sort((a, b) => collator.compare(personName(a.user), personName(b.user)))
      .map((off) => ({ date: day.date, off })),
  );
}

/** The month's CSV: date, name, username, department, type, status, half day. */
export function calendarCsv(days: readonly CalendarDay[], t: TFunction): string {
  const columns: CsvColumn<CalendarCsvRow>[] = [
    { header: t('leaveCalendar.csv.date'), value: (r) => r.date },
    { header: t('leaveCalendar.csv.name'), value: (r) => personName(r.off.user) },
    { header: t('leaveCalendar.csv.username'), value: (r) => r.off.user.username },
    { header: t('leaveCalendar.csv.department'), value: (r) => r.off.user.user_type },
    { header: t('leaveCalendar.csv.type'), value: (r) => leaveTypeName(t, r.off.leave_type) },
    { header: t('leaveCalendar.csv.status'), value: (r) => t(`leaves.statuses.${r.off.status}`) },
    {
      header: t('leaveCalendar.csv.halfDay'),
      value: (r) => (r.off.half_day ? t(`leaveCalendar.half.${r.off.half_day}`) : ''),
    },
  ];
  return toCsv(columns, calendarCsvRows(days));
}
