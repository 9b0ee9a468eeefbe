/** Display and arithmetic helpers of spec §5, shared by every feature. */
import i18next from 'i18next';

/*
 * Spec §5's word for a minutes total of zero or less, wrapped in Unicode isolates (FSI…PDI)
 * so that, inside an English sentence, the figures after it keep their place: "Neutral
 * مخبرش (0%)" and not "Neutral (%0) مخبرش".
 */
export const NO_MINUTES = '\u2068مخبرش\u2069';
/** "No data" in a column, a card or a sentence: one placeholder for the whole portal (see <NoData>). */
export const NO_DATA = '—';
const MINUTES_PER_HOUR = 60;
const MS_PER_DAY = 86_400_000;
/** Spec §9: elapsed months count a month as 30 days. */
export const DAYS_PER_MONTH = 30;

/**
 * Spec §5: undefined, null, an empty object or a blank string. An empty array counts as
 * an empty object; numbers (0 too), booleans, dates and other class instances never do.
 */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value) as unknown;
    // Only plain objects: a Date or a Map has no own keys but is not "empty".
    if (proto !== Object.prototype && proto !== null) return false;
    return Object.keys(value).length === 0;
  }
  return false;
}

/**
 * Nearest quarter (spec §9), halves rounded away from zero so that negative values mirror
 * positive ones (Math.round alone would send -0.125 to -0 and 0.125 to 0.25).
 */
export function roundToQuarter(value: number): number {
  if (!Number.isFinite(value)) return value;
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * 4)) / 4;
  return rounded === 0 ? 0 : rounded; // no -0 in the UI
}

/**
 * 'Xh Ym', or 'Ym' under an hour, in the chosen language's own narrow units (Arabic
 * '2 س 15 د'); 'مخبرش' ("no data", isolated) for zero, less, or not a number. Fractional
 * minutes round to the nearest whole minute. For a length of time that is not spec §5's
 * minutes total (a call, a wait), use `formatDuration`.
 */
export function formatMinutes(totalMinutes: number | null | undefined): string {
  if (totalMinutes == null || !Number.isFinite(totalMinutes) || totalMinutes <= 0) return NO_MINUTES;
  const minutes = Math.round(totalMinutes);
  const hours = Math.floor(minutes / MINUTES_PER_HOUR);
  const rest = formatNumber(minutes % MINUTES_PER_HOUR, { style: 'unit', unit: 'minute', unitDisplay: 'narrow' });
  return hours > 0 ? `${formatNumber(hours, { style: 'unit', unit: 'hour', unitDisplay: 'narrow' })} ${rest}` : rest;
}

type DateInput = Date | string | number;

/** Days between the two local calendar dates, immune to 23- and 25-hour DST days. */
function calendarDay(d: Date): number {
  return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / MS_PER_DAY;
}

/**
 * Whole elapsed months from `from` to `to`, a month being 30 calendar days (spec §5).
 * Negative when `to` is earlier; NaN for an invalid date.
 */
export function monthsBetween(from: DateInput, to: DateInput = new Date()): number {
  const a = new Date(from);
  const b = new Date(to);
  if (Number.isNaN(a.getTime()) || Number.isNaN(b.getTime())) return Number.NaN;
  const months = Math.trunc((calendarDay(b) - calendarDay(a)) / DAYS_PER_MONTH);
  return months === 0 ? 0 : months;
}

/*
 * Dates and numbers in the chosen language: one cached Intl formatter per language and
 * style, so every page formats alike and switching language re-formats on the next render.
 */
type Formatter = Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.ListFormat;
const formatters = new Map<string, Formatter>();

function language(): string {
  return i18next.resolvedLanguage ?? i18next.language ?? 'en';
}

function cached<F extends Formatter>(key: string, make: (lang: string) => F): F {
  const lang = language();
  const id = `${lang}|${key}`;
  let f = formatters.get(id) as F | undefined;
  if (!f) {
    f = make(lang);
    formatters.set(id, f);
  }
  return f;
}

function toDate(value: DateInput): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/*
 * The one family of date formats: day, short month name and year ("Nov 27, 2026",
 * "27 نوفمبر 2026"), with the time after it when there is one ("Nov 27, 2026, 6:47 PM").
 * Never the all-digit short style ("11/27/26"), which reads differently in every country.
 */
const DATE = { day: 'numeric', month: 'short', year: 'numeric' } as const satisfies Intl.DateTimeFormatOptions;
const TIME = { hour: 'numeric', minute: '2-digit' } as const satisfies Intl.DateTimeFormatOptions;

/**
 * A calendar date ("Nov 27, 2026"); '' for an invalid date. A bare `YYYY-MM-DD` is that
 * calendar day wherever the browser is (read as UTC midnight it would be the day before
 * west of Greenwich).
 */
export function formatDate(value: DateInput): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatCalendarDate(value, 'date');
  const d = toDate(value);
  return d ? cached('d', (lang) => new Intl.DateTimeFormat(lang, DATE)).format(d) : '';
}

/** A date and time ("Nov 27, 2026, 6:47 PM"); `seconds` for logs. '' for an invalid date. */
export function formatDateTime(value: DateInput, { seconds = false }: { seconds?: boolean } = {}): string {
  const d = toDate(value);
  if (!d) return '';
  return cached(
    `dt:${seconds}`,
    (lang) => new Intl.DateTimeFormat(lang, { ...DATE, ...TIME, ...(seconds ? { second: '2-digit' } : {}) }),
  ).format(d);
}

/** The time of day alone ("6:47 PM"), in the reader's language; '' for an invalid date. */
export function formatTime(value: DateInput): string {
  const d = toDate(value);
  return d ? cached('t', (lang) => new Intl.DateTimeFormat(lang, TIME)).format(d) : '';
}

/** The parts of a calendar date a month view shows. */
const CALENDAR_PARTS = {
  weekday: { weekday: 'short' },
  weekdayLong: { weekday: 'long' },
  day: { day: 'numeric' },
  dayMonth: { day: 'numeric', month: 'long' },
  weekdayDayMonth: { weekday: 'long', day: 'numeric', month: 'long' },
  monthYear: { month: 'long', year: 'numeric' },
  date: DATE,
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * A part of a calendar date `YYYY-MM-DD` ("23 Nov 2026", "Thu", "12 November", "November 2026") in the
 * chosen language. Read in UTC, so the day never shifts with the browser's time zone.
 */
export function formatCalendarDate(isoDate: string, part: keyof typeof CALENDAR_PARTS): string {
  const d = toDate(`${isoDate}T00:00:00Z`);
  if (!d) return '';
  return cached(
    `cd:${part}`,
    (lang) => new Intl.DateTimeFormat(lang, { ...CALENDAR_PARTS[part], timeZone: 'UTC' }),
  ).format(d);
}

/**
 * Where an instant falls on the wall clock of `timeZone` (the portal's, not the browser's):
 * its calendar date `YYYY-MM-DD`, `HH:MM` (24 h, Latin digits like the schedule's times) and
 * minutes since that midnight. Null for an invalid date.
 */
export function wallClock(value: DateInput, timeZone: string): { date: string; time: string; minutes: number } | null {
  const d = toDate(value);
  if (!d) return null;
  const format = cached(
    `wc:${timeZone}`,
    () =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
  );
  const part = Object.fromEntries(format.formatToParts(d).map((p) => [p.type, p.value]));
  const time = `${part.hour}:${part.minute}`;
  return {
    date: `${part.year}-${part.month}-${part.day}`,
    time,
    minutes: Number(part.hour) * MINUTES_PER_HOUR + Number(part.minute),
  };
}

/** A number with the language's grouping and digits. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return cached(`n:${JSON.stringify(options)}`, (lang) => new Intl.NumberFormat(lang, options)).format(value);
}

/**
 * Items joined the language's way: a sentence's "A, B and C" ("A وB وC"), or with `unit` a
 * list for a cell or a chip ("A, B, C"; Arabic joins even these with "و").
 */
export function formatList(items: readonly string[], type: 'conjunction' | 'unit' = 'conjunction'): string {
  return cached(
    `l:${type}`,
    (lang) => new Intl.ListFormat(lang, { style: type === 'unit' ? 'short' : 'long', type }),
  ).format(items);
}

const SECONDS_PER_MINUTE = 60;
const SECONDS_PER_HOUR = 3600;

/**
 * A length of time in words, not as a clock reads ("18:00" looks like six in the evening):
 * "45 sec", "12 min 5 sec", "1 hr 5 min" (seconds dropped from an hour on), in the reader's
 * language ("12 د و5 ث"). `NO_DATA` for no length or a negative one. Intl.DurationFormat
 * would do this, but Node 20 and some browsers lack it.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return NO_DATA;
  const whole = Math.round(seconds);
  const h = Math.floor(whole / SECONDS_PER_HOUR);
  const m = Math.floor((whole % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE);
  const s = whole % SECONDS_PER_MINUTE;
  const unit = (value: number, name: 'hour' | 'minute' | 'second') =>
    formatNumber(value, { style: 'unit', unit: name, unitDisplay: 'short' });
  const parts =
    h > 0
      ? [unit(h, 'hour'), ...(m > 0 ? [unit(m, 'minute')] : [])]
      : m > 0
        ? [unit(m, 'minute'), ...(s > 0 ? [unit(s, 'second')] : [])]
        : [unit(s, 'second')];
  return cached('ld', (lang) => new Intl.ListFormat(lang, { style: 'narrow', type: 'unit' })).format(parts);
}

/** Below each bound (in minutes), a time is said in that unit ("in 25 min", "3 hr. ago", "2 days ago"). */
const RELATIVE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number, number][] = [
  ['minute', 1, 60],
  ['hour', 60, 24 * 60],
  ['day', 24 * 60, 30 * 24 * 60],
  ['month', 30 * 24 * 60, 365 * 24 * 60],
  ['year', 365 * 24 * 60, Number.POSITIVE_INFINITY],
];

/**
 * A time relative to `now` in the chosen language, to the minute: "in 25 min", "2 hr. ago",
 * "now" (short style). '' for an invalid date.
 */
export function formatRelativeTime(
  value: DateInput,
  now: DateInput = Date.now(),
  style: 'short' | 'long' = 'short',
): string {
  const d = toDate(value);
  const from = toDate(now);
  if (!d || !from) return '';
  const minutes = (d.getTime() - from.getTime()) / 60_000;
  const [unit, size] = RELATIVE_UNITS.find(([, , below]) => Math.abs(Math.round(minutes)) < below)!;
  const amount = Math.round(minutes / size);
  // Numeric 'auto' says "now" for zero seconds (never "in 0 min" or "-0 min"), "tomorrow" for a day.
  const format = cached(`rt:${style}`, (lang) => new Intl.RelativeTimeFormat(lang, { numeric: 'auto', style }));
  return amount === 0 ? format.format(0, 'second') : format.format(amount, unit);
}

/** A person as lists show them: first and last name, or the username when both are blank. */
export function personName(person: { username: string; first_name: string; last_name: string }): string {
  return `${person.first_name} ${person.last_name}`.trim() || person.username;
}
