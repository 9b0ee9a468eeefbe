import type { FastifyPluginAsync } from 'fastify';
import { healthEndpoints, type THealthReady } from '@portal/contracts';
import { MIGRATION_NAMES } from '../db/migrate.js';
import { route } from '../lib/endpoint.js';
import { appliedMigrationNames } from '../lib/health.repository.js';

/** The longest a readiness probe waits for the database before calling it failing. */
const DATABASE_TIMEOUT_MS = 2000;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * `/api/health/live` and `/api/health/ready`, for load balancers and the tests' start-up
 * waits: public, no rate limit, one cheap query, and nothing but which part fails (never
 * an error text, a version or a name).
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  const { db, queue } = app.ctx;
  const known = new Set(MIGRATION_NAMES);

  route(app, healthEndpoints.live, () => ({ status: 'ok' as const }));

  route(app, healthEndpoints.ready, async (_req, reply) => {
    // One query answers both: the database is reachable, and which migrations it has.
    const applied = await within(appliedMigrationNames(db), DATABASE_TIMEOUT_MS).catch(() => null);
    const current = applied !== null && applied.length === known.size && applied.every((name) => known.has(name));
    const queueStatus = queue.status();
    const checks: THealthReady['checks'] = {
      database: applied === null ? 'failing' : 'ok',
      migrations: current ? 'ok' : 'failing',
      queue: queueStatus === 'started' || queueStatus === 'idle' ? 'ok' : 'failing',
    };
    const ok = Object.values(checks).every((c) => c === 'ok');
    const answer: THealthReady = { status: ok ? 'ok' : 'unavailable', checks };
    void reply.header('cache-control', 'no-store');
    if (ok) return answer;
    return reply.status(503).send(answer);
  });
};
