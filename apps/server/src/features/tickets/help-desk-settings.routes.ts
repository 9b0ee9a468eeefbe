import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { helpDeskEndpoints } from '@portal/contracts';
import { route } from '../../lib/endpoint.js';
import { caller, requestSource } from '../../plugins/auth.js';
import * as canned from './canned-replies.service.js';
import { deliverDeskSettingsEvent } from './desk-settings-live.js';
import * as sla from './ticket-sla.service.js';

/** A desk's settings: its canned replies and its SLA targets. */
export const helpDeskSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const H = helpDeskEndpoints;

  route(app, H.listCannedReplies, (req) => canned.listCannedReplies(ctx, caller(req).user, req.query));
  route(app, H.createCannedReply, (req) =>
    canned.createCannedReply(ctx, caller(req).user, req.body, requestSource(req)),
  );
  route(app, H.updateCannedReply, (req) =>
    canned.updateCannedReply(ctx, caller(req).user, req.params.id, req.body, requestSource(req)),
  );
  route(app, H.deleteCannedReply, async (req) => {
    await canned.deleteCannedReply(ctx, caller(req).user, req.params.id, requestSource(req));
    return null;
  });
  route(app, H.getSlaTargets, (req) => sla.getSlaTargets(ctx, caller(req).user, req.query));
  route(app, H.setSlaTargets, (req) => sla.setSlaTargets(ctx, caller(req).user, req.body, requestSource(req)));

  // Every server tells its own desk sockets (the /ws/admins/ channel is the tickets routes').
  const unsubscribe = ctx.bus.subscribe('desk_settings', (event) => {
    try {
      deliverDeskSettingsEvent(event, app.gateway);
    } catch (err) {
      app.log.error({ err }, 'desk settings delivery failed');
    }
  });
  app.addHook('onClose', async () => unsubscribe());
};
