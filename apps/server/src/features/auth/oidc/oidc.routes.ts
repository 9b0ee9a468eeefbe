import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ssoEndpoints } from '@portal/contracts';
import { route } from '../../../lib/endpoint.js';
import { clientInfo } from '../../../plugins/auth.js';
import * as oidc from './oidc.service.js';

/** The address people open: PUBLIC_ORIGIN, else the request's own scheme and host (behind TRUST_PROXY, the proxy's). */
function originOf(req: FastifyRequest): string {
  return req.server.ctx.config.PUBLIC_ORIGIN ?? `${req.protocol}://${req.host}`;
}

/** The query string exactly as the provider sent it (openid-client reads the response from it). */
const searchOf = (req: FastifyRequest) => {
  const at = req.url.indexOf('?');
  return at < 0 ? '' : req.url.slice(at);
};

export const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const S = ssoEndpoints;

  route(app, S.ssoOptions, () => oidc.ssoOptions(ctx));
  route(app, S.oidcStart, async (req, reply) =>
    reply.redirect(await oidc.startSignIn(ctx, req.query, originOf(req), clientInfo(req).ip), 302),
  );
  route(app, S.oidcCallback, async (req, reply) =>
    reply
      // The provider's code and our state are in this URL: no page it leads to may leak it.
      .header('referrer-policy', 'no-referrer')
      .redirect(await oidc.finishCallback(ctx, req.query, searchOf(req), clientInfo(req)), 302),
  );
  // No throttle: a hand-off code is 256 random bits, single use, 60 s: nothing to guess.
  route(app, S.oidcExchange, (req) => oidc.exchangeHandoff(ctx, req.body.code, clientInfo(req)));
  route(app, S.oidcLogout, async (req, reply) => reply.redirect(await oidc.signOutUrl(ctx, originOf(req)), 302));
};
