import { saveBlob } from '../../lib/api/download';
/** CSV text of table rows, and a browser download of it. */

export interface CsvColumn<R> {
  header: string;
  value: (row: R) => string | number | boolean | null | undefined;
}

// A cell starting like a formula would run in a spreadsheet (CSV injection, OWASP): quote it as text.
const FORMULA_START = /^[=+\-@\t\r]/;

function field(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 text (CRLF line ends), header line first. */
export function toCsv<R>(columns: readonly CsvColumn<R>[], rows: readonly R[]): string {
  const lines = [columns.map((c) => field(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => field(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Saves `text` as a file; the BOM makes spreadsheet programs read Arabic as UTF-8. */
export function downloadCsv(filename: string, text: string) {
  saveBlob(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }), filename);
}
