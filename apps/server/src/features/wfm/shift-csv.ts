import Papa from 'papaparse';
import {
  issueMessage,
  MAX_SHIFT_IMPORT_ROWS,
  msg,
  SHIFT_CSV_COLUMNS,
  ZShiftRequest,
  type TMessage,
} from '@portal/contracts';
import { ApiError, fieldError } from '../../lib/errors.js';

/**
 * Reading a shift import (no I/O): the header, then each line checked with the contract's
 * own rules, so a file and the inline form refuse the same things in the same words.
 */

const NEEDS_HEADER = 'csvHeaderMissing';
const NO_ROWS = 'csvNoRows';
const BAD_QUOTES = msg('csvBadQuotes');

export interface CsvShift {
  /** The line in the file (the header is line 1). */
  line: number;
  username: string;
  date: string;
  start: string;
  end: string;
  note: string;
}

export interface LineProblem {
  line: number;
  reason: TMessage;
}

export interface ParsedCsv {
  shifts: CsvShift[];
  /** Refused lines, in file order. */
  problems: LineProblem[];
}

/**
 * Parses and checks the rows that need no database; throws on a file that cannot be read
 * at all (no header, no rows, too many rows). Separators: comma or semicolon; a BOM is skipped.
 */
export function parseShiftCsv(text: string): ParsedCsv {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimitersToGuess: [',', ';'],
    skipEmptyLines: false,
  });
  const records = result.data;
  const header = (records[0] ?? []).map((h) => h.trim().toLowerCase());
  const index = Object.fromEntries(SHIFT_CSV_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<
    (typeof SHIFT_CSV_COLUMNS)[number],
    number
  >;
  if (SHIFT_CSV_COLUMNS.some((c) => c !== 'note' && index[c] < 0)) throw fieldError('csv', NEEDS_HEADER);

  const broken = new Set(result.errors.filter((e) => e.type === 'Quotes').map((e) => e.row));
  const body = records
    .map((cells, i) => ({ cells, line: i + 1, broken: broken.has(i) }))
    .slice(1)
    .filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (body.length === 0) throw fieldError('csv', NO_ROWS);
  if (body.length > MAX_SHIFT_IMPORT_ROWS) {
    throw fieldError('csv', 'shiftImportTooMany', { count: MAX_SHIFT_IMPORT_ROWS });
  }

  const shifts: CsvShift[] = [];
  const problems: LineProblem[] = [];
  for (const { cells, line, broken: isBroken } of body) {
    if (isBroken) {
      problems.push({ line, reason: BAD_QUOTES });
      continue;
    }
    const cell = (c: (typeof SHIFT_CSV_COLUMNS)[number]) => (index[c] < 0 ? undefined : (cells[index[c]] ?? ''));
    const parsed = ZShiftRequest.safeParse({
      username: cell('username'),
      date: cell('date')?.trim(),
      start: cell('start'),
      end: cell('end'),
      note: cell('note') ?? '',
    });
    if (!parsed.success) {
      problems.push({ line, reason: issueMessage(parsed.error.issues[0]!) });
      continue;
    }
    shifts.push({ line, ...parsed.data });
  }
  return { shifts, problems };
}

export const UNKNOWN_INTERPRETER = msg('activeInterpreterNotFound');

/** A row of the file with its instants (ms), once its interpreter is known. */
export interface TimedRow {
  line: number;
  user_id: number;
  date: string;
  from: number;
  to: number;
}

/** A shift already planned near the file's days. */
export interface PlannedShift {
  user_id: number;
  date: string;
  start: string;
  end: string;
  from: number;
  to: number;
}

/**
 * Overlaps an import would make (no I/O): a row overlapping an earlier row for the same
 * interpreter (named by its line), or a planned shift the file keeps, one on an
 * interpreter-day the file does not name (the night shift of the day before). Rows for
 * the same interpreter and day that do not overlap are a split shift.
 */
export function importOverlaps(rows: readonly TimedRow[], planned: readonly PlannedShift[]): LineProblem[] {
  const named = new Set(rows.map((r) => `${r.user_id} ${r.date}`));
  const kept = planned.filter((p) => !named.has(`${p.user_id} ${p.date}`));
  const overlap = (a: { from: number; to: number }, b: { from: number; to: number }) => a.from < b.to && b.from < a.to;
  const problems: LineProblem[] = [];
  const byLine = [...rows].sort((a, b) => a.line - b.line);
  byLine.forEach((row, i) => {
    const earlier = byLine.slice(0, i).find((o) => o.user_id === row.user_id && overlap(o, row));
    if (earlier) {
      problems.push({ line: row.line, reason: msg('csvShiftOverlapsLine', { other: earlier.line }) });
      return;
    }
    const other = kept.find((p) => p.user_id === row.user_id && overlap(p, row));
    if (other) {
      problems.push({
        line: row.line,
        reason: msg('shiftOverlaps', { date: other.date, start: other.start, end: other.end }),
      });
    }
  });
  return problems;
}

/** At most this many lines are named in a refusal (the count says how many there were). */
const LISTED_PROBLEMS = 100;

/** The refusal of a file with bad lines: how many, and "Line 4: …" for each (file order). */
export function importRefusal(problems: readonly LineProblem[]) {
  const sorted = [...problems].sort((a, b) => a.line - b.line);
  return new ApiError(400, msg('shiftImportFailed', { count: sorted.length }), {
    csv: sorted.slice(0, LISTED_PROBLEMS).map((p) => msg('shiftImportLine', { line: p.line, reason: p.reason })),
  });
}
