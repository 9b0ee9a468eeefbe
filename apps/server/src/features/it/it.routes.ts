import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  canSeeItBoard,
  WS_CHANNELS,
  ZCategoryRule,
  ZCategoryRuleList,
  ZCategoryRuleRequest,
  ZId,
  ZItDay,
  ZItDayQuery,
  ZItList,
  ZItUsernameParams,
  ZRedactionRule,
  ZRedactionRuleList,
  ZRedactionRuleRequest,
} from '@portal/contracts';
import { errorResponses } from '../../lib/schemas.js';
import { caller, requestSource } from '../../plugins/auth.js';
import { startItLive } from './it-live.js';
import * as reads from './it-reads.service.js';
import * as rules from './rules.service.js';

const TAGS = ['it'];
const BOARD = {
  rule: 'canSeeItBoard: IT, QUALITY, WFM, ADMIN and directors (each record by canSeeMonitoring)',
  outsider: 403,
} as const;
const RULES = { rule: 'canManageItAgents: IT and ADMIN', outsider: 403 } as const;
const ZRuleIdParams = z.object({ id: ZId });

/** IT monitoring's reads, the rules IT defines, and the IT pages' live channel. */
export const itRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/script/it-list/',
    {
      config: { policy: BOARD },
      schema: {
        tags: TAGS,
        summary: 'Monitoring records of the users I may watch, keyed by username (the latest window of each list)',
        response: { 200: ZItList, ...errorResponses(401, 403) },
      },
    },
    async (req) => reads.itList(ctx, caller(req).user),
  );

  app.get(
    '/it/users/:username/day/',
    {
      config: {
        policy: {
          rule: 'canSeeMonitoring: the user themselves, or who may watch them (else 404, like unknown)',
          outsider: 404,
        },
      },
      schema: {
        tags: TAGS,
        summary: "A user's day (the portal's time zone; default today): timeline, top apps and sites, samples, logs",
        params: ZItUsernameParams,
        querystring: ZItDayQuery,
        response: { 200: ZItDay, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => reads.userDay(ctx, caller(req).user, req.params.username, req.query),
  );

  // "My activity" for everyone signed in, interpreters included (the day route above is staff's).
  app.get(
    '/it/my-day/',
    {
      config: { access: 'authenticated', policy: { rule: 'canSeeMonitoring: my own day', outsider: null } },
      schema: {
        tags: TAGS,
        summary: 'My own day (the portal’s time zone; default today), as IT sees it',
        querystring: ZItDayQuery,
        response: { 200: ZItDay, ...errorResponses(400, 401) },
      },
    },
    async (req) => {
      const { user } = caller(req);
      return reads.userDay(ctx, user, user.username, req.query);
    },
  );

  // ------------------------------------------------------------ rules IT defines

  app.get(
    '/it/redaction-rules/',
    {
      config: { policy: RULES },
      schema: {
        tags: TAGS,
        summary: 'Window-title redaction rules (applied at ingest: matching titles are never stored)',
        response: { 200: ZRedactionRuleList, ...errorResponses(401, 403) },
      },
    },
    async (req) => rules.listRedactionRules(ctx, caller(req).user),
  );

  app.post(
    '/it/redaction-rules/',
    {
      config: { policy: RULES },
      schema: {
        tags: TAGS,
        summary: 'Add a redaction rule (a regular expression, case-insensitive)',
        body: ZRedactionRuleRequest,
        response: { 201: ZRedactionRule, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await rules.addRedactionRule(ctx, caller(req).user, req.body, requestSource(req))),
  );

  app.delete(
    '/it/redaction-rules/:id/',
    {
      config: { policy: RULES },
      schema: {
        tags: TAGS,
        summary: 'Remove a redaction rule (titles stored meanwhile stay redacted)',
        params: ZRuleIdParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      await rules.removeRedactionRule(ctx, caller(req).user, req.params.id, requestSource(req));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/it/category-rules/',
    {
      config: { policy: RULES },
      schema: {
        tags: TAGS,
        summary: 'Productivity category rules, in the order they apply (first match wins; none: neutral)',
        response: { 200: ZCategoryRuleList, ...errorResponses(401, 403) },
      },
    },
    async (req) => rules.listCategoryRules(ctx, caller(req).user),
  );

  app.post(
    '/it/category-rules/',
    {
      config: { policy: RULES },
      schema: {
        tags: TAGS,
        summary: 'Add a category rule (a regular expression on the process, title or site)',
        body: ZCategoryRuleRequest,
        response: { 201: ZCategoryRule, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await rules.addCategoryRule(ctx, caller(req).user, req.body, requestSource(req))),
  );

  app.delete(
    '/it/category-rules/:id/',
    {
      config: { policy: RULES },
      schema: {
        tags: TAGS,
        summary: 'Remove a category rule',
        params: ZRuleIdParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      await rules.removeCategoryRule(ctx, caller(req).user, req.params.id, requestSource(req));
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------ live

  app.gateway.channel({ path: WS_CHANNELS.it, allow: canSeeItBoard });
  // Every server hears every `it` event and serves its own sockets.
  const stop = startItLive(ctx, app.gateway, (err) => app.log.warn({ err }, 'IT live delivery failed'));
  app.addHook('onClose', async () => stop());
};
