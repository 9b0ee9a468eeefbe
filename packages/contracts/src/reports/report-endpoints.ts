import { defineEndpoint, fileAnswer, noContent } from '../common/endpoint.js';
import { ZText } from '../common/text.js';
import {
  ZReport,
  ZReportAttachmentParams,
  ZReportIdParams,
  ZReportPage,
  ZReportPdfQuery,
  ZReportRequest,
  ZReportSummaryQuery,
  ZReportSummaryTable,
  ZReportsQuery,
} from './reports.js';

const TAGS = ['reports'] as const;
const WRITE = { rule: 'canManageReports: managers (is_manager); subjects by canReportOn', outsider: 403 } as const;
const AUTHOR = {
  rule: 'canReadReport (404), then its author (403), while a draft (409)',
  outsider: 404,
} as const;
const READ = {
  rule: 'canReadReport: its author, ADMIN, directors over the author (drafts: the author)',
  outsider: 404,
} as const;
const ALL = { rule: 'canReadAllReports: ADMIN and directors (their departments)', outsider: 403 } as const;
const MULTIPART =
  "JSON, or multipart/form-data with the same fields as text parts (`subjects` as a JSON array) plus up to 5 files (field `attachments`; PNG, JPEG, PDF or UTF-8 text by content; 10 MiB each; the uploader's storage quota). The body's HTML keeps only the editor's tags.";

/** Manager reports: drafts, submit and supersede, their PDF, and the per-department summaries (spec: reports). */
export const reportEndpoints = {
  createReport: defineEndpoint({
    operationId: 'createReport',
    method: 'POST',
    path: '/reports/',
    tags: TAGS,
    summary: 'Write a report (a draft, or submitted at once with `submit`; `supersedes` replaces a submitted one)',
    description: MULTIPART,
    policy: WRITE,
    body: ZReportRequest,
    consumes: ['application/json', 'multipart/form-data'],
    responses: { 201: ZReport },
    errors: [400, 401, 403, 409, 413, 429],
  }),
  listReports: defineEndpoint({
    operationId: 'listReports',
    method: 'GET',
    path: '/reports/',
    tags: TAGS,
    summary: 'My reports, or (ADMIN, directors) every submitted report in my scope; newest change first, 20 a page',
    policy: { rule: 'mine: any staff member (their own); all: canReadAllReports (403)', outsider: null },
    query: ZReportsQuery,
    responses: { 200: ZReportPage },
    errors: [400, 401, 403],
  }),
  getReportSummary: defineEndpoint({
    operationId: 'getReportSummary',
    method: 'GET',
    path: '/reports/summary/',
    tags: TAGS,
    summary: 'Figures per department for a period (tickets, first replies, leave, KPIs, online hours)',
    description: 'A department outside my scope: 404.',
    policy: ALL,
    query: ZReportSummaryQuery,
    responses: { 200: ZReportSummaryTable },
    errors: [400, 401, 403, 404],
  }),
  exportReportSummaryCsv: defineEndpoint({
    operationId: 'exportReportSummaryCsv',
    method: 'GET',
    path: '/reports/summary/export.csv',
    tags: TAGS,
    summary: 'The summaries as CSV',
    policy: ALL,
    query: ZReportSummaryQuery,
    responses: { 200: fileAnswer('text/csv', ZText) },
    errors: [400, 401, 403, 404],
  }),
  getReport: defineEndpoint({
    operationId: 'getReport',
    method: 'GET',
    path: '/reports/:id/',
    tags: TAGS,
    summary: 'One report (404 for anyone who may not read it)',
    policy: READ,
    params: ZReportIdParams,
    responses: { 200: ZReport },
    errors: [400, 401, 403, 404],
  }),
  updateReport: defineEndpoint({
    operationId: 'updateReport',
    method: 'PUT',
    path: '/reports/:id/',
    tags: TAGS,
    summary: 'Change my draft (and submit it with `submit`); a submitted report is final (409)',
    description: `${MULTIPART} \`remove_attachments\`: ids of the draft's files to drop.`,
    policy: AUTHOR,
    params: ZReportIdParams,
    body: ZReportRequest,
    consumes: ['application/json', 'multipart/form-data'],
    responses: { 200: ZReport },
    errors: [400, 401, 403, 404, 409, 413, 429],
  }),
  deleteReport: defineEndpoint({
    operationId: 'deleteReport',
    method: 'DELETE',
    path: '/reports/:id/',
    tags: TAGS,
    summary: 'Delete my draft (a submitted report stays: 409)',
    policy: AUTHOR,
    params: ZReportIdParams,
    responses: { 204: noContent },
    errors: [400, 401, 403, 404, 409],
  }),
  downloadReportAttachment: defineEndpoint({
    operationId: 'downloadReportAttachment',
    method: 'GET',
    path: '/reports/:id/attachments/:attachmentId/',
    tags: TAGS,
    summary: "Download a report's attachment",
    policy: READ,
    params: ZReportAttachmentParams,
    responses: { 200: fileAnswer('The file, with its stored media type') },
    errors: [400, 401, 403, 404],
  }),
  getReportPdf: defineEndpoint({
    operationId: 'getReportPdf',
    method: 'GET',
    path: '/reports/:id/pdf/',
    tags: TAGS,
    summary: 'The report as a PDF (A4; labels and direction by `lang`)',
    policy: READ,
    params: ZReportIdParams,
    query: ZReportPdfQuery,
    responses: { 200: fileAnswer('application/pdf') },
    errors: [400, 401, 403, 404, 422],
  }),
};
