import type { TLeaveRequest, TLeaveType } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { formatCalendarDate, formatNumber } from '../../lib/format';
import { localName } from '../../lib/i18n/local-name';

/** Seeded types have a code with a translated name; HR's own types are shown by name. */
const SEEDED_CODES = ['annual', 'casual', 'sick', 'unpaid', 'maternity', 'bereavement'] as const;
type SeededCode = (typeof SEEDED_CODES)[number];
const isSeeded = (code: string | null): code is SeededCode => SEEDED_CODES.includes(code as SeededCode);

/**
 * A leave type's name in the page's language: HR's Arabic name on Arabic pages when it has
 * one, else the translation of a seeded code, else HR's name as typed (either language).
 */
export function leaveTypeName(
  t: TFunction,
  type: Pick<TLeaveType, 'code' | 'name'> & { name_ar?: string | null },
): string {
  const name = localName(type);
  if (name === type.name_ar) return name;
  return isSeeded(type.code) ? t(`leaves.types.${type.code}`) : name;
}

/** A public holiday's name in the page's language (the other one when it has none). */
export const holidayName = (holiday: { name: string; name_ar?: string | null }) => localName(holiday);

/** A calendar day's holiday in the page's language (null: not a holiday). */
export const dayHolidayName = (day: { holiday: string | null; holiday_ar?: string | null }) =>
  day.holiday === null ? null : localName({ name: day.holiday, name_ar: day.holiday_ar });

/** The request's own page (spec §2 `leaves/{ticketId}`). */
export const leavePath = (id: number) => `/leaves/${id}`;

/** The places a request's page is opened from, which its back link returns to. */
export const LEAVE_BACK_PLACES = ['home', 'approvals', 'submitted', 'history', 'calendar'] as const;
export type LeaveBackPlace = (typeof LEAVE_BACK_PLACES)[number];

/**
 * A link to a request's page that remembers where it was opened (`from`, the page's own
 * address with its filters), so the page's back link returns there rather than to history.
 */
export const leaveLink = (id: number, place: LeaveBackPlace, from?: string) => ({
  to: leavePath(id),
  state: { leaveBack: { place, from } },
});

export { personName } from '../../lib/format';

/** Working days: 0.5 steps, in the language's digits. */
export const formatDays = (days: number) => formatNumber(days, { maximumFractionDigits: 1 });

/** "3 Nov 2026" or "3 Nov 2026 – 5 Nov 2026" for a request's calendar dates. */
export function formatLeaveDates(leave: Pick<TLeaveRequest, 'start_date' | 'end_date'>): string {
  const start = formatCalendarDate(leave.start_date, 'date');
  return leave.start_date === leave.end_date ? start : `${start} – ${formatCalendarDate(leave.end_date, 'date')}`;
}

/** Today's calendar date `YYYY-MM-DD` where the user is (the day they mean by "today"). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
