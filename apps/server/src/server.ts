import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from './lib/config.js';
import { buildApp } from './app.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { deleteExpiredSessions, resolveSigningSecret } from './features/auth/index.js';
import { purgeOldNotifications } from './features/notifications/index.js';
import { escalateSlaBreaches } from './features/tickets/index.js';
import { expireSilentSessions, runDemoFeed } from './features/interpreters/index.js';
import { countUsers } from './features/users/index.js';
import { sendKpiReminders } from './features/kpi/index.js';
import { maintainTelemetry, runItDemoFeed, seedItDemo } from './features/it/index.js';
import { purgeExpiredOcr, seedOcrDemo } from './features/ocr/index.js';
import { sweepCalls } from './features/share/index.js';
import { createJobQueue, type JobQueue } from './lib/queue.js';
import { seedDemo } from './seed/demo.js';
import { createLocalBus, createPostgresBus, type EventBus } from './plugins/realtime/event-bus.js';
import { startScheduler } from './lib/scheduler.js';
import { deleteEndedWindows } from './lib/rate-limit.repository.js';

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
    // IT monitoring's demo machines go through the real ingest, which needs the app's context.
    if (seeded > 0) await seedItDemo(app.ctx);
    await app.listen({ port: config.PORT, host: config.HOST });
    // Jobs left queued or running by an earlier process (a restart, a crash) carry on here.
    if (config.PORTAL_ROLE === 'worker') await queue.start();
    else await queue.resume();
    // OCR's demo documents go through the real queue, so they finish in the background.
    if (seeded > 0 && config.OCR_DEMO) await seedOcrDemo(app.ctx);
    const jobQueue = queue;
    const stopJobs = startScheduler(
      database.db,
      [
        {
          name: 'notifications.retention',
          everyMs: 6 * 3600_000,
          run: (db) => purgeOldNotifications(db, config.NOTIFICATION_RETENTION_DAYS),
        },
        { name: 'sessions.cleanup', everyMs: 3600_000, run: (db) => deleteExpiredSessions(db) },
        // Every server runs it; a conditional end per call records each end once.
        { name: 'share.sweep', everyMs: 10_000, ownTransactions: true, run: () => sweepCalls(app.ctx) },
        { name: 'rate-limits.cleanup', everyMs: 3600_000, run: (db) => deleteEndedWindows(db) },
        // Every server runs it; a conditional update per breach tells each one exactly once.
        {
          name: 'tickets.sla-escalation',
          everyMs: 60_000,
          ownTransactions: true,
          run: () => escalateSlaBreaches(app.ctx),
        },
        // Demo only: plays the telephony platform for the demo cast; each change carries the
        // minute's source_id, so with several servers it is applied once. The embedded
        // database is the demo's (seeded on its first start), so the feed runs there too.
        ...((config.PORTAL_SEED_DEMO || database.kind === 'embedded') && config.PRESENCE_DEMO_FEED
          ? [{ name: 'presence.demo-feed', everyMs: 60_000, ownTransactions: true, run: () => runDemoFeed(app.ctx) }]
          : []),
        // Every server runs it; a conditional update per session closes each one exactly once.
        {
          name: 'presence.expiry',
          everyMs: 60_000,
          ownTransactions: true,
          run: () => expireSilentSessions(app.ctx, config.PRESENCE_EXPIRY_MINUTES),
        },
        // Demo only, like the presence feed: three demo machines stay live (each event once, by seq).
        ...((config.PORTAL_SEED_DEMO || database.kind === 'embedded') && config.IT_DEMO_FEED
          ? [{ name: 'it.demo-feed', everyMs: 60_000, ownTransactions: true, run: () => runItDemoFeed(app.ctx) }]
          : []),
        // Every server runs it; creating and dropping day partitions are idempotent.
        {
          name: 'it.maintenance',
          everyMs: 3600_000,
          ownTransactions: true,
          run: () => maintainTelemetry(app.ctx),
        },
        // A server started before any job was queued starts working the queue once one was.
        { name: 'queue.resume', everyMs: 10_000, ownTransactions: true, run: () => jobQueue.resume() },
        {
          name: 'ocr.retention',
          everyMs: 6 * 3600_000,
          ownTransactions: true,
          run: () => purgeExpiredOcr(app.ctx),
        },
        // Every server runs it; a partial unique index tells each missing value once per kind.
        ...(config.KPI_REMINDERS
          ? [
              {
                name: 'kpi.reminders',
                everyMs: 3600_000,
                ownTransactions: true,
                run: () => sendKpiReminders(app.ctx, new Date()),
              },
            ]
          : []),
      ],
      app.log,
    );
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
