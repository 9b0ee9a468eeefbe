import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../lib/context.js';

/** Who the browser signs for: the portal's origin and its WebAuthn RP ID (a domain). */
export interface RelyingParty {
  origin: string;
  rpId: string;
}

/** The name authenticators show beside the account ("Staff Portal — rami"). */
export const RP_NAME = 'Staff Portal';

/**
 * WEBAUTHN_ORIGIN, else PUBLIC_ORIGIN, else the request's own scheme and Host (which honour
 * X-Forwarded-* only under TRUST_PROXY), as the websocket gateway decides its origin; the
 * RP ID is WEBAUTHN_RP_ID, else that origin's host name. A request-derived origin cannot
 * be abused by a phishing proxy: the browser scopes a passkey to the RP ID it was made
 * for, so a passkey of the real portal is never offered to another host; set PUBLIC_ORIGIN
 * in production all the same. Both are remembered with the challenge, so the answer is
 * checked against exactly what the browser was asked to sign for.
 */
export function relyingParty(ctx: AppContext, req: FastifyRequest): RelyingParty {
  const { WEBAUTHN_ORIGIN, WEBAUTHN_RP_ID, PUBLIC_ORIGIN } = ctx.config;
  const origin = WEBAUTHN_ORIGIN ?? PUBLIC_ORIGIN ?? new URL(`${req.protocol}://${req.host}`).origin;
  return { origin, rpId: WEBAUTHN_RP_ID ?? new URL(origin).hostname };
}
