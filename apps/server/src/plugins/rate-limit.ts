import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Database } from '../db/database.js';
import { tooManyRequests } from '../lib/errors.js';
import { countHit, peekHits } from '../lib/rate-limit.repository.js';

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store interface over the `rate_limits` table, so a limit holds on
 * every server process sharing one PostgreSQL. (The embedded database serves one process:
 * the plugin's own in-memory store is enough there and costs no query.)
 */
function databaseStore(db: Database, prefix = '') {
  return class DatabaseStore {
    incr(key: string, cb: Callback, timeWindow: number) {
      countHit(db, prefix + key, timeWindow).then(
        (r) => cb(null, { current: r.hits, ttl: r.ttlMs }),
        (err: Error) => cb(err),
      );
    }
    read(key: string, cb: Callback) {
      peekHits(db, prefix + key).then(
        (r) => cb(null, { current: r.hits, ttl: r.ttlMs }),
        (err: Error) => cb(err),
      );
    }
    child(routeOptions: { routeInfo?: { method?: string; url?: string } }) {
      const Child = databaseStore(
        db,
        `${prefix}${routeOptions.routeInfo?.method ?? ''}${routeOptions.routeInfo?.url ?? ''}:`,
      );
      return new Child();
    }
  };
}

export interface FailureLimitOptions {
  db: Database;
  /** Keep counts in the database (several servers) rather than in this process. */
  shared: boolean;
  /** Failed attempts allowed per address in `windowMs`. */
  max: number;
  windowMs: number;
  /** Tells the client what was refused. */
  message: string;
}

/**
 * A per-address limit on failed attempts (credential routes): each request first looks
 * at the count (over it → 429 before any work), and only a refused attempt (a 4xx
 * answer) counts, so people who type their password right are never slowed down.
 * Register it in the scope of the routes it guards, and give them `config.limitFailures: true`.
 */
export async function limitFailuresPerAddress(app: FastifyInstance, opts: FailureLimitOptions): Promise<void> {
  const settings: RateLimitPluginOptions = {
    global: false,
    keyGenerator: (req: FastifyRequest) => `failures:${req.ip}`,
  };
  if (opts.shared) settings.store = databaseStore(opts.db, 'rl:') as unknown as RateLimitPluginOptions['store'];
  await app.register(rateLimit, settings);
  const limiter = app.createRateLimit({ max: opts.max, timeWindow: opts.windowMs });

  app.addHook('onRequest', async (req) => {
    if (!req.routeOptions.config.limitFailures) return;
    const status = await limiter(req, { increment: false });
    if (!status.isAllowed && status.isExceeded) throw tooManyRequests(opts.message, status.ttlInSeconds);
  });
  app.addHook('onResponse', async (req, reply) => {
    if (!req.routeOptions.config.limitFailures) return;
    if (reply.statusCode >= 400 && reply.statusCode < 500 && reply.statusCode !== 429) {
      await limiter(req).catch((err: unknown) => req.log.warn({ err }, 'counting a failed attempt failed'));
    }
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Count this route's refused attempts against the caller's address (plugins/rate-limit.ts). */
    limitFailures?: boolean;
  }
}
