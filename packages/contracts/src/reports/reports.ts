import { z } from 'zod';
import { ZLeaveDate } from '../leaves/leaves.js';
import { INT4_MAX, textOr, ZId, ZText } from '../common/text.js';
import { ZFormBoolean, ZTicketAttachment } from '../tickets/tickets.js';
import { ZUserRef } from '../users/users.js';
import { ZUserType } from '../users/user-types.js';
import { reportBodyProblem } from './report-body.js';
import { schemaMessage, schemaText } from '../common/messages.js';

/**
 * Manager reports (spec §2 `user/reports` — `reports-list`, `create-report`,
 * `edit/{reportId}` — and `report/{reportId}`, §3 "user reports, admin reports").
 * A report is written as a draft, submitted once (then read-only), and may later be
 * superseded by a new report that points back to it.
 */

export const REPORT_TYPES = ['evaluation', 'incident', 'coaching', 'monthly_summary'] as const;
export const ZReportType = z.enum(REPORT_TYPES, { error: schemaMessage('chooseReportType') });
export type TReportType = z.infer<typeof ZReportType>;
export const REPORT_STATUSES = ['draft', 'submitted', 'superseded'] as const;
export const ZReportStatus = z.enum(REPORT_STATUSES);
export type TReportStatus = z.infer<typeof ZReportStatus>;

/** Rich-text body as HTML from the editor; the server keeps only the allowed tags and attributes. */
export const REPORT_BODY_MAX = 200_000;
/** Tags the sanitiser keeps (what the editor's toolbar produces). */
export const REPORT_ALLOWED_TAGS = [
  'p', 'br', 'strong', 'em', 'u', 's', 'h2', 'h3', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'hr', 'a',
  'table', 'thead', 'tbody', 'tr', 'th', 'td',
] as const; // prettier-ignore

/**
 * A list that arrives as itself in JSON, or as a multipart text part holding a JSON array
 * (text that is not JSON stays text, and the list schema refuses it with its message).
 */
const jsonList = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }, schema);

/** Usernames of the people a report is about. */
const ZUsernames = jsonList(
  z
    .array(ZText.trim().min(1).max(150), { error: schemaMessage('chooseSubjects') })
    .min(1, schemaMessage('chooseSubjects'))
    .max(50, schemaMessage('subjectsTooMany')),
);

const reportFields = {
  title: textOr(schemaMessage('reportTitleMissing'))
    .trim()
    .min(1, schemaMessage('reportTitleMissing'))
    .max(200, schemaMessage('maxChars', { count: 200 })),
  type: ZReportType,
  subjects: ZUsernames,
  period_from: ZLeaveDate(schemaMessage('reportFirstDayMissing')),
  period_to: ZLeaveDate(schemaMessage('reportLastDayMissing')),
  body: ZText.max(REPORT_BODY_MAX, schemaMessage('reportTooLong'))
    .superRefine((html, ctx) => {
      const problem = reportBodyProblem(html);
      if (problem) ctx.addIssue({ code: 'custom', message: schemaText(problem) });
    })
    .default(''),
};

function refinePeriod(r: { period_from: string; period_to: string }, ctx: z.RefinementCtx): void {
  if (r.period_to < r.period_from) {
    ctx.addIssue({ code: 'custom', path: ['period_to'], message: schemaMessage('lastDayNotBeforeFirst') });
  }
}

/**
 * `POST /api/reports/` and `PUT /api/reports/{id}/` (managers; drafts only): JSON, or
 * multipart with these fields as text parts (`subjects` as a JSON array) plus file parts
 * (`attachments`). `submit: true` submits it (then it can no longer be edited).
 * `supersedes`: the id of a submitted report this one replaces.
 */
export const ZReportRequest = z
  .object({
    ...reportFields,
    submit: ZFormBoolean.default(false),
    supersedes: z
      .union(
        [
          z.number().int().positive().max(INT4_MAX),
          ZText.regex(/^[1-9][0-9]{0,9}$/)
            .transform(Number)
            .pipe(z.number().max(INT4_MAX)),
        ],
        { error: schemaMessage('chooseSuperseded') },
      )
      .optional(),
    /** Attachment ids already on the draft to remove (PUT). */
    remove_attachments: jsonList(z.array(z.number().int().positive().max(INT4_MAX)).max(20)).optional(),
  })
  .strict()
  .superRefine(refinePeriod);
export type TReportRequest = z.input<typeof ZReportRequest>;

export const ZReportSummary = z
  .object({
    id: z.number().int().max(INT4_MAX),
    title: ZText,
    type: ZReportType,
    status: ZReportStatus,
    author: ZUserRef,
    subjects: z.array(ZUserRef),
    period_from: ZText,
    period_to: ZText,
    created_at: ZText,
    updated_at: ZText,
    submitted_at: ZText.nullable(),
    supersedes: z.number().int().nullable(),
    superseded_by: z.number().int().nullable(),
  })
  .meta({ id: 'ReportSummary' });
export type TReportSummary = z.infer<typeof ZReportSummary>;

export const ZReport = ZReportSummary.extend({
  /** Sanitised HTML. */
  body: ZText,
  attachments: z.array(ZTicketAttachment),
  /** Whether the caller may still edit it (its author, while a draft). */
  can_edit: z.boolean(),
}).meta({ id: 'Report' });
export type TReport = z.infer<typeof ZReport>;

/** `GET /api/reports/?scope=mine|all&status&type&subject&from&to&search&page` (all: ADMIN and directors). */
export const ZReportsQuery = z
  .object({
    scope: z.enum(['mine', 'all']).default('mine'),
    status: ZReportStatus.optional(),
    type: ZReportType.optional(),
    subject: ZText.trim().max(150).optional(),
    search: ZText.trim().max(100).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type TReportsQuery = z.input<typeof ZReportsQuery>;
export const ZReportPage = z.object({ count: z.number().int(), results: z.array(ZReportSummary) });
export type TReportPage = z.infer<typeof ZReportPage>;

/** `/api/reports/{id}/…` and `/api/reports/{id}/attachments/{attachmentId}/`. */
export const ZReportIdParams = z.object({ id: ZId });
export const ZReportAttachmentParams = z.object({ id: ZId, attachmentId: ZId });
/** `GET /api/reports/{id}/pdf/?lang=en|ar`: the labels' language and the page's direction. */
export const ZReportPdfQuery = z.object({ lang: z.enum(['en', 'ar']).default('en') }).strict();
export type TReportPdfQuery = z.input<typeof ZReportPdfQuery>;

// ---------------------------------------------------------------- admin summaries

/** `GET /api/reports/summary/?department&from&to` (ADMIN; directors for their branch) and `.../export.csv`. */
export const ZReportSummaryQuery = z
  .object({
    department: ZUserType.optional(),
    from: ZLeaveDate(schemaMessage('chooseFirstDay')),
    to: ZLeaveDate(schemaMessage('chooseLastDay')),
  })
  .strict()
  .superRefine((q, ctx) => refinePeriod({ period_from: q.from, period_to: q.to }, ctx));
export type TReportSummaryQuery = z.input<typeof ZReportSummaryQuery>;

/** One department's figures for the period (null where the department has none of that kind). */
export const ZDepartmentSummary = z
  .object({
    department: ZUserType,
    tickets_opened: z.number().int(),
    tickets_closed: z.number().int(),
    /** Median minutes to the first desk reply, of tickets opened in the period. */
    first_response_median_minutes: z.number().nullable(),
    leave_days_taken: z.number(),
    kpi_average: z.number().nullable(),
    /** Interpreters only. */
    online_hours: z.number().nullable(),
    adherence: z.number().nullable(),
  })
  .meta({ id: 'DepartmentSummary' });
export type TDepartmentSummary = z.infer<typeof ZDepartmentSummary>;
export const ZReportSummaryTable = z.object({ from: ZText, to: ZText, rows: z.array(ZDepartmentSummary) });
export type TReportSummaryTable = z.infer<typeof ZReportSummaryTable>;
