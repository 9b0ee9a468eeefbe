import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canUseWfm, WS_CHANNELS, wfmEndpoints as W } from '@portal/contracts';
import { route } from '../../lib/endpoint.js';
import { caller, requestSource } from '../../plugins/auth.js';
import * as reads from './wfm-reads.service.js';
import * as shifts from './wfm-shifts.service.js';
import * as staffing from './wfm-staffing.service.js';
import { deliverScheduleChange } from './wfm-live.js';

export const wfmRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // ------------------------------------------------------------ shifts

  route(app, W.listShifts, async (req) => reads.listShifts(ctx, caller(req).user, req.query));

  route(app, W.createShift, async (req, reply) =>
    reply.status(201).send(await shifts.createShift(ctx, caller(req).user, req.body, requestSource(req))),
  );

  // The contract takes up to 2 MB of CSV (above the app's 1 MiB), plus JSON's escaping.
  route(app, W.importShifts, async (req) => shifts.importShifts(ctx, caller(req).user, req.body, requestSource(req)), {
    bodyLimit: 3 * 1024 * 1024,
  });

  route(app, W.updateShift, async (req) =>
    shifts.updateShift(ctx, caller(req).user, req.params.id, req.body, requestSource(req)),
  );

  route(app, W.deleteShift, async (req) => {
    await shifts.deleteShift(ctx, caller(req).user, req.params.id, requestSource(req));
    return null;
  });

  // ------------------------------------------------------------ the day board and history

  route(app, W.getWfmDay, async (req) => reads.dayBoard(ctx, caller(req).user, req.query));

  route(app, W.exportWfmDayCsv, async (req, reply) => {
    const { date, csv } = await reads.dayBoardCsv(ctx, caller(req).user, req.query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="wfm-day-${date}.csv"`)
      .send(csv);
  });

  route(app, W.getWfmHistory, async (req) => reads.history(ctx, caller(req).user, req.params.username, req.query));

  // ------------------------------------------------------------ required staffing

  route(app, W.listStaffing, async (req) => staffing.listStaffing(ctx, caller(req).user));

  route(app, W.saveStaffing, async (req) => staffing.saveStaffing(ctx, caller(req).user, req.body, requestSource(req)));

  route(app, W.deleteStaffing, async (req) => {
    await staffing.deleteStaffing(ctx, caller(req).user, req.query.language, requestSource(req));
    return null;
  });

  // ------------------------------------------------------------ live

  // Another planner's change reaches every open roster; each server tells its own sockets.
  app.gateway.channel({ path: WS_CHANNELS.wfm, allow: canUseWfm });
  const unsubscribe = ctx.bus.subscribe('wfm_schedule', (event) => {
    deliverScheduleChange(event, app.gateway);
  });
  app.addHook('onClose', async () => unsubscribe());
};
