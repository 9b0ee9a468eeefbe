import dayjs from 'dayjs';
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

/** Monday to Sunday of the week holding `day`. */
export function weekOf(day: string): { from: string; to: string } {
  const d = dayjs(day, ISO);
  const monday = d.subtract((d.day() + 6) % 7, 'day');
  return { from: monday.format(ISO), to: monday.add(6, 'day').format(ISO) };
}

export const isIsoDate = (value: string | null): value is string =>
  !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value, ISO).isValid();
