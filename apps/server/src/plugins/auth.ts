import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { isStaff, type Access, type MessageCode, type RoutePolicy } from '@portal/contracts';
import { auditSource, type AuditSource, type Authenticated, type ClientInfo } from '../lib/actor.js';
import { forbidden, unauthorized } from '../lib/errors.js';

// Who may call a route and what the service checks beyond it: declared with each
// endpoint in contracts (common/endpoint.ts).
export type { Access, RoutePolicy };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    policy?: RoutePolicy;
  }
  interface FastifyRequest {
    auth: Authenticated | null;
    /** The integration API key a request of an `integration` route came with (else null). */
    integrationKey: { id: number } | null;
  }
}

export interface AuthPluginOptions {
  /** Bearer token → live session and active user, or null (the auth feature's). */
  authenticate(token: string): Promise<Authenticated | null>;
  /** Why a refused token was refused, when its holder should be told (a deactivated account). */
  refusalReason?(token: string): Promise<MessageCode | null>;
  /** An integration API key → its id, or null when unknown or revoked (the interpreters feature's). */
  authenticateKey?(key: string): Promise<{ id: number } | null>;
}

/** Integration keys are recognisable by their prefix; a JWT never starts with it. */
const INTEGRATION_KEY_PREFIX = 'pk_';

function integrationKey(req: FastifyRequest, bearer: string | null): string | null {
  const header = req.headers['x-api-key'];
  if (typeof header === 'string' && header.length > 0) return header;
  return bearer?.startsWith(INTEGRATION_KEY_PREFIX) ? bearer : null;
}

function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1]! : null;
}

export const authPlugin = fp<AuthPluginOptions>(async (app, { authenticate, refusalReason, authenticateKey }) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('integrationKey', null);
  // onRequest, before body parsing and validation: an anonymous caller learns nothing
  // about a route's input rules, and pays for no parsing.
  app.addHook('onRequest', async (req) => {
    if (req.is404) return;
    const access = req.routeOptions.config.access ?? 'staff';
    if (access === 'public') return;
    const token = bearerToken(req);
    const key = access === 'integration' ? integrationKey(req, token) : null;
    if (key !== null) {
      const found = authenticateKey ? await authenticateKey(key) : null;
      if (!found) throw unauthorized('apiKeyInvalid');
      req.integrationKey = found;
      return;
    }
    const auth = token ? await authenticate(token) : null;
    if (!auth) throw unauthorized((token && refusalReason ? await refusalReason(token) : null) ?? 'notAuthenticated');
    req.auth = auth;
    if (access === 'staff' && !isStaff(auth.user)) throw forbidden('staffOnly');
  });
});

/** The caller of a route that is not public (the hook has already refused anyone else). */
export function caller(req: FastifyRequest): Authenticated {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

export function clientInfo(req: FastifyRequest): ClientInfo {
  return { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') };
}

/** Who is acting and from where, for the event log. */
export function requestSource(req: FastifyRequest): AuditSource {
  return auditSource(req.auth?.user ?? null, clientInfo(req));
}
