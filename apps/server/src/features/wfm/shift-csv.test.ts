import { describe, expect, it } from 'vitest';
import { MAX_SHIFT_IMPORT_ROWS, msg } from '@portal/contracts';
import { ApiError } from '../../lib/errors.js';
import { importRefusal, parseShiftCsv } from './shift-csv.js';

const refusal = (text: string) => {
  try {
    parseShiftCsv(text);
  } catch (err) {
    return (err as ApiError).toBody();
  }
  throw new Error('expected a refusal');
};

describe('reading a shift CSV', () => {
  it('keeps the file’s line numbers across blank lines, and reads quoted notes with separators', () => {
    const { shifts, problems } = parseShiftCsv(
      'username,date,start,end,note\n\nrana,2030-01-01,08:00,16:00,"Cover; then, training"\n',
    );
    expect(problems).toEqual([]);
    expect(shifts).toEqual([
      { line: 3, username: 'rana', date: '2030-01-01', start: '08:00', end: '16:00', note: 'Cover; then, training' },
    ]);
  });

  it('names a line with a broken quote', () => {
    const { problems } = parseShiftCsv('username,date,start,end\nrana,2030-01-01,08:00,"16:00\n');
    expect(problems).toEqual([{ line: 2, reason: { code: 'csvBadQuotes' } }]);
  });

  it('refuses more rows than one import takes', () => {
    const rows = Array.from({ length: MAX_SHIFT_IMPORT_ROWS + 1 }, () => 'rana,2030-01-01,08:00,16:00');
    expect(refusal(['username,date,start,end', ...rows].join('\n'))).toEqual({
      message: 'At most 5000 rows per import.',
      code: 'shiftImportTooMany',
      params: { count: 5000 },
      extra: {
        fields: { csv: ['At most 5000 rows per import.'] },
        codes: { csv: [{ code: 'shiftImportTooMany', params: { count: 5000 } }] },
      },
    });
  });

  it('counts every bad line but lists the first hundred, in file order', () => {
    const problems = Array.from({ length: 150 }, (_, i) => ({ line: 151 - i, reason: msg('dateInvalid') }));
    const body = importRefusal(problems).toBody();
    expect(body.message).toBe('150 lines could not be imported.');
    expect(body.extra!.fields!.csv).toHaveLength(100);
    expect(body.extra!.fields!.csv![0]).toBe('Line 2: This date does not exist.');
    expect(body.code).toBe('shiftImportFailed');
    expect(body.extra!.codes!.csv![0]).toEqual({
      code: 'shiftImportLine',
      params: { line: 2, reason: { code: 'dateInvalid' } },
    });
  });
});
