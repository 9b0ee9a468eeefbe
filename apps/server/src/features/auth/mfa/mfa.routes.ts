import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mfaEndpoints } from '@portal/contracts';
import { unauthorized } from '../../../lib/errors.js';
import { route } from '../../../lib/endpoint.js';
import { caller, clientInfo } from '../../../plugins/auth.js';
import { authenticate } from '../auth.service.js';
import * as mfa from './mfa.service.js';

/** The signed-in caller of a public route, when it sent a valid token (null otherwise). */
export async function optionalSession(req: FastifyRequest) {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return m ? ((await authenticate(req.server.ctx, m[1]!))?.user ?? null) : null;
}

export const mfaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const M = mfaEndpoints;

  /** Enrolment: a session, or an `mfa_enrol` challenge from a sign-in that must enrol first. */
  async function enroller(req: FastifyRequest, challenge: string | undefined) {
    const who = await mfa.enrollerOf(
      ctx,
      challenge === undefined ? await optionalSession(req) : null,
      challenge,
      clientInfo(req),
    );
    if (!who) throw unauthorized();
    return who;
  }

  // Wrong codes count towards the address's failure budget too (like passwords).
  const limitFailures = { config: { limitFailures: true } };

  route(app, M.verifyMfa, (req) => mfa.verifySignIn(ctx, req.body, clientInfo(req)), limitFailures);
  route(app, M.getMyMfa, (req) => mfa.myFactors(ctx, caller(req).user));
  route(app, M.setupTotp, async (req) => mfa.setupTotp(ctx, (await enroller(req, req.body.challenge)).user));
  route(
    app,
    M.confirmTotp,
    async (req) => mfa.confirmTotp(ctx, await enroller(req, req.body.challenge), req.body.code, clientInfo(req)),
    limitFailures,
  );
  route(
    app,
    M.removeTotp,
    async (req) => {
      await mfa.removeTotp(ctx, caller(req).user, req.body, clientInfo(req));
      return { detail: 'Authenticator app removed.' };
    },
    limitFailures,
  );
  route(
    app,
    M.regenerateRecoveryCodes,
    (req) => mfa.regenerateRecoveryCodes(ctx, caller(req).user, req.body.code, clientInfo(req)),
    limitFailures,
  );
  route(app, M.resetAccountMfa, async (req) => {
    await mfa.resetFactors(ctx, caller(req).user, req.params.id, clientInfo(req));
    return { detail: 'Second factors removed.' };
  });
};
