import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  isStaff,
  WS_CHANNELS,
  ZAnnouncementRequest,
  ZMarkReadRequest,
  ZMarkReadResponse,
  ZNotificationPage,
  ZNotificationPageQuery,
  ZUnreadCount,
} from '@portal/contracts';
import { caller, requestSource } from '../../plugins/auth.js';
import { errorResponses } from '../../lib/schemas.js';
import * as notifications from './notifications.service.js';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications/all/',
    {
      config: {
        policy: { rule: 'any staff member: the notifications they may see (canSeeNotificationLevel)', outsider: null },
      },
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest first, 10 a page',
        querystring: ZNotificationPageQuery,
        response: { 200: ZNotificationPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => notifications.listNotifications(app.ctx, caller(req).user, req.query.page),
  );

  app.post(
    '/notifications/read/',
    {
      config: { policy: { rule: 'any staff member: ids they may not see are ignored', outsider: null } },
      schema: {
        tags: ['notifications'],
        summary: 'Mark notifications read; answers them updated (ids not mine are ignored)',
        body: ZMarkReadRequest,
        response: { 200: ZMarkReadResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => notifications.markNotificationsRead(app.ctx, caller(req).user, req.body.data),
  );

  app.get(
    '/notifications/unread-count/',
    {
      config: { policy: { rule: 'any staff member: their own count', outsider: null } },
      schema: {
        tags: ['notifications'],
        summary: 'How many of mine are unread',
        response: { 200: ZUnreadCount, ...errorResponses(401, 403) },
      },
    },
    async (req) => ({ count: await notifications.countUnread(app.ctx, caller(req).user) }),
  );

  app.post(
    '/notifications/announce/',
    {
      config: { policy: { rule: 'canAnnounce: ADMIN, HR and directors', outsider: 403 } },
      schema: {
        tags: ['notifications'],
        summary: 'Send an announcement to chosen user types (ADMIN, HR, directors)',
        body: ZAnnouncementRequest,
        response: { 201: z.object({ id: z.number().int() }), ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const id = await notifications.announce(app.ctx, caller(req).user, req.body, requestSource(req));
      return reply.status(201).send({ id });
    },
  );

  app.gateway.channel({ path: WS_CHANNELS.notification, allow: (user) => isStaff(user) });

  // Every server delivers to its own sockets; the bus tells them all.
  const unsubscribe = app.ctx.bus.subscribe('notification', (event) => {
    void notifications
      .deliver(app.ctx, event.id, app.gateway.connections(WS_CHANNELS.notification))
      .catch((err: unknown) => app.log.error({ err }, 'notification delivery failed'));
  });
  app.addHook('onClose', async () => unsubscribe());
};
