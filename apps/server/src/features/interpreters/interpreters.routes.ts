import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  canWatchPresence,
  WS_CHANNELS,
  ZFollowRequest,
  ZFollowSettings,
  ZIntegrationKeyList,
  ZIntegrationKeyRequest,
  ZInterpreter,
  ZInterpreterList,
  ZInterpreterProfileRequest,
  ZNewIntegrationKey,
  ZPresenceEventsRequest,
  ZPresenceEventsResult,
  ZPresenceHeartbeatRequest,
  ZPresenceHeartbeatResult,
  ZId,
  ZText,
} from '@portal/contracts';
import { errorResponses } from '../../lib/schemas.js';
import { unauthorized } from '../../lib/errors.js';
import { caller, requestSource } from '../../plugins/auth.js';
import * as keys from './integration-keys.service.js';
import { deliverPresenceEvent } from './interpreter-live.js';
import * as board from './interpreters.service.js';
import * as presence from './presence.service.js';

const TAGS = ['interpreters'];
const BOARD = {
  rule: 'canSeeInterpreters: WFM, RTM, OPERATION, QUALITY, English Department, G.SDM, G.I, ADMIN',
  outsider: 403,
} as const;
const PRESENCE = {
  rule: 'an integration API key for anyone; a signed-in INTERPRETER for their own username only (others refused per event)',
  outsider: null,
} as const;
const KEYS = { rule: 'canAdministerAccounts: ADMIN', outsider: 403 } as const;
const ZKeyIdParams = z.object({ id: ZId });
const ZUsernameParams = z.object({ username: ZText.min(1).max(150) });

/** Who sent a presence request: the key the auth plugin accepted, or the signed-in user. */
function presenceSender(req: FastifyRequest): presence.PresenceSender {
  if (req.integrationKey) return { kind: 'key', keyId: req.integrationKey.id };
  if (req.auth) return { kind: 'user', user: req.auth.user };
  throw unauthorized();
}

export const interpretersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // ------------------------------------------------------------ the board and follow

  app.get(
    '/user/interpreters/',
    {
      config: { policy: BOARD },
      schema: {
        tags: TAGS,
        summary: 'Interpreters with their status, followers and profile (online first, then by name)',
        response: { 200: ZInterpreterList, ...errorResponses(401, 403) },
      },
    },
    async (req) => board.listBoard(ctx, caller(req).user),
  );

  app.post(
    '/user/follow/',
    {
      config: { policy: BOARD },
      schema: {
        tags: TAGS,
        summary: 'Follow or unfollow an interpreter (idempotent); answers them with the new follower count',
        body: ZFollowRequest,
        response: { 200: ZInterpreter, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => board.follow(ctx, caller(req).user, req.body, requestSource(req)),
  );

  app.put(
    '/user/interpreters/:username/profile/',
    {
      config: { policy: { rule: 'canEditInterpreterProfiles: WFM, RTM and ADMIN', outsider: 403 } },
      schema: {
        tags: TAGS,
        summary: "Change an interpreter's languages, team and extension",
        params: ZUsernameParams,
        body: ZInterpreterProfileRequest,
        response: { 200: ZInterpreter, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => board.saveProfile(ctx, caller(req).user, req.params.username, req.body, requestSource(req)),
  );

  app.get(
    '/user/follow-settings/',
    {
      config: { policy: BOARD },
      schema: {
        tags: TAGS,
        summary: 'Whether a followed interpreter coming online notifies me',
        response: { 200: ZFollowSettings, ...errorResponses(401, 403) },
      },
    },
    async (req) => board.readFollowSettings(ctx, caller(req).user),
  );

  app.put(
    '/user/follow-settings/',
    {
      config: { policy: BOARD },
      schema: {
        tags: TAGS,
        summary: 'Switch the online notifications of followed interpreters on or off',
        body: ZFollowSettings,
        response: { 200: ZFollowSettings, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => board.saveFollowSettings(ctx, caller(req).user, req.body, requestSource(req)),
  );

  // ------------------------------------------------------------ presence

  app.post(
    '/presence/events/',
    {
      config: { access: 'integration', policy: PRESENCE },
      schema: {
        tags: TAGS,
        summary: 'Report presence changes (idempotent per source_id; applied in `at` order, late ones merged)',
        description:
          "Authenticated by an integration API key (`X-Api-Key: pk_…` or `Authorization: Bearer pk_…`) or an INTERPRETER's own token. One result per event, in the order sent.",
        body: ZPresenceEventsRequest,
        response: { 200: ZPresenceEventsResult, ...errorResponses(400, 401) },
      },
    },
    async (req) => presence.receiveEvents(ctx, presenceSender(req), req.body.events),
  );

  app.post(
    '/presence/heartbeat/',
    {
      config: { access: 'integration', policy: PRESENCE },
      schema: {
        tags: TAGS,
        summary: "Keep an interpreter's open presence session alive",
        body: ZPresenceHeartbeatRequest,
        response: { 200: ZPresenceHeartbeatResult, ...errorResponses(400, 401) },
      },
    },
    async (req) => presence.heartbeat(ctx, presenceSender(req), req.body.username),
  );

  // ------------------------------------------------------------ integration keys

  app.get(
    '/admin/integration-keys/',
    {
      config: { policy: KEYS },
      schema: {
        tags: TAGS,
        summary: 'Integration API keys (never the keys themselves)',
        response: { 200: ZIntegrationKeyList, ...errorResponses(401, 403) },
      },
    },
    async (req) => keys.listKeys(ctx, caller(req).user),
  );

  app.post(
    '/admin/integration-keys/',
    {
      config: { policy: KEYS },
      schema: {
        tags: TAGS,
        summary: 'Create an integration API key (shown once, in this answer)',
        body: ZIntegrationKeyRequest,
        response: { 201: ZNewIntegrationKey, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await keys.createKey(ctx, caller(req).user, req.body.name, requestSource(req))),
  );

  app.delete(
    '/admin/integration-keys/:id/',
    {
      config: { policy: KEYS },
      schema: {
        tags: TAGS,
        summary: 'Revoke an integration API key (it answers 401 from then on)',
        params: ZKeyIdParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      await keys.revokeKey(ctx, caller(req).user, req.params.id, requestSource(req));
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------ live

  // The board's audience and WFM's (their day board is live too).
  app.gateway.channel({ path: WS_CHANNELS.interpreters, allow: canWatchPresence });
  // Every server delivers to its own sockets; the bus tells them all.
  const unsubscribe = ctx.bus.subscribe('presence', (event) => {
    deliverPresenceEvent(event, app.gateway);
  });
  app.addHook('onClose', async () => unsubscribe());
};
