import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { canWatchPresence, WS_CHANNELS, interpreterEndpoints as I } from '@portal/contracts';
import { route } from '../../lib/endpoint.js';
import { unauthorized } from '../../lib/errors.js';
import { caller, requestSource } from '../../plugins/auth.js';
import * as keys from './integration-keys.service.js';
import { deliverPresenceEvent } from './interpreter-live.js';
import * as board from './interpreters.service.js';
import * as presence from './presence.service.js';

/** Who sent a presence request: the key the auth plugin accepted, or the signed-in user. */
function presenceSender(req: FastifyRequest): presence.PresenceSender {
  if (req.integrationKey) return { kind: 'key', keyId: req.integrationKey.id };
  if (req.auth) return { kind: 'user', user: req.auth.user };
  throw unauthorized();
}

export const interpretersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // ------------------------------------------------------------ the board and follow

  route(app, I.listInterpreters, async (req) => board.listBoard(ctx, caller(req).user));

  route(app, I.followInterpreters, async (req) => board.follow(ctx, caller(req).user, req.body, requestSource(req)));

  route(app, I.updateInterpreterProfile, async (req) =>
    board.saveProfile(ctx, caller(req).user, req.params.username, req.body, requestSource(req)),
  );

  route(app, I.getFollowSettings, async (req) => board.readFollowSettings(ctx, caller(req).user));

  route(app, I.updateFollowSettings, async (req) =>
    board.saveFollowSettings(ctx, caller(req).user, req.body, requestSource(req)),
  );

  // ------------------------------------------------------------ presence

  route(app, I.postPresenceEvents, async (req) => presence.receiveEvents(ctx, presenceSender(req), req.body.events));

  route(app, I.postPresenceHeartbeat, async (req) => presence.heartbeat(ctx, presenceSender(req), req.body.username));

  // ------------------------------------------------------------ integration keys

  route(app, I.listIntegrationKeys, async (req) => keys.listKeys(ctx, caller(req).user));

  route(app, I.createIntegrationKey, async (req, reply) =>
    reply.status(201).send(await keys.createKey(ctx, caller(req).user, req.body.name, requestSource(req))),
  );

  route(app, I.revokeIntegrationKey, async (req) => {
    await keys.revokeKey(ctx, caller(req).user, req.params.id, requestSource(req));
    return null;
  });

  // ------------------------------------------------------------ live

  // The board's audience and WFM's (their day board is live too).
  app.gateway.channel({ path: WS_CHANNELS.interpreters, allow: canWatchPresence });
  // Every server delivers to its own sockets; the bus tells them all.
  const unsubscribe = ctx.bus.subscribe('presence', (event) => {
    deliverPresenceEvent(event, app.gateway);
  });
  app.addHook('onClose', async () => unsubscribe());
};
