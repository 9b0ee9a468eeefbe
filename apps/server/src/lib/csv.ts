/** One CSV field, quoted as RFC 4180 wants, with spreadsheet formulas defused (CSV injection). */
export function csvField(v: unknown): string {
  let s =
    typeof v === 'string'
      ? v
      : v === null || v === undefined
        ? ''
        : typeof v === 'object'
          ? JSON.stringify(v)
          : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV record with its CRLF line end. */
export function csvRow(values: readonly unknown[]): string {
  return values.map(csvField).join(',') + '\r\n';
}
