import {
  canReadAllReports,
  canReadReport,
  departmentsUnder,
  USER_TYPES,
  ZReportsQuery,
  type TDepartmentSummary,
  type TReport,
  type TReportPage,
  type TReportsQuery,
  type TReportSummaryQuery,
  type TReportSummaryTable,
  type TUserType,
} from '@portal/contracts';
import type { Database } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import type { AppContext } from '../../lib/context.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { readStoredFile } from '../../lib/files/index.js';
import { csvRow } from '../../lib/csv.js';
import { interpretersOnlineHours } from '../interpreters/index.js';
import { kpiAttainmentByDepartment } from '../kpi/index.js';
import { approvedLeaveDays } from '../leaves/index.js';
import { deskTicketFigures } from '../tickets/index.js';
import { interpretersAdherence } from '../wfm/index.js';
import { REPORT_NOT_FOUND } from './report-commands.service.js';
import type { PdfLang } from './report-labels.js';
import { renderReportPdf } from './report-pdf.js';
import { presentReport, presentReportSummary } from './reports.presenter.js';
import * as repo from './reports.repository.js';

export const REPORTS_PAGE_SIZE = 20;
const ALL_REPORTS_ONLY = 'reportsAllRestricted';

/** The report, or 404 when it does not exist or the caller may not read it (never a hint). */
async function readable(db: Database, viewer: UserRow, id: number): Promise<repo.ReportRow> {
  const row = await repo.findReport(db, id);
  if (!row || !canReadReport(viewer, { username: row.author_username, user_type: row.author_user_type })) {
    throw notFound(REPORT_NOT_FOUND);
  }
  // A draft is its author's notebook: nobody else reads it.
  if (row.status === 'draft' && row.author_id !== viewer.id) throw notFound(REPORT_NOT_FOUND);
  return row;
}

export async function getReport(ctx: AppContext, viewer: UserRow, id: number): Promise<TReport> {
  return presentReport(await readable(ctx.db, viewer, id), viewer.id);
}

/** Whose reports `viewer` sees in the `all` scope: ADMIN everyone's; a director those of the departments they may act on. */
function authorTypesFor(viewer: UserRow): readonly TUserType[] | 'all' {
  return viewer.user_type === 'ADMIN' ? 'all' : departmentsUnder(viewer.user_type);
}

export async function listReports(ctx: AppContext, viewer: UserRow, input: TReportsQuery): Promise<TReportPage> {
  const q = ZReportsQuery.parse(input);
  if (q.scope === 'all' && !canReadAllReports(viewer)) throw forbidden(ALL_REPORTS_ONLY);
  const filter: repo.ReportFilter =
    q.scope === 'mine'
      ? { authorId: viewer.id, authorTypes: 'all', includeDrafts: true }
      : { authorTypes: authorTypesFor(viewer), includeDrafts: false };
  const { count, rows } = await repo.listReports(
    ctx.db,
    { ...filter, status: q.status, type: q.type, subject: q.subject, search: q.search },
    REPORTS_PAGE_SIZE,
    (q.page - 1) * REPORTS_PAGE_SIZE,
  );
  return { count, results: rows.map(presentReportSummary) };
}

export async function getReportAttachment(ctx: AppContext, viewer: UserRow, reportId: number, id: number) {
  await readable(ctx.db, viewer, reportId);
  const a = await repo.findAttachment(ctx.db, reportId, id);
  const file = a && (await readStoredFile(ctx.db, a.file_id));
  if (!file) throw notFound('attachmentNotFound');
  return file;
}

export async function reportPdf(ctx: AppContext, viewer: UserRow, id: number, lang: PdfLang) {
  const report = await getReport(ctx, viewer, id);
  return { report, pdf: await renderReportPdf(report, lang, ctx.config) };
}

// ---------------------------------------------------------------- admin summaries

/** The departments a summary may cover for `viewer` (GUEST is nobody's department). */
function summaryDepartments(viewer: UserRow): TUserType[] {
  const all = viewer.user_type === 'ADMIN' ? [...USER_TYPES] : departmentsUnder(viewer.user_type);
  return all.filter((t) => t !== 'GUEST');
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * Figures per department for a period: tickets opened and closed at its desk and the
 * median minutes to the desk's first reply, approved leave days of its people in the
 * period, their mean KPI attainment (%), and the interpreters' online hours and adherence
 * to their shifts (a ratio, 0–1).
 */
export async function reportSummaries(
  ctx: AppContext,
  viewer: UserRow,
  q: TReportSummaryQuery,
): Promise<TReportSummaryTable> {
  if (!canReadAllReports(viewer)) throw forbidden(ALL_REPORTS_ONLY);
  const scope = summaryDepartments(viewer);
  if (q.department && !scope.includes(q.department)) throw notFound('departmentNotFound');
  const departments = q.department ? [q.department] : scope;
  // Each figure from the feature that owns its data, through its public surface.
  const [tickets, leave, kpi] = await Promise.all([
    deskTicketFigures(ctx.db, departments, q.from, q.to),
    approvedLeaveDays(ctx.db, departments, q.from, q.to),
    kpiAttainmentByDepartment(ctx.db, departments, q.from, q.to),
  ]);
  const interpreters = departments.includes('INTERPRETER');
  const online = interpreters ? await interpretersOnlineHours(ctx.db, q.from, q.to) : null;
  const adherence = interpreters ? await interpretersAdherence(ctx.db, q.from, q.to) : null;
  const rows = departments.map((department): TDepartmentSummary => {
    const t = tickets.find((r) => r.department === department);
    const l = leave.find((r) => r.department === department);
    const k = kpi.find((r) => r.department === department);
    return {
      department,
      tickets_opened: t?.opened ?? 0,
      tickets_closed: t?.closed ?? 0,
      first_response_median_minutes:
        t?.first_response_median_minutes == null ? null : round(t.first_response_median_minutes, 1),
      leave_days_taken: round(l?.days ?? 0, 1),
      kpi_average: k ? round(k.average * 100, 1) : null,
      online_hours: department === 'INTERPRETER' && online !== null ? round(online, 1) : null,
      adherence: department === 'INTERPRETER' && adherence !== null ? round(adherence, 3) : null,
    };
  });
  return { from: q.from, to: q.to, rows };
}

const CSV_COLUMNS = [
  'department',
  'tickets_opened',
  'tickets_closed',
  'first_response_median_minutes',
  'leave_days_taken',
  'kpi_average',
  'online_hours',
  'adherence',
] as const;

export async function reportSummariesCsv(ctx: AppContext, viewer: UserRow, q: TReportSummaryQuery): Promise<string> {
  const table = await reportSummaries(ctx, viewer, q);
  return csvRow(CSV_COLUMNS) + table.rows.map((r) => csvRow(CSV_COLUMNS.map((c) => r[c]))).join('');
}
