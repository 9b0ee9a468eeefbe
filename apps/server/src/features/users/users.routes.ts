import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCreateAccountRequest,
  ZDetailResponse,
  ZPublicProfile,
  ZResetPasswordRequest,
  ZUpdateAccountRequest,
  ZUpdateMeRequest,
  ZUser,
  ZUserIdParams,
  ZUserListQuery,
  ZUserListResponse,
  ZUsernameParams,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { errorResponses } from '../../lib/schemas.js';
import { caller, requestSource, type RoutePolicy } from '../../plugins/auth.js';
import { presentProfile, presentUser } from './users.presenter.js';
import * as users from './users.service.js';

/** `next`/`previous` as absolute-path URLs with the same filters, like the spec's pages. */
function pageUrl(req: FastifyRequest, page: number | null): string | null {
  if (page === null) return null;
  const url = new URL(req.url, 'http://x');
  url.searchParams.set('page', String(page));
  return url.pathname + url.search;
}

const ADMIN_ONLY: RoutePolicy = { rule: 'canAdministerAccounts: ADMIN only', outsider: 403 };

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // The caller's own account (spec §7 puts it under auth/; it is this feature's data).
  app.get(
    '/auth/me/',
    {
      config: { access: 'authenticated', policy: { rule: 'any signed-in user: their own account', outsider: null } },
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: ZUser, ...errorResponses(401) } },
    },
    async (req) => presentUser(caller(req).user),
  );

  app.post(
    '/auth/me/',
    {
      config: {
        access: 'authenticated',
        policy: { rule: 'any signed-in user: their own profile fields', outsider: null },
      },
      schema: {
        tags: ['auth'],
        summary: 'Update own profile fields (not type or flags)',
        body: ZUpdateMeRequest,
        response: { 200: ZUser, ...errorResponses(400, 401) },
      },
    },
    async (req) => presentUser(await users.updateOwnProfile(app.ctx, caller(req).user, req.body, requestSource(req))),
  );

  const createSchema = {
    tags: ['users'],
    body: ZCreateAccountRequest,
    response: { 201: ZUser, ...errorResponses(400, 401, 403) },
  };
  const create = async (
    req: FastifyRequest<{ Body: typeof ZCreateAccountRequest._input }>,
    reply: { status(c: number): unknown },
  ) => {
    const user = await users.createAccount(app.ctx, caller(req).user, req.body, requestSource(req));
    reply.status(201);
    return presentUser(user);
  };

  const createOptions = (summary: string) => ({ config: { policy: ADMIN_ONLY }, schema: { ...createSchema, summary } });
  app.post('/user/create-admin/', createOptions('Create an account (ADMIN only; spec §7)'), create);
  app.post('/admin/users/', createOptions('Create an account (ADMIN only)'), create);

  app.get(
    '/admin/users/',
    {
      config: { policy: ADMIN_ONLY },
      schema: {
        tags: ['users'],
        summary: 'Search accounts (ADMIN only)',
        querystring: ZUserListQuery,
        response: { 200: ZUserListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const { rows, count, page, pageSize } = await users.listAccounts(app.ctx, caller(req).user, req.query);
      return {
        results: rows.map(presentUser),
        count,
        next: page * pageSize < count ? pageUrl(req, page + 1) : null,
        previous: page > 1 ? pageUrl(req, page - 1) : null,
      };
    },
  );

  app.patch(
    '/admin/users/:id/',
    {
      config: { policy: ADMIN_ONLY },
      schema: {
        tags: ['users'],
        summary: 'Edit an account; new type, flags or deactivation end its sessions (ADMIN only)',
        params: ZUserIdParams,
        body: ZUpdateAccountRequest,
        response: { 200: ZUser, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) =>
      presentUser(await users.updateAccount(app.ctx, caller(req).user, req.params.id, req.body, requestSource(req))),
  );

  app.post(
    '/admin/users/:id/reset-password/',
    {
      config: { policy: ADMIN_ONLY },
      schema: {
        tags: ['users'],
        summary: "Set a user's password and end their sessions (ADMIN only)",
        params: ZUserIdParams,
        body: ZResetPasswordRequest,
        response: { 200: ZDetailResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await users.resetPassword(app.ctx, caller(req).user, req.params.id, req.body.new_password, requestSource(req));
      return { detail: 'Password reset.' };
    },
  );

  app.get(
    '/users/:username/',
    {
      config: { policy: { rule: "any staff member: a colleague's public card", outsider: null } },
      schema: {
        tags: ['users'],
        summary: "A colleague's profile card",
        params: ZUsernameParams,
        response: { 200: ZPublicProfile, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => presentProfile(await users.getProfile(app.ctx, req.params.username)),
  );
};
