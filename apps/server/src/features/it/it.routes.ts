import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canSeeItBoard, WS_CHANNELS, itEndpoints as I } from '@portal/contracts';
import { route } from '../../lib/endpoint.js';
import { caller, requestSource } from '../../plugins/auth.js';
import { startItLive } from './it-live.js';
import * as reads from './it-reads.service.js';
import * as rules from './rules.service.js';

/** IT monitoring's reads, the rules IT defines, and the IT pages' live channel. */
export const itRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  route(app, I.getItList, async (req) => reads.itList(ctx, caller(req).user));

  route(app, I.getItUserDay, async (req) => reads.userDay(ctx, caller(req).user, req.params.username, req.query));

  // "My activity" for everyone signed in, interpreters included (the day route above is staff's).
  route(app, I.getMyItDay, async (req) => {
    const { user } = caller(req);
    return reads.userDay(ctx, user, user.username, req.query);
  });

  // ------------------------------------------------------------ rules IT defines

  route(app, I.listRedactionRules, async (req) => rules.listRedactionRules(ctx, caller(req).user));

  route(app, I.createRedactionRule, (req) =>
    rules.addRedactionRule(ctx, caller(req).user, req.body, requestSource(req)),
  );

  route(app, I.deleteRedactionRule, async (req) => {
    await rules.removeRedactionRule(ctx, caller(req).user, req.params.id, requestSource(req));
    return null;
  });

  route(app, I.listCategoryRules, async (req) => rules.listCategoryRules(ctx, caller(req).user));

  route(app, I.createCategoryRule, (req) => rules.addCategoryRule(ctx, caller(req).user, req.body, requestSource(req)));

  route(app, I.deleteCategoryRule, async (req) => {
    await rules.removeCategoryRule(ctx, caller(req).user, req.params.id, requestSource(req));
    return null;
  });

  // ------------------------------------------------------------ live

  app.gateway.channel({ path: WS_CHANNELS.it, allow: canSeeItBoard });
  // Every server hears every `it` event and serves its own sockets.
  const stop = startItLive(ctx, app.gateway, (err) => app.log.warn({ err }, 'IT live delivery failed'));
  app.addHook('onClose', async () => stop());
};
