import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authEndpoints, msg } from '@portal/contracts';
import { route } from '../../lib/endpoint.js';
import { caller, clientInfo } from '../../plugins/auth.js';
import { limitFailuresPerAddress } from '../../plugins/rate-limit.js';
import * as auth from './auth.service.js';
import { WS_TICKET_TTL_SECONDS } from './ws-tickets.js';
import { mfaRoutes } from './mfa/mfa.routes.js';
import { passkeyRoutes } from './passkeys/passkeys.routes.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // A flood of wrong guesses from one address (across any number of accounts) stops at
  // 429 before any hashing or database work; counts are shared by every server on PostgreSQL.
  await limitFailuresPerAddress(app, {
    db: app.ctx.db,
    shared: Boolean(app.ctx.config.DATABASE_URL),
    max: app.ctx.config.LOGIN_ADDRESS_MAX_FAILURES,
    windowMs: app.ctx.config.LOGIN_WINDOW * 1000,
    message: msg('networkThrottled'),
  });
  const { ctx } = app;
  const A = authEndpoints;

  route(app, A.login, (req) => auth.login(ctx, req.body, clientInfo(req)), { config: { limitFailures: true } });
  route(app, A.logout, async (req) => {
    await auth.logout(ctx, caller(req), clientInfo(req));
    return { detail: 'Logged out.' };
  });
  route(
    app,
    A.changePassword,
    async (req) => {
      const { access } = await auth.changePassword(ctx, caller(req), req.body, clientInfo(req));
      return { detail: 'Password updated.', access };
    },
    { config: { limitFailures: true } },
  );
  route(app, A.createWsTicket, async (req) => ({
    ticket: await auth.wsTicket(ctx, caller(req)),
    expires_in: WS_TICKET_TTL_SECONDS,
  }));
  // In this scope, so wrong codes count against the address like wrong passwords.
  await app.register(mfaRoutes);
  await app.register(passkeyRoutes);
};
