import type { TLeaveRequest, TLeaveType } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { formatCalendarDate, formatNumber } from '../../lib/format';

/** Seeded types have a code with a translated name; HR's own types are shown by name. */
const SEEDED_CODES = ['annual', 'casual', 'sick', 'unpaid', 'maternity', 'bereavement'] as const;
type SeededCode = (typeof SEEDED_CODES)[number];
const isSeeded = (code: string | null): code is SeededCode => SEEDED_CODES.includes(code as SeededCode);

/** A leave type's name: translated for the seeded codes, else HR's own name as typed. */
export function leaveTypeName(t: TFunction, type: Pick<TLeaveType, 'code' | 'name'>): string {
  return isSeeded(type.code) ? t(`leaves.types.${type.code}`) : type.name;
}

/** The request's own page (spec §2 `leaves/{ticketId}`). */
export const leavePath = (id: number) => `/leaves/${id}`;

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
