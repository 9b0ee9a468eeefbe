import { message } from '../common/message-define.js';

/** Workforce management: shifts, their CSV import, staffing. */
export const WFM_MESSAGES = {
  shiftNotFound: message('No shift has this id.'),
  chooseActiveInterpreter: message('Choose an active interpreter.'),
  shiftOverlaps: message(
    'This overlaps their shift on {{date}}, {{start}}–{{end}}: shifts of one person may not overlap.',
    {
      date: 'date',
      start: 'text',
      end: 'text',
    },
  ),
  staffingNotFound: message('No staffing is set for this language pair.'),
  lastDayNotBeforeFirst: message('The last day must not be before the first.'),
  wfmRangeTooLong: message(
    { one: 'Choose at most {{count}} day.', other: 'Choose at most {{count}} days.' },
    { count: 'count' },
  ),
  csvHeaderMissing: message('The first line must name the columns username, date, start and end.'),
  csvNoRows: message('The file has no shifts below its header.'),
  csvBadQuotes: message('This line is not valid CSV (check its quotes).'),
  csvShiftOverlapsLine: message('This shift overlaps the one on line {{other}} for the same interpreter.', {
    other: 'number',
  }),
  shiftImportLine: message('Line {{line}}: {{reason}}', { line: 'number', reason: 'message' }),
  shiftImportFailed: message(
    { one: '{{count}} line could not be imported.', other: '{{count}} lines could not be imported.' },
    { count: 'count' },
  ),
  shiftImportTooMany: message(
    { one: 'At most {{count}} row per import.', other: 'At most {{count}} rows per import.' },
    { count: 'count' },
  ),
  // The contracts' own field messages.
  chooseInterpreter: message('Choose an interpreter.'),
  chooseShiftDay: message('Choose the day of the shift.'),
  chooseDay: message('Choose a day.'),
  timeMissing: message('Give a time as HH:MM.'),
  timeFormat: message('Give a time as HH:MM (00:00 to 23:59).'),
  startTimeMissing: message('Give the start as HH:MM.'),
  endTimeMissing: message('Give the end as HH:MM.'),
  shiftZeroLength: message('The shift must end at another time than it starts.'),
  shiftTooLong: message('A shift can last at most 16 hours.'),
  chooseCsv: message('Choose a CSV file.'),
  csvEmpty: message('The file is empty.'),
  csvTooLarge: message('The file is larger than 2 MB.'),
  wholePeople: message('Whole people only.'),
  staffingHours: message('Give one number for each of the 24 hours.'),
};
