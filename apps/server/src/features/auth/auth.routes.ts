import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZChangePasswordRequest,
  ZChangePasswordResponse,
  ZDetailResponse,
  ZLoginRequest,
  ZLoginResponse,
  ZWsTicketResponse,
} from '@portal/contracts';
import { errorResponses } from '../../lib/schemas.js';
import { caller, clientInfo } from '../../plugins/auth.js';
import { limitFailuresPerAddress } from '../../plugins/rate-limit.js';
import * as auth from './auth.service.js';
import { WS_TICKET_TTL_SECONDS } from './ws-tickets.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // A flood of wrong guesses from one address (across any number of accounts) stops at
  // 429 before any hashing or database work; counts are shared by every server on PostgreSQL.
  await limitFailuresPerAddress(app, {
    db: app.ctx.db,
    shared: Boolean(app.ctx.config.DATABASE_URL),
    max: app.ctx.config.LOGIN_ADDRESS_MAX_FAILURES,
    windowMs: app.ctx.config.LOGIN_WINDOW * 1000,
    message: 'Too many failed attempts from your network. Try again later.',
  });

  app.post(
    '/auth/jwt/login/',
    {
      config: {
        access: 'public',
        limitFailures: true,
        policy: { rule: 'anyone; credentials checked, failures throttled', outsider: null },
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a username (or email) and password',
        security: [],
        body: ZLoginRequest,
        response: { 200: ZLoginResponse, ...errorResponses(400, 429) },
      },
    },
    async (req) => auth.login(app.ctx, req.body, clientInfo(req)),
  );

  app.post(
    '/auth/jwt/logout/',
    {
      config: {
        access: 'authenticated',
        policy: { rule: 'any signed-in user: ends their own session', outsider: null },
      },
      schema: {
        tags: ['auth'],
        summary: 'Revoke this token',
        response: { 200: ZDetailResponse, ...errorResponses(401) },
      },
    },
    async (req) => {
      await auth.logout(app.ctx, caller(req), clientInfo(req));
      return { detail: 'Logged out.' };
    },
  );

  app.post(
    '/auth/change_password/',
    {
      config: {
        access: 'authenticated',
        limitFailures: true,
        policy: { rule: 'any signed-in user: their own password', outsider: null },
      },
      schema: {
        tags: ['auth'],
        summary: 'Change own password; ends every other session and answers a fresh token',
        body: ZChangePasswordRequest,
        response: { 200: ZChangePasswordResponse, ...errorResponses(400, 401) },
      },
    },
    async (req) => {
      const { access } = await auth.changePassword(app.ctx, caller(req), req.body, clientInfo(req));
      return { detail: 'Password updated.', access };
    },
  );

  app.post(
    '/auth/ws-ticket/',
    {
      config: {
        access: 'authenticated',
        policy: { rule: 'any signed-in user: a ticket for their own session', outsider: null },
      },
      schema: {
        tags: ['auth'],
        summary: 'A single-use websocket ticket (60 s), so no access token goes into a URL',
        response: { 200: ZWsTicketResponse, ...errorResponses(401) },
      },
    },
    async (req) => ({ ticket: await auth.wsTicket(app.ctx, caller(req)), expires_in: WS_TICKET_TTL_SECONDS }),
  );
};
