import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCannedRepliesQuery,
  ZCannedReply,
  ZCannedReplyList,
  ZCannedReplyRequest,
  ZId,
  ZSlaQuery,
  ZSlaTargets,
  ZSlaTargetsRequest,
} from '@portal/contracts';
import { errorResponses } from '../../lib/schemas.js';
import { caller, requestSource } from '../../plugins/auth.js';
import * as canned from './canned-replies.service.js';
import { deliverDeskSettingsEvent } from './desk-settings-live.js';
import * as sla from './ticket-sla.service.js';

const ZCannedReplyIdParams = z.object({ id: ZId });

/** A desk's settings: its canned replies and its SLA targets. */
export const helpDeskSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/canned-replies/',
    {
      config: {
        policy: { rule: 'isTicketDesk of the department asked for (omitted: every desk I am on)', outsider: 404 },
      },
      schema: {
        tags: ['tickets'],
        summary: "A desk's canned replies by title; without a department, those of every desk I am on",
        querystring: ZCannedRepliesQuery,
        response: { 200: ZCannedReplyList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => canned.listCannedReplies(app.ctx, caller(req).user, req.query),
  );

  app.post(
    '/user/canned-replies/',
    {
      config: { policy: { rule: 'isTicketDesk of its department: any member of that desk', outsider: 404 } },
      schema: {
        tags: ['tickets'],
        summary: 'Add a canned reply to a desk I am on (its shortcut unique on that desk)',
        body: ZCannedReplyRequest,
        response: { 201: ZCannedReply, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const created = await canned.createCannedReply(app.ctx, caller(req).user, req.body, requestSource(req));
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/user/canned-replies/:id/',
    {
      config: {
        policy: {
          rule: 'canEditCannedReply: its author or a desk manager (other members 403); and on the desk it moves to',
          outsider: 404,
        },
      },
      schema: {
        tags: ['tickets'],
        summary: 'Change a canned reply (its author or a manager of its desk)',
        params: ZCannedReplyIdParams,
        body: ZCannedReplyRequest,
        response: { 200: ZCannedReply, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => canned.updateCannedReply(app.ctx, caller(req).user, req.params.id, req.body, requestSource(req)),
  );

  app.delete(
    '/user/canned-replies/:id/',
    {
      config: {
        policy: { rule: 'canEditCannedReply: its author or a desk manager (other members 403)', outsider: 404 },
      },
      schema: {
        tags: ['tickets'],
        summary: 'Remove a canned reply (its author or a manager of its desk)',
        params: ZCannedReplyIdParams,
        response: { 204: z.null().describe('Removed.'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      await canned.deleteCannedReply(app.ctx, caller(req).user, req.params.id, requestSource(req));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/user/ticket-sla/',
    {
      config: { policy: { rule: 'isTicketDesk of the department asked for', outsider: 404 } },
      schema: {
        tags: ['tickets'],
        summary: "A desk's SLA targets, one row per priority, urgent first (that desk only)",
        querystring: ZSlaQuery,
        response: { 200: ZSlaTargets, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => sla.getSlaTargets(app.ctx, caller(req).user, req.query),
  );

  app.put(
    '/user/ticket-sla/',
    {
      config: {
        policy: { rule: 'canSetSlaTargets: the desk managers (other desk members 403)', outsider: 404 },
      },
      schema: {
        tags: ['tickets'],
        summary: "Set a desk's SLA targets, all four priorities at once (the desk's managers)",
        body: ZSlaTargetsRequest,
        response: { 200: ZSlaTargets, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => sla.setSlaTargets(app.ctx, caller(req).user, req.body, requestSource(req)),
  );

  // Every server tells its own desk sockets (the /ws/admins/ channel is the tickets routes').
  const unsubscribe = app.ctx.bus.subscribe('desk_settings', (event) => {
    try {
      deliverDeskSettingsEvent(event, app.gateway);
    } catch (err) {
      app.log.error({ err }, 'desk settings delivery failed');
    }
  });
  app.addHook('onClose', async () => unsubscribe());
};
