import { REPORT_BODY_LIMITS } from '@portal/contracts';

/**
 * The costliest body to lay out that the contract allows: as many paragraphs, table cells
 * and characters as REPORT_BODY_LIMITS let through together (for the tests and the bench).
 */
export function largestReportBody(): string {
  const L = REPORT_BODY_LIMITS;
  const columns = 5;
  const rows = Math.floor(L.cells / columns);
  const cell = (r: number, c: number) => `<td>${`Row ${r}, column ${c}: 12.5`.padEnd(24, '.')}</td>`;
  const table = `<table>${Array.from({ length: rows }, (_, r) => `<tr>${Array.from({ length: columns }, (_, c) => cell(r, c)).join('')}</tr>`).join('')}</table>`;
  const heading = '<h2>Monthly figures</h2>';
  const paragraphs = L.blocks - rows - 1;
  const spare = L.text - rows * columns * 24 - 'Monthly figures'.length;
  const length = Math.floor(spare / paragraphs);
  const words = 'The desk answered calls and tickets in good time with clear notes for the next shift. ';
  const paragraph = (i: number) =>
    `<p>${`${i}. ${words.repeat(Math.ceil(length / words.length))}`.slice(0, length)}</p>`;
  return heading + Array.from({ length: paragraphs }, (_, i) => paragraph(i)).join('') + table;
}
