import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isStaff, notificationEndpoints, WS_CHANNELS } from '@portal/contracts';
import { route } from '../../lib/endpoint.js';
import { caller, requestSource } from '../../plugins/auth.js';
import * as notifications from './notifications.service.js';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const N = notificationEndpoints;

  route(app, N.listNotifications, (req) => notifications.listNotifications(ctx, caller(req).user, req.query.page));
  route(app, N.markNotificationsRead, (req) =>
    notifications.markNotificationsRead(ctx, caller(req).user, req.body.data),
  );
  route(app, N.countUnreadNotifications, async (req) => ({
    count: await notifications.countUnread(ctx, caller(req).user),
  }));
  route(app, N.announce, async (req) => ({
    id: await notifications.announce(ctx, caller(req).user, req.body, requestSource(req)),
  }));

  app.gateway.channel({ path: WS_CHANNELS.notification, allow: (user) => isStaff(user) });

  // Every server delivers to its own sockets; the bus tells them all.
  const unsubscribe = ctx.bus.subscribe('notification', (event) => {
    void notifications
      .deliver(ctx, event.id, app.gateway.connections(WS_CHANNELS.notification))
      .catch((err: unknown) => app.log.error({ err }, 'notification delivery failed'));
  });
  app.addHook('onClose', async () => unsubscribe());
};
