import type { TReport, TReportSummary } from '@portal/contracts';
import type { ReportRow } from './reports.repository.js';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
/** A calendar date column as YYYY-MM-DD (the driver may hand back a Date at midnight UTC). */
const day = (d: Date | string) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));

export const reportAttachmentUrl = (reportId: number, id: number) => `/api/reports/${reportId}/attachments/${id}/`;

export function presentReportSummary(r: ReportRow): TReportSummary {
  return {
    id: r.id,
    title: r.title,
    type: r.type,
    status: r.status,
    author: {
      id: r.author_id,
      username: r.author_username,
      first_name: r.author_first_name,
      last_name: r.author_last_name,
      user_type: r.author_user_type,
    },
    subjects: r.subjects,
    period_from: day(r.period_from),
    period_to: day(r.period_to),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    submitted_at: r.submitted_at ? iso(r.submitted_at) : null,
    supersedes: r.supersedes_id,
    // A draft replacement does not replace anything yet.
    superseded_by: r.superseded_by !== null && r.successor_status !== 'draft' ? r.superseded_by : null,
  };
}

/** The whole report; `viewerId` decides whether it may still be edited. */
export function presentReport(r: ReportRow, viewerId: number): TReport {
  return {
    ...presentReportSummary(r),
    body: r.body,
    attachments: r.attachments.map((a) => ({
      id: a.id,
      filename: a.filename,
      content_type: a.content_type as TReport['attachments'][number]['content_type'],
      size: Number(a.size),
      url: reportAttachmentUrl(r.id, a.id),
    })),
    can_edit: r.author_id === viewerId && r.status === 'draft',
  };
}
