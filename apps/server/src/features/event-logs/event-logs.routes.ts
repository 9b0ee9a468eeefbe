import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventLogEndpoints } from '@portal/contracts';
import { route } from '../../lib/endpoint.js';
import { caller } from '../../plugins/auth.js';
import * as eventLogs from './event-logs.service.js';

export const eventLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  const E = eventLogEndpoints;

  route(app, E.listEventLogs, (req) =>
    eventLogs.listEventLogs(app.ctx, caller(req).user, req.query, app.eventLogNames),
  );

  route(app, E.exportEventLogs, async (req, reply) => {
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
  });
};
