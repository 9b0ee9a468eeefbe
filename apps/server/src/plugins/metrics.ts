import crypto from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NOT_FOUND_BODY } from '../lib/error-handler.js';
import { unauthorized } from '../lib/errors.js';
import {
  httpDuration,
  httpRequests,
  loginFailures,
  metricsContentType,
  rateLimited,
  registry,
} from '../lib/metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where METRICS_PORT's own listener serves /metrics (null when it is not set). */
    metricsUrl: string | null;
  }
}

export interface MetricsPluginOptions {
  /** Bearer token /metrics requires (on either port); unset: none. */
  token?: string;
  /** Serve /metrics on this port only (a separate listener), not on the app's. */
  port?: number;
  host: string;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Compares in constant time (both sides hashed to one length first). */
function sameToken(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

function bearer(header: string | string[] | undefined): string | null {
  const m = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return m ? m[1]! : null;
}

/** The route's pattern (`/api/tickets/:id/`), never the URL asked for: bounded label values. */
function routeLabel(req: FastifyRequest): string {
  return req.routeOptions.url ?? 'unmatched';
}

/**
 * Request metrics for every answer (route pattern, method, status, latency; 429s and
 * refused credentials), and `/metrics` in Prometheus text format: behind METRICS_TOKEN on
 * the app's port, or on METRICS_PORT's own listener (bound to METRICS_HOST, loopback by
 * default); 404 when neither is set. Each process serves its own numbers.
 */
export const metricsPlugin = fp<MetricsPluginOptions>(async (app: FastifyInstance, opts) => {
  app.addHook('onResponse', async (req, reply) => {
    const route = routeLabel(req);
    const method = METHODS.has(req.method) ? req.method : 'other';
    const status = reply.statusCode;
    httpRequests.inc({ route, method, status: String(status) });
    httpDuration.observe({ route, method }, reply.elapsedTime / 1000);
    if (status === 429) rateLimited.inc({ route });
    // Credential routes (sign-in, password change, agent enrolment) mark themselves.
    if (req.routeOptions.config?.limitFailures) {
      if (status === 429) loginFailures.inc({ reason: 'throttled' });
      else if (status >= 400 && status < 500) loginFailures.inc({ reason: 'refused' });
    }
  });

  const allowed = (authorization: string | string[] | undefined) => {
    if (!opts.token) return true;
    const given = bearer(authorization);
    return given !== null && sameToken(given, opts.token);
  };

  app.get('/metrics', { schema: { hide: true }, config: { access: 'public' } }, async (req, reply) => {
    if (opts.port !== undefined || !opts.token) return reply.status(404).send(NOT_FOUND_BODY);
    if (!allowed(req.headers.authorization)) throw unauthorized();
    return reply
      .header('cache-control', 'no-store')
      .type(metricsContentType)
      .send(await registry.metrics());
  });

  app.decorate('metricsUrl', null);
  if (opts.port === undefined) return;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify(NOT_FOUND_BODY));
      return;
    }
    if (!allowed(req.headers.authorization)) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify(unauthorized().toBody()));
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metricsContentType, 'cache-control': 'no-store' }).end(text),
      (err: unknown) => {
        app.log.error({ err }, 'metrics collection failed');
        res.writeHead(500).end();
      },
    );
  });
  app.addHook('onListen', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, opts.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const addr = server.address();
    const port = typeof addr === 'object' && addr ? addr.port : opts.port;
    const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
    app.metricsUrl = `http://${host}:${port}/metrics`;
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
