import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ocrEndpoints as O } from '@portal/contracts';
import {
  contentDisposition,
  multipartBody,
  registerMultipart,
  sendStoredFile,
  uploadTempDir,
} from '../../lib/files/index.js';
import { pagedAnswer } from '../../lib/paging.js';
import { route } from '../../lib/endpoint.js';
import { caller, requestSource } from '../../plugins/auth.js';
import { createOcrEngine, engineSize, type OcrEngine } from './engine/index.js';
import { deliverOcrEvent } from './ocr-live.js';
import { defineOcrQueues } from './ocr-pipeline.js';
import * as service from './ocr.service.js';

export const ocrRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // The engine (bounded worker threads) starts with the first document this process opens.
  let engine: OcrEngine | undefined;
  defineOcrQueues(
    ctx,
    () =>
      (engine ??= createOcrEngine({
        workers: engineSize(ctx.config.OCR_WORKERS),
        maxHeapMb: ctx.config.OCR_WORKER_HEAP_MB,
        timeoutMs: ctx.config.OCR_WORKER_TIMEOUT * 1000,
      })),
  );
  app.addHook('onClose', async () => {
    await engine?.close();
  });

  const uploads = multipartBody(
    await registerMultipart(app, { tempDir: uploadTempDir(ctx.config.DATA_DIR) }),
    // A bad file is refused on its own: the rest of the selection still becomes jobs.
    { ...service.OCR_UPLOAD_RULES, eachFileAlone: true },
    (req) => caller(req).user.id,
  );

  route(
    app,
    O.createOcrJobs,
    (req) => service.createJobs(ctx, caller(req).user, req.body, uploads.files(req), requestSource(req)),
    { preValidation: uploads.preValidation },
  );

  route(app, O.listOcrJobs, async (req) => {
    const { results, count } = await service.listJobs(ctx, caller(req).user, req.query);
    return pagedAnswer(req, results, count, req.query.page, req.query.page_size);
  });

  route(app, O.searchOcr, async (req) => {
    const { results, count } = await service.search(ctx, caller(req).user, req.query);
    return pagedAnswer(req, results, count, req.query.page, req.query.page_size);
  });

  route(app, O.getOcrJob, async (req) => service.getJob(ctx, caller(req).user, req.params.id));

  route(app, O.updateOcrJob, async (req) =>
    service.updateJob(ctx, caller(req).user, req.params.id, req.body, requestSource(req)),
  );

  route(app, O.deleteOcrJob, async (req) => {
    await service.deleteJob(ctx, caller(req).user, req.params.id, requestSource(req));
    return null;
  });

  route(app, O.cancelOcrJob, async (req) => service.cancelJob(ctx, caller(req).user, req.params.id));

  route(app, O.retryOcrJob, async (req) => service.retryJob(ctx, caller(req).user, req.params.id));

  route(app, O.getOcrPage, async (req) => service.getPage(ctx, caller(req).user, req.params.id, req.params.page));

  route(app, O.downloadOcrPageImage, async (req, reply) => {
    const image = await service.getPageImage(ctx, caller(req).user, req.params.id, req.params.page);
    return reply
      .type('image/png')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .send(image);
  });

  route(app, O.downloadOcrText, async (req, reply) => {
    const { filename, text } = await service.getText(ctx, caller(req).user, req.params.id);
    return reply
      .type('text/plain; charset=utf-8')
      .header('content-disposition', contentDisposition(filename))
      .send(text);
  });

  route(app, O.downloadOcrPdf, async (req, reply) => {
    const pdf = await service.getSearchablePdf(ctx, caller(req).user, req.params.id);
    return sendStoredFile(reply, { filename: pdf.filename, content_type: 'application/pdf', data: pdf.data });
  });

  route(app, O.downloadOcrOriginal, async (req, reply) =>
    sendStoredFile(reply, await service.getOriginal(ctx, caller(req).user, req.params.id)),
  );

  // Every server sends its own sockets the frames (the channel is the notifications').
  const unsubscribe = ctx.bus.subscribe('ocr', (event) => {
    deliverOcrEvent(event, app.gateway);
  });
  app.addHook('onClose', async () => unsubscribe());
};
