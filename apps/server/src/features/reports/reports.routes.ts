import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportEndpoints as R } from '@portal/contracts';
import {
  contentDisposition,
  multipartBody,
  registerMultipart,
  sendStoredFile,
  uploadTempDir,
} from '../../lib/files/index.js';
import { route } from '../../lib/endpoint.js';
import { caller, requestSource } from '../../plugins/auth.js';
import * as commands from './report-commands.service.js';
import * as reads from './report-reads.service.js';
import { asciiFileName, reportFileName } from './report-pdf-format.js';

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Create and edit take multipart (scoped to this plugin), as tickets and leaves do.
  const uploads = multipartBody(
    await registerMultipart(app, { tempDir: uploadTempDir(app.ctx.config.DATA_DIR) }),
    commands.REPORT_UPLOAD_RULES,
    (req) => caller(req).user.id,
  );
  const { ctx } = app;

  route(
    app,
    R.createReport,
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
    { preValidation: uploads.preValidation },
  );

  route(app, R.listReports, async (req) => reads.listReports(ctx, caller(req).user, req.query));

  route(app, R.getReportSummary, async (req) => reads.reportSummaries(ctx, caller(req).user, req.query));

  route(app, R.exportReportSummaryCsv, async (req, reply) => {
    const csv = await reads.reportSummariesCsv(ctx, caller(req).user, req.query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition(`report-summary-${req.query.from}-${req.query.to}.csv`))
      .send(csv);
  });

  route(app, R.getReport, async (req) => reads.getReport(ctx, caller(req).user, req.params.id));

  route(
    app,
    R.updateReport,
    async (req) =>
      commands.updateReport(ctx, caller(req).user, req.params.id, req.body, uploads.files(req), requestSource(req)),
    { preValidation: uploads.preValidation },
  );

  route(app, R.deleteReport, async (req) => {
    await commands.deleteReport(ctx, caller(req).user, req.params.id, requestSource(req));
    return null;
  });

  route(app, R.downloadReportAttachment, async (req, reply) =>
    sendStoredFile(
      reply,
      await reads.getReportAttachment(ctx, caller(req).user, req.params.id, req.params.attachmentId),
    ),
  );

  route(app, R.getReportPdf, async (req, reply) => {
    const { report, pdf } = await reads
      .reportPdf(ctx, caller(req).user, req.params.id, req.query.lang)
      .catch((err: unknown) => {
        // A PDF that could not be made (422): why, for whoever looks after the server.
        if (err instanceof Error && err.cause) req.log.warn({ err: err.cause }, 'report PDF failed');
        throw err;
      });
    const name = reportFileName(report, req.query.lang);
    return (
      reply
        .type('application/pdf')
        // Named for what it is, in the chosen language (RFC 5987 filename*), with an ASCII
        // name for clients that read only the plain one.
        .header('content-disposition', contentDisposition(name, asciiFileName(name, report.id)))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-cache')
        .send(pdf)
    );
  });
};
