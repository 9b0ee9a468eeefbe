import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import type { TMessage } from '@portal/contracts';
import { ApiError, retryAfter } from '../lib/errors.js';
import { countHit, releaseHit, type RateLimitCount } from '../lib/rate-limit.repository.js';

/** Counts per key in fixed windows: one more on `take`, one fewer on `give`. */
export interface AttemptCounter {
  take(key: string, windowMs: number): Promise<RateLimitCount>;
  give(key: string): Promise<void>;
}

/** Keys kept before ended windows are swept (an address per key: bounded memory under a spray). */
const MEMORY_SWEEP_AT = 10_000;

/** This process's counts: enough for the embedded database, which serves one process. */
export function memoryCounter(): AttemptCounter {
  const windows = new Map<string, { hits: number; endsAt: number }>();
  return {
    async take(key, windowMs) {
      const now = Date.now();
      if (windows.size >= MEMORY_SWEEP_AT) for (const [k, w] of windows) if (w.endsAt <= now) windows.delete(k);
      let w = windows.get(key);
      if (!w || w.endsAt <= now) {
        w = { hits: 0, endsAt: now + windowMs };
        windows.set(key, w);
      }
      w.hits++;
      return { hits: w.hits, ttlMs: w.endsAt - now };
    },
    async give(key) {
      const w = windows.get(key);
      if (w && w.endsAt > Date.now() && w.hits > 0) w.hits--;
    },
  };
}

/** One in-process counter per database (tests run several servers in one process). */
const processCounters = new WeakMap<Database, AttemptCounter>();
function processCounter(db: Database): AttemptCounter {
  let counter = processCounters.get(db);
  if (!counter) processCounters.set(db, (counter = memoryCounter()));
  return counter;
}

/** Counts in the `rate_limits` table: every server sharing one PostgreSQL sees the same ones. */
export function databaseCounter(db: Database): AttemptCounter {
  return { take: (key, windowMs) => countHit(db, key, windowMs), give: (key) => releaseHit(db, key) };
}

export interface FailureLimitOptions {
  db: Database;
  /** Keep counts in the database (several servers) rather than in this process. */
  shared: boolean;
  /** Failed attempts allowed per address in `windowMs`. */
  max: number;
  windowMs: number;
  /** Tells the client what was refused. */
  message: TMessage;
}

/**
 * A per-address limit on failed attempts (credential routes). An attempt counts the moment
 * it starts (over the limit → 429 before any work), so concurrent attempts cannot all slip
 * in before the first is answered; one that turns out not to be a refusal (a success, or
 * the server's own failure) gives its place back, so people who type their password right
 * are never slowed down. Register it in the scope of the routes it guards, and give them
 * `config.limitFailures: true`.
 */
export async function limitFailuresPerAddress(app: FastifyInstance, opts: FailureLimitOptions): Promise<void> {
  const counter = opts.shared ? databaseCounter(opts.db) : processCounter(opts.db);
  const counted = new WeakSet<FastifyRequest>();
  // One budget per address across every guarded route (sign-in, password change, agent enrolment).
  const keyOf = (req: FastifyRequest) => `failures:${req.ip}`;

  app.addHook('onRequest', async (req) => {
    if (!req.routeOptions.config.limitFailures) return;
    const { hits, ttlMs } = await counter.take(keyOf(req), opts.windowMs);
    if (hits > opts.max) {
      await counter.give(keyOf(req));
      throw new ApiError(429, opts.message, undefined, retryAfter(ttlMs / 1000));
    }
    counted.add(req);
  });
  app.addHook('onResponse', async (req, reply) => {
    if (!counted.has(req)) return;
    counted.delete(req);
    // Only a refusal of the caller's attempt keeps its count (a 429 of another throttle is none).
    const refused = reply.statusCode >= 400 && reply.statusCode < 500 && reply.statusCode !== 429;
    if (!refused)
      await counter.give(keyOf(req)).catch((err: unknown) => req.log.warn({ err }, 'releasing an attempt failed'));
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Count this route's refused attempts against the caller's address (plugins/rate-limit.ts). */
    limitFailures?: boolean;
  }
}
