import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZEventLogFilter, ZEventLogPage, ZEventLogQuery } from '@portal/contracts';
import { caller, type RoutePolicy } from '../../plugins/auth.js';
import { errorResponses } from '../../lib/schemas.js';
import * as eventLogs from './event-logs.service.js';

const EVENT_LOG_VIEWERS: RoutePolicy = { rule: 'canViewEventLogs: directors and ADMIN', outsider: 403 };

export const eventLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/eventlogs/',
    {
      config: { policy: EVENT_LOG_VIEWERS },
      schema: {
        tags: ['event logs'],
        summary: 'Audit trail, newest first (directors and ADMIN)',
        querystring: ZEventLogQuery,
        response: { 200: ZEventLogPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => eventLogs.listEventLogs(app.ctx, caller(req).user, req.query, app.eventLogNames),
  );

  app.get(
    '/eventlogs/export.csv',
    {
      config: { policy: EVENT_LOG_VIEWERS },
      schema: {
        tags: ['event logs'],
        summary: 'The filtered audit trail as CSV, streamed (directors and ADMIN)',
        querystring: ZEventLogFilter,
        response: { 200: z.string().describe('text/csv'), ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const rows = eventLogs.exportEventLogs(app.ctx, caller(req).user, req.query);
      // Pull the first chunk now: a permission error still becomes a proper 403.
      const first = await rows.next();
      async function* all() {
        if (!first.done) yield first.value;
        yield* rows;
      }
      const stamp = new Date().toISOString().slice(0, 10);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="event-logs-${stamp}.csv"`)
          // A stream is sent as-is; the zod serializer only shapes the JSON error answers.
          .send(Readable.from(all()) as never)
      );
    },
  );
};
