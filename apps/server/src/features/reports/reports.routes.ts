import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZReport,
  ZReportAttachmentParams,
  ZReportIdParams,
  ZReportPage,
  ZReportPdfQuery,
  ZReportRequest,
  ZReportsQuery,
  ZReportSummaryQuery,
  ZReportSummaryTable,
} from '@portal/contracts';
import {
  contentDisposition,
  multipartBody,
  registerMultipart,
  sendStoredFile,
  uploadTempDir,
} from '../../lib/files/index.js';
import { errorResponses } from '../../lib/schemas.js';
import { caller, requestSource } from '../../plugins/auth.js';
import * as commands from './report-commands.service.js';
import * as reads from './report-reads.service.js';

const TAGS = ['reports'];
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

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Create and edit take multipart (scoped to this plugin), as tickets and leaves do.
  const uploads = multipartBody(
    await registerMultipart(app, { tempDir: uploadTempDir(app.ctx.config.DATA_DIR) }),
    commands.REPORT_UPLOAD_RULES,
    (req) => caller(req).user.id,
  );
  const { ctx } = app;

  app.post(
    '/reports/',
    {
      config: { policy: WRITE },
      preValidation: uploads.preValidation,
      schema: {
        tags: TAGS,
        summary: 'Write a report (a draft, or submitted at once with `submit`; `supersedes` replaces a submitted one)',
        description: MULTIPART,
        consumes: ['application/json', 'multipart/form-data'],
        body: ZReportRequest,
        response: { 201: ZReport, ...errorResponses(400, 401, 403, 409, 413, 429) },
      },
    },
    async (req, reply) => {
      const report = await commands.createReport(
        ctx,
        caller(req).user,
        req.body,
        uploads.files(req),
        requestSource(req),
      );
      return reply.status(201).send(report);
    },
  );

  app.get(
    '/reports/',
    {
      config: { policy: { rule: 'mine: any staff member (their own); all: canReadAllReports (403)', outsider: null } },
      schema: {
        tags: TAGS,
        summary: 'My reports, or (ADMIN, directors) every submitted report in my scope; newest change first, 20 a page',
        querystring: ZReportsQuery,
        response: { 200: ZReportPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => reads.listReports(ctx, caller(req).user, req.query),
  );

  app.get(
    '/reports/summary/',
    {
      config: { policy: ALL },
      schema: {
        tags: TAGS,
        summary: 'Figures per department for a period (tickets, first replies, leave, KPIs, online hours)',
        description: 'A department outside my scope: 404.',
        querystring: ZReportSummaryQuery,
        response: { 200: ZReportSummaryTable, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => reads.reportSummaries(ctx, caller(req).user, req.query),
  );

  app.get(
    '/reports/summary/export.csv',
    {
      config: { policy: ALL },
      schema: {
        tags: TAGS,
        summary: 'The summaries as CSV',
        querystring: ZReportSummaryQuery,
        response: { 200: z.string().describe('text/csv'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const csv = await reads.reportSummariesCsv(ctx, caller(req).user, req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(`report-summary-${req.query.from}-${req.query.to}.csv`))
        .send(csv);
    },
  );

  app.get(
    '/reports/:id/',
    {
      config: { policy: READ },
      schema: {
        tags: TAGS,
        summary: 'One report (404 for anyone who may not read it)',
        params: ZReportIdParams,
        response: { 200: ZReport, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => reads.getReport(ctx, caller(req).user, req.params.id),
  );

  app.put(
    '/reports/:id/',
    {
      config: { policy: AUTHOR },
      preValidation: uploads.preValidation,
      schema: {
        tags: TAGS,
        summary: 'Change my draft (and submit it with `submit`); a submitted report is final (409)',
        description: `${MULTIPART} \`remove_attachments\`: ids of the draft's files to drop.`,
        consumes: ['application/json', 'multipart/form-data'],
        params: ZReportIdParams,
        body: ZReportRequest,
        response: { 200: ZReport, ...errorResponses(400, 401, 403, 404, 409, 413, 429) },
      },
    },
    async (req) =>
      commands.updateReport(ctx, caller(req).user, req.params.id, req.body, uploads.files(req), requestSource(req)),
  );

  app.delete(
    '/reports/:id/',
    {
      config: { policy: AUTHOR },
      schema: {
        tags: TAGS,
        summary: 'Delete my draft (a submitted report stays: 409)',
        params: ZReportIdParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      await commands.deleteReport(ctx, caller(req).user, req.params.id, requestSource(req));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/reports/:id/attachments/:attachmentId/',
    {
      config: { policy: READ },
      schema: {
        tags: TAGS,
        summary: "Download a report's attachment",
        params: ZReportAttachmentParams,
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) =>
      sendStoredFile(
        reply,
        await reads.getReportAttachment(ctx, caller(req).user, req.params.id, req.params.attachmentId),
      ),
  );

  app.get(
    '/reports/:id/pdf/',
    {
      config: { policy: READ },
      schema: {
        tags: TAGS,
        summary: 'The report as a PDF (A4; labels and direction by `lang`)',
        params: ZReportIdParams,
        querystring: ZReportPdfQuery,
        response: { 200: z.any().describe('application/pdf'), ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (req, reply) => {
      const { report, pdf } = await reads
        .reportPdf(ctx, caller(req).user, req.params.id, req.query.lang)
        .catch((err: unknown) => {
          // A PDF that could not be made (422): why, for whoever looks after the server.
          if (err instanceof Error && err.cause) req.log.warn({ err: err.cause }, 'report PDF failed');
          throw err;
        });
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(`report-${report.id}.pdf`))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-cache')
        .send(pdf);
    },
  );
};
