import { message } from '../common/message-define.js';

/** Reports: writing, replacing, reading and printing them. */
export const REPORT_MESSAGES = {
  reportNotFound: message('Report not found.'),
  reportsManagersOnly: message('Only managers write reports.'),
  reportsAllRestricted: message('Only ADMIN and directors see every report in their scope.'),
  reportEditAuthorOnly: message('Only its author changes a report.'),
  reportSubmittedFinal: message('A submitted report can no longer be edited; write a new one that supersedes it.'),
  reportSubmittedNotDeleted: message('A submitted report can no longer be deleted.'),
  reportSupersedeAuthorOnly: message('Only its author replaces a report.'),
  reportSupersedeSubmittedOnly: message('Only a submitted report can be replaced.'),
  reportAlreadySuperseded: message('Another report already replaces this one.'),
  reportSupersedeNewOnly: message('Only a new report can replace another; write a new one.'),
  reportSubjectsRefused: message('You may not write a report about: {{names}}.', { names: 'text' }),
  reportPdfFailed: message(
    'The PDF could not be made: this report is too large or complex to lay out. Shorten it or split it into several reports.',
  ),
  reportPdfTimedOut: message(
    {
      one: 'The PDF could not be made: laying out this report took longer than {{count}} second. Shorten it or split it into several reports.',
      other:
        'The PDF could not be made: laying out this report took longer than {{count}} seconds. Shorten it or split it into several reports.',
    },
    { count: 'count' },
  ),
  reportBodyTooDeep: message(
    {
      one: 'The report is nested too deeply to print: at most {{count}} level of lists, quotes and formatting inside each other.',
      other:
        'The report is nested too deeply to print: at most {{count}} levels of lists, quotes and formatting inside each other.',
    },
    { count: 'count' },
  ),
  reportBodyTooManyBlocks: message(
    {
      one: 'The report is too long to print: at most {{count}} paragraph, heading, list item, line break or table row. Split it into several reports.',
      other:
        'The report is too long to print: at most {{count}} paragraphs, headings, list items, line breaks and table rows. Split it into several reports.',
    },
    { count: 'count' },
  ),
  reportBodyTooManyCells: message(
    {
      one: 'The report’s tables are too large to print: at most {{count}} cell in all. Attach larger tables as a file.',
      other:
        'The report’s tables are too large to print: at most {{count}} cells in all. Attach larger tables as a file.',
    },
    { count: 'count' },
  ),
  reportBodyTooMuchText: message(
    {
      one: 'The report is too long to print: at most {{count}} character of text. Split it into several reports.',
      other: 'The report is too long to print: at most {{count}} characters of text. Split it into several reports.',
    },
    { count: 'count' },
  ),
  // The contracts' own field messages.
  chooseReportType: message('Choose the type of report.'),
  chooseSubjects: message('Choose the people the report is about.'),
  subjectsTooMany: message('At most 50 people in one report.'),
  reportTitleMissing: message('Give the report a title.'),
  reportTooLong: message('The report is too long.'),
  reportFirstDayMissing: message('Choose the first day the report covers.'),
  reportLastDayMissing: message('Choose the last day the report covers.'),
  chooseSuperseded: message('Choose the report this one replaces.'),
};
