import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateOcrJobsRequest,
  ZOcrJob,
  ZOcrJobDetail,
  ZOcrJobList,
  ZOcrJobParams,
  ZOcrJobsCreated,
  ZOcrJobsQuery,
  ZOcrPage,
  ZOcrPageParams,
  ZOcrSearchQuery,
  ZOcrSearchResults,
  ZUpdateOcrJobRequest,
} from '@portal/contracts';
import {
  contentDisposition,
  multipartBody,
  registerMultipart,
  sendStoredFile,
  uploadTempDir,
} from '../../lib/files/index.js';
import { pagedAnswer } from '../../lib/paging.js';
import { errorResponses } from '../../lib/schemas.js';
import { caller, requestSource } from '../../plugins/auth.js';
import { createOcrEngine, engineSize, type OcrEngine } from './engine/index.js';
import { deliverOcrEvent } from './ocr-live.js';
import { defineOcrQueues } from './ocr-pipeline.js';
import * as service from './ocr.service.js';

const TAGS = ['ocr'];
const USE = {
  rule: 'canUseOcr: every staff member (their own jobs and those shared with their department)',
  outsider: null,
} as const;
const SEE = { rule: 'canSeeOcrJob: its owner, ADMIN, the department it is shared with', outsider: 404 } as const;
const MANAGE = { rule: 'canSeeOcrJob (404), then canManageOcrJob: its owner and ADMIN (403)', outsider: 404 } as const;

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
    service.OCR_UPLOAD_RULES,
    (req) => caller(req).user.id,
  );

  app.post(
    '/ocr/jobs/',
    {
      config: { policy: USE },
      preValidation: uploads.preValidation,
      schema: {
        tags: TAGS,
        summary: 'Upload documents for OCR: one job per file, queued at once',
        description:
          'multipart/form-data: `files` (1–10; PNG, JPEG, TIFF, WebP or PDF by content; 20 MiB each; PDFs and TIFFs up to 50 pages), `language` (eng, ara, ara+eng), optional `shared_with` (a department). Progress arrives as `ocr_progress` frames on /ws/notification/.',
        consumes: ['multipart/form-data'],
        body: ZCreateOcrJobsRequest,
        response: { 201: ZOcrJobsCreated, ...errorResponses(400, 401, 403, 413, 429) },
      },
    },
    async (req, reply) => {
      const created = await service.createJobs(ctx, caller(req).user, req.body, uploads.files(req), requestSource(req));
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/ocr/jobs/',
    {
      config: { policy: USE },
      schema: {
        tags: TAGS,
        summary: 'My OCR jobs and those shared with my department (ADMIN: everyone’s), newest first',
        querystring: ZOcrJobsQuery,
        response: { 200: ZOcrJobList, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const { results, count } = await service.listJobs(ctx, caller(req).user, req.query);
      return pagedAnswer(req, results, count, req.query.page, req.query.page_size);
    },
  );

  app.get(
    '/ocr/search/',
    {
      config: { policy: USE },
      schema: {
        tags: TAGS,
        summary: 'Full-text search across the recognised text I may see: ranked pages with highlighted snippets',
        querystring: ZOcrSearchQuery,
        response: { 200: ZOcrSearchResults, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const { results, count } = await service.search(ctx, caller(req).user, req.query);
      return pagedAnswer(req, results, count, req.query.page, req.query.page_size);
    },
  );

  app.get(
    '/ocr/jobs/:id/',
    {
      config: { policy: SEE },
      schema: {
        tags: TAGS,
        summary: 'One job with its pages’ status',
        params: ZOcrJobParams,
        response: { 200: ZOcrJobDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.getJob(ctx, caller(req).user, Number(req.params.id)),
  );

  app.patch(
    '/ocr/jobs/:id/',
    {
      config: { policy: MANAGE },
      schema: {
        tags: TAGS,
        summary: 'Share a job with a department, or stop sharing it',
        params: ZOcrJobParams,
        body: ZUpdateOcrJobRequest,
        response: { 200: ZOcrJob, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.updateJob(ctx, caller(req).user, Number(req.params.id), req.body, requestSource(req)),
  );

  app.delete(
    '/ocr/jobs/:id/',
    {
      config: { policy: MANAGE },
      schema: {
        tags: TAGS,
        summary: 'Delete a job, its results and its original',
        params: ZOcrJobParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      await service.deleteJob(ctx, caller(req).user, Number(req.params.id), requestSource(req));
      return reply.status(204).send(null);
    },
  );

  for (const [action, run, summary] of [
    ['cancel', service.cancelJob, 'Cancel a queued or running job (409 once it has ended)'],
    ['retry', service.retryJob, 'Queue a failed or cancelled job again (its failed pages; done pages are kept)'],
  ] as const) {
    app.post(
      `/ocr/jobs/:id/${action}/`,
      {
        config: { policy: MANAGE },
        schema: {
          tags: TAGS,
          summary,
          params: ZOcrJobParams,
          response: { 200: ZOcrJob, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (req) => run(ctx, caller(req).user, Number(req.params.id)),
    );
  }

  app.get(
    '/ocr/jobs/:id/pages/:page/',
    {
      config: { policy: SEE },
      schema: {
        tags: TAGS,
        summary: 'A page’s text and recognised words with their boxes and confidence',
        params: ZOcrPageParams,
        response: { 200: ZOcrPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.getPage(ctx, caller(req).user, Number(req.params.id), req.params.page),
  );

  app.get(
    '/ocr/jobs/:id/pages/:page/image/',
    {
      config: { policy: SEE },
      schema: {
        tags: TAGS,
        summary: 'The page as it was recognised (PNG)',
        params: ZOcrPageParams,
        response: { 200: z.any().describe('image/png'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const image = await service.getPageImage(ctx, caller(req).user, Number(req.params.id), req.params.page);
      return reply
        .type('image/png')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .send(image);
    },
  );

  app.get(
    '/ocr/jobs/:id/text/',
    {
      config: { policy: SEE },
      schema: {
        tags: TAGS,
        summary: 'The recognised text of every page, as a .txt download',
        params: ZOcrJobParams,
        response: { 200: z.string().describe('text/plain'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const { filename, text } = await service.getText(ctx, caller(req).user, Number(req.params.id));
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', contentDisposition(filename))
        .send(text);
    },
  );

  app.get(
    '/ocr/jobs/:id/pdf/',
    {
      config: { policy: SEE },
      schema: {
        tags: TAGS,
        summary: 'The searchable PDF: each page’s image with its text as an invisible layer (409 until done)',
        params: ZOcrJobParams,
        response: { 200: z.any().describe('application/pdf'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const pdf = await service.getSearchablePdf(ctx, caller(req).user, Number(req.params.id));
      return sendStoredFile(reply, { filename: pdf.filename, content_type: 'application/pdf', data: pdf.data });
    },
  );

  app.get(
    '/ocr/jobs/:id/original/',
    {
      config: { policy: SEE },
      schema: {
        tags: TAGS,
        summary: 'The uploaded document',
        params: ZOcrJobParams,
        response: { 200: z.any().describe('the original file'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) =>
      sendStoredFile(reply, await service.getOriginal(ctx, caller(req).user, Number(req.params.id))),
  );

  // Every server sends its own sockets the frames (the channel is the notifications').
  const unsubscribe = ctx.bus.subscribe('ocr', (event) => {
    deliverOcrEvent(event, app.gateway);
  });
  app.addHook('onClose', async () => unsubscribe());
};
