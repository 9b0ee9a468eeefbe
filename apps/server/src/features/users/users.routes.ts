import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userEndpoints } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { route, type EndpointRequest } from '../../lib/endpoint.js';
import { caller, requestSource } from '../../plugins/auth.js';
import { presentProfile, presentUser } from './users.presenter.js';
import * as users from './users.service.js';

/** `next`/`previous` as absolute-path URLs with the same filters, like the spec's pages. */
function pageUrl(req: FastifyRequest, page: number | null): string | null {
  if (page === null) return null;
  const url = new URL(req.url, 'http://x');
  url.searchParams.set('page', String(page));
  return url.pathname + url.search;
}

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const U = userEndpoints;

  // The caller's own account (spec §7 puts it under auth/; it is this feature's data).
  route(app, U.getMe, (req) => presentUser(caller(req).user));
  route(app, U.updateMe, async (req) =>
    presentUser(await users.updateOwnProfile(ctx, caller(req).user, req.body, requestSource(req))),
  );

  // Spec §7's path and the admin console's create the same way.
  const create = async (req: EndpointRequest<typeof U.createAccount>) =>
    presentUser(await users.createAccount(ctx, caller(req).user, req.body, requestSource(req)));
  route(app, U.createAdminAccount, (req) => create(req));
  route(app, U.createAccount, create);

  route(app, U.listAccounts, async (req) => {
    const { rows, count, page, pageSize } = await users.listAccounts(ctx, caller(req).user, req.query);
    return {
      results: rows.map(presentUser),
      count,
      next: page * pageSize < count ? pageUrl(req, page + 1) : null,
      previous: page > 1 ? pageUrl(req, page - 1) : null,
    };
  });
  route(app, U.updateAccount, async (req) =>
    presentUser(await users.updateAccount(ctx, caller(req).user, req.params.id, req.body, requestSource(req))),
  );
  route(app, U.resetAccountPassword, async (req) => {
    await users.resetPassword(ctx, caller(req).user, req.params.id, req.body.new_password, requestSource(req));
    return { detail: 'Password reset.' };
  });
  route(app, U.getProfile, async (req) => presentProfile(await users.getProfile(ctx, req.params.username)));
};
