import type { TReportSummary, TUserRef } from '@portal/contracts';
import { formatList } from '../../lib/format';

/** The feature's pages (spec §2). */
export const REPORT_PATHS = {
  list: '/user/reports/reports-list',
  create: '/user/reports/create-report',
  edit: (id: number) => `/user/reports/edit/${id}`,
  print: (id: number) => `/report/${id}`,
} as const;

/** "First Last", or the username when the account has no name. */
export function subjectName(person: Pick<TUserRef, 'username' | 'first_name' | 'last_name'>): string {
  return `${person.first_name} ${person.last_name}`.trim() || person.username;
}

/** The people a report is about, as one line. */
export function subjectsLine(report: Pick<TReportSummary, 'subjects'>): string {
  return formatList(report.subjects.map(subjectName), 'unit');
}
