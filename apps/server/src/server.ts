import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from './lib/config.js';
import { buildApp } from './app.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { resolveSigningSecret } from './features/auth/index.js';
import { countUsers } from './features/users/index.js';
import { serverFeatures } from './features.js';
import { createJobQueue, type JobQueue } from './lib/queue.js';
import { seedDemo, seedDemoWhenRunning, seedDemoWithApp } from './seed/demo.js';
import { createLocalBus, createPostgresBus, type EventBus } from './plugins/realtime/event-bus.js';
import { startScheduler } from './lib/scheduler.js';
import { deleteEndedWindows } from './lib/rate-limit.repository.js';
import { addMetricsSource, measurePoolAcquire } from './lib/metrics.js';

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  url: string;
  seeded: number;
  /** Stops accepting, finishes requests in flight, then closes the database. */
  close(): Promise<void>;
}

export interface StartOptions {
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  webDist?: string;
}

/** Waits for `work`, but no longer than `ms`. */
async function bounded(work: Promise<unknown> | undefined, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.resolve(work).catch(() => undefined),
    new Promise((resolve) => (timer = setTimeout(resolve, ms))),
  ]);
  clearTimeout(timer);
}

/** Opens the database, migrates, seeds when due, and listens. Used by main.ts and tests. */
export async function startServer(config: Config, opts: StartOptions = {}): Promise<RunningServer> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    statementCache: config.DATABASE_STATEMENT_CACHE,
  });
  const poolReading = measurePoolAcquire(database.pool);
  let bus: EventBus | undefined;
  let queue: JobQueue | undefined;
  let appLog: FastifyInstance['log'] | undefined;
  try {
    await migrateToLatest(database.db);
    // Demo data only on an empty embedded database, or when asked explicitly: never
    // silently on a real PostgreSQL server.
    const seedDue = config.PORTAL_SEED_DEMO || (database.kind === 'embedded' && (await countUsers(database.db)) === 0);
    const seeded = seedDue ? await seedDemo(database.db, config.TIME_ZONE) : 0;
    const secret = await resolveSigningSecret({
      jwtSecret: config.JWT_SECRET,
      dataDir: config.DATA_DIR,
      db: database.db,
      kind: database.kind,
    });
    bus = config.DATABASE_URL ? await createPostgresBus(config.DATABASE_URL, database.pool, console) : createLocalBus();
    queue = createJobQueue({
      pool: database.pool,
      db: database.db,
      work: config.PORTAL_ROLE !== 'api',
      maintenanceSeconds: config.QUEUE_MAINTENANCE,
      // The app's logger once it exists (the queue starts only after the app is built).
      log: {
        error: (obj, msg) => appLog?.error(obj, msg),
        warn: (obj, msg) => appLog?.warn(obj, msg),
      },
    });
    const app = await buildApp({
      ctx: {
        db: database.db,
        config,
        bus,
        queue,
        tokens: { secret, ttlSeconds: config.JWT_TTL, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE },
      },
      loggerInstance: opts.loggerInstance,
      webDist: opts.webDist,
    });
    appLog = app.log;
    // Demo data that goes through a service (IT's machines through the real ingest).
    if (seeded > 0) await seedDemoWithApp(app.ctx);
    await app.listen({ port: config.PORT, host: config.HOST });
    // Jobs left queued or running by an earlier process (a restart, a crash) carry on here.
    if (config.PORTAL_ROLE === 'worker') await queue.start();
    else await queue.resume();
    // Demo data that goes through the real queue (OCR's documents), finished in the background.
    if (seeded > 0) await seedDemoWhenRunning(app.ctx);
    const jobQueue = queue;
    // The embedded database is the demo's (seeded on its first start): demo feeds run there too.
    const demo = config.PORTAL_SEED_DEMO || database.kind === 'embedded';
    const stopJobs = startScheduler(
      database.db,
      [
        ...serverFeatures.flatMap((feature) => feature.jobs?.(app.ctx, { demo }) ?? []),
        { name: 'rate-limits.cleanup', everyMs: 3600_000, run: (db) => deleteEndedWindows(db) },
        // A server started before any job was queued starts working the queue once one was.
        { name: 'queue.resume', everyMs: 10_000, ownTransactions: true, run: () => jobQueue.resume() },
      ],
      app.log,
    );
    // This process's pool and the queue's depth, read when /metrics is scraped.
    const dropMetrics = addMetricsSource({ pool: poolReading, queueDepth: () => jobQueue.depth() });
    const addr = app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : config.PORT;
    let closing: Promise<void> | undefined;
    return {
      app,
      database,
      seeded,
      url: `http://localhost:${port}`,
      close() {
        closing ??= (async () => {
          stopJobs();
          dropMetrics();
          // Running jobs go back to the queue for another process (or this one's next start).
          await jobQueue.stop();
          // Bounded (plugins/shutdown.ts, the gateway): idle and silent clients are cut.
          await app.close();
          // Ending a connection to a PostgreSQL that stopped answering can wait for TCP's own
          // timeouts; nothing is left to flush on these, so do not wait long. (The embedded
          // database is always awaited: its worker must close its files before the lock goes.)
          await bounded(bus?.close(), 3000);
          await (database.kind === 'postgres' ? bounded(database.close(), 5000) : database.close());
        })();
        return closing;
      },
    };
  } catch (err) {
    await queue?.stop();
    await bus?.close();
    await database.close();
    throw err;
  }
}
