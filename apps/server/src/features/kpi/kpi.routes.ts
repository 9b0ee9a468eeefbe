import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { kpiEndpoints as K } from '@portal/contracts';
import { route } from '../../lib/endpoint.js';
import { caller, requestSource } from '../../plugins/auth.js';
import * as definitions from './kpi-definitions.service.js';
import * as records from './kpi-records.service.js';
import * as reminders from './kpi-reminders.service.js';
import * as scores from './kpi-scores.service.js';

export const kpiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // ------------------------------------------------------------ definitions

  route(app, K.listKpiDefinitions, async (req) => definitions.listDefinitions(ctx, caller(req).user, req.query));

  route(app, K.createKpiDefinition, async (req, reply) =>
    reply.status(201).send(await definitions.saveDefinition(ctx, caller(req).user, null, req.body, requestSource(req))),
  );

  route(app, K.updateKpiDefinition, async (req) =>
    definitions.saveDefinition(ctx, caller(req).user, req.params.id, req.body, requestSource(req)),
  );

  // ------------------------------------------------------------ records

  route(app, K.createKpiRecord, async (req, reply) =>
    reply.status(201).send(await records.addRecord(ctx, caller(req).user, req.body, requestSource(req))),
  );

  route(app, K.getKpiRecord, async (req) => records.getRecord(ctx, caller(req).user, req.params.id));

  route(app, K.updateKpiRecord, async (req) =>
    records.updateRecord(ctx, caller(req).user, req.params.id, req.body, requestSource(req)),
  );

  // ------------------------------------------------------------ scores, missing, reminders

  route(app, K.getKpiScores, async (req) => scores.scores(ctx, caller(req).user, req.query));

  route(app, K.exportKpiScoresCsv, async (req, reply) => {
    const { period_start, csv } = await scores.scoresCsv(ctx, caller(req).user, req.query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="kpi-scores-${period_start}.csv"`)
      .send(csv);
  });

  route(app, K.listMissingKpis, async (req) => scores.missing(ctx, caller(req).user, req.query));

  route(app, K.remindMissingKpis, async (req) =>
    reminders.remindMissing(ctx, caller(req).user, req.body, requestSource(req)),
  );

  // ------------------------------------------------------------ scorecards

  route(app, K.getKpiScorecard, async (req) => scores.scorecard(ctx, caller(req).user, req.params.username, req.query));
};
