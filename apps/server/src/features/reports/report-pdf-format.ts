import type { TReport } from '@portal/contracts';
import { PDF_LABELS, type PdfLang } from './report-labels.js';

/*
 * How the printed report says its dates, sizes and file name: as the web page says them in
 * the same language (lib/format.ts there: day, short month and year, "Nov 1, 2026";
 * "1 نوفمبر 2026"), never ISO dates.
 */

const DATE = { day: 'numeric', month: 'short', year: 'numeric' } as const satisfies Intl.DateTimeFormatOptions;
const TIME = { hour: 'numeric', minute: '2-digit' } as const satisfies Intl.DateTimeFormatOptions;

/** A calendar date `YYYY-MM-DD` ("Nov 1, 2026"), read in UTC so the day never shifts. */
export function formatDay(iso: string, lang: PdfLang): string {
  return new Intl.DateTimeFormat(lang, { ...DATE, timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
}

/** An instant on the portal's wall clock ("Nov 5, 2026, 2:05 PM"). */
export function formatInstant(iso: string, lang: PdfLang, timeZone: string): string {
  return new Intl.DateTimeFormat(lang, { ...DATE, ...TIME, timeZone }).format(new Date(iso));
}

/** A file's size in the language's units ("12.5 kB", "1.2 MB"). */
export function formatSize(bytes: number, lang: PdfLang): string {
  const [unit, value] =
    bytes < 1000 ? ['byte', bytes] : bytes < 1_000_000 ? ['kilobyte', bytes / 1000] : ['megabyte', bytes / 1_000_000];
  return new Intl.NumberFormat(lang, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

const personName = (p: { first_name: string; last_name: string; username: string }) =>
  `${p.first_name} ${p.last_name}`.trim() || p.username;

/** The period in a file name: its month ("Nov 2026") or months ("Oct – Nov 2026"). */
function periodName(report: TReport, lang: PdfLang): string {
  const month = new Intl.DateTimeFormat(lang, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const from = new Date(`${report.period_from}T00:00:00Z`);
  const to = new Date(`${report.period_to}T00:00:00Z`);
  return month.formatRange(from, to);
}

/** Characters no file system takes in a name (and controls). */
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g;
const MAX_NAME = 120;

/** Who a report is about, for its file name: one or two names, else the first and how many more. */
function subjectsName(report: TReport, lang: PdfLang): string {
  const names = report.subjects.map(personName);
  if (names.length <= 2) return new Intl.ListFormat(lang, { type: 'conjunction' }).format(names);
  return PDF_LABELS[lang].andOthers(names[0]!, names.length - 1);
}

/**
 * The PDF's file name, saying what it is in the chosen language: "Evaluation report — Nov 2026
 * — Hala Rashed.pdf", "تقرير تقييم — نوفمبر 2026 — هالة راشد.pdf"; characters a file system
 * refuses are dropped, and a long name is cut short before the extension.
 */
export function reportFileName(report: TReport, lang: PdfLang): string {
  const parts = [PDF_LABELS[lang].fileTitle(report.type), periodName(report, lang), subjectsName(report, lang)];
  const name = parts.filter(Boolean).join(' — ').replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
  return `${[...name].slice(0, MAX_NAME).join('').trim()}.pdf`;
}

/**
 * The same name for a client that only reads a plain ASCII `filename` (RFC 6266's fallback):
 * accents dropped, dashes plain; a name with nothing left in Latin letters (an Arabic one)
 * falls back to `report-{id}.pdf`.
 */
export function asciiFileName(name: string, id: number): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7e]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/(\s*-\s*)+(?=\.pdf$)/, '')
    .trim();
  // Every part must have kept its letters, or the name says less than it should.
  const parts = ascii.replace(/\.pdf$/, '').split(' - ');
  return parts.length >= 2 && parts.every((p) => /[A-Za-z]/.test(p)) ? ascii : `report-${id}.pdf`;
}
