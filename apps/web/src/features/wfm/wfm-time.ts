import dayjs from 'dayjs';
// Arabic's week data (Saturday first), whether or not a date picker has loaded it yet.
import 'dayjs/locale/ar';
import { formatNumber, wallClock } from '../../lib/format';

/** Minutes in a day: the timeline's axis. */
export const DAY_MINUTES = 24 * 60;
const MS_PER_DAY = 86_400_000;
const ISO = 'YYYY-MM-DD';

/** `HH:MM` of an instant on the portal's clock; '' for none. */
export function clockOf(value: string | null | undefined, timeZone: string): string {
  return value ? (wallClock(value, timeZone)?.time ?? '') : '';
}

/**
 * Minutes from midnight starting `day` (portal clock) to the instant: negative before the
 * day, over DAY_MINUTES after it (a night shift's end).
 */
export function minutesIntoDay(value: string, day: string, timeZone: string): number {
  const at = wallClock(value, timeZone);
  if (!at) return 0;
  const days = (Date.parse(`${at.date}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / MS_PER_DAY;
  return days * DAY_MINUTES + at.minutes;
}

/** Adherence 0–1 as a whole percentage in the page's language ("87 %"); '' for none. */
export function formatAdherence(adherence: number | null): string {
  return adherence === null ? '' : formatNumber(adherence, { style: 'percent', maximumFractionDigits: 0 });
}

/** Today on the browser's calendar (the first guess before the server names its day). */
export const todayIso = () => dayjs().format(ISO);

/**
 * The first day of the week in `language` (0 Sunday … 6 Saturday), from the same dayjs
 * locale the date pickers use, so the roster's week and the pickers' calendar agree:
 * Saturday in Arabic, Sunday in English (as Intl's week data says for both).
 */
export function firstDayOfWeek(language: string): number {
  const base = language.toLowerCase().split('-')[0] ?? 'en';
  return dayjs.Ls[language.toLowerCase()]?.weekStart ?? dayjs.Ls[base]?.weekStart ?? 0;
}

/** The seven days of the week holding `day`, starting on `firstDay` (0 Sunday … 6 Saturday). */
export function weekOf(day: string, firstDay = 0): { from: string; to: string } {
  const d = dayjs(day, ISO);
  const start = d.subtract((d.day() - firstDay + 7) % 7, 'day');
  return { from: start.format(ISO), to: start.add(6, 'day').format(ISO) };
}

export const isIsoDate = (value: string | null): value is string =>
  !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value, ISO).isValid();
