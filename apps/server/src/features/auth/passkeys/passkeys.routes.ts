import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passkeyEndpoints } from '@portal/contracts';
import { route } from '../../../lib/endpoint.js';
import { caller, clientInfo } from '../../../plugins/auth.js';
import { optionalSession } from '../mfa/mfa.routes.js';
import * as passkeys from './passkeys.service.js';
import { relyingParty } from './relying-party.js';

/**
 * Registered inside the auth routes' scope, so refused passkey sign-ins (alone or as the
 * second factor) count towards the same per-address failure budget as passwords.
 */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const P = passkeyEndpoints;
  const rp = (req: FastifyRequest) => relyingParty(ctx, req);
  const limitFailures = { config: { limitFailures: true } };

  route(app, P.listPasskeys, (req) => passkeys.myPasskeys(ctx, caller(req).user));
  /** Registration: a session, or an `mfa_enrol` challenge from a sign-in that must enrol first. */
  const registrant = async (req: FastifyRequest, challenge: string | undefined) =>
    passkeys.registrant(ctx, challenge === undefined ? await optionalSession(req) : null, challenge, clientInfo(req));

  route(app, P.passkeyRegistrationOptions, async (req) => {
    const who = await registrant(req, req.body.challenge);
    return passkeys.registrationOptions(ctx, who.user, rp(req), who.challenge);
  });
  route(app, P.registerPasskey, async (req) =>
    passkeys.register(ctx, await registrant(req, req.body.challenge), req.body, clientInfo(req)),
  );
  route(app, P.renamePasskey, (req) =>
    passkeys.renameOwnPasskey(ctx, caller(req).user, req.params.id, req.body.name, clientInfo(req)),
  );
  route(app, P.passkeyReauthOptions, (req) => passkeys.reauthOptions(ctx, caller(req).user, rp(req)));
  // A removal's proof is a signature, not a guessable secret: no failure budget.
  route(app, P.removePasskey, async (req) => {
    await passkeys.removeOwnPasskey(ctx, caller(req).user, req.params.id, req.body.assertion, clientInfo(req));
    return null;
  });
  route(app, P.passkeyLoginOptions, (req) => passkeys.loginOptions(ctx, rp(req), clientInfo(req)));
  route(app, P.passkeyLogin, (req) => passkeys.signIn(ctx, req.body.assertion, clientInfo(req)), limitFailures);
  route(app, P.mfaPasskeyOptions, (req) => passkeys.mfaOptions(ctx, req.body.challenge, rp(req), clientInfo(req)));
  route(
    app,
    P.mfaPasskeyVerify,
    (req) => passkeys.verifyMfa(ctx, req.body.challenge, req.body.assertion, clientInfo(req)),
    limitFailures,
  );
};
