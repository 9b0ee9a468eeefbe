import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import { buildApp } from './app.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { resolveSigningSecret } from './features/auth/signing-secret.js';
import { countUsers } from './features/users/users.repository.js';
import { seedDemo } from './seed/demo.js';

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

/** Opens the database, migrates, seeds when due, and listens. Used by main.ts and tests. */
export async function startServer(config: Config, opts: StartOptions = {}): Promise<RunningServer> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  try {
    await migrateToLatest(database.db);
    // Demo data only on an empty embedded database, or when asked explicitly: never
    // silently on a real PostgreSQL server.
    const seedDue =
      config.PORTAL_SEED_DEMO || (database.kind === 'embedded' && (await countUsers(database.db)) === 0);
    const seeded = seedDue ? await seedDemo(database.db) : 0;
    const secret = await resolveSigningSecret({
      jwtSecret: config.JWT_SECRET,
      dataDir: config.DATA_DIR,
      db: database.db,
      kind: database.kind,
    });
    const app = await buildApp({
      ctx: {
        db: database.db,
        config,
        tokens: { secret, ttlSeconds: config.JWT_TTL, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE },
      },
      loggerInstance: opts.loggerInstance,
      webDist: opts.webDist,
    });
    await app.listen({ port: config.PORT, host: config.HOST });
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
          await app.close();
          await database.close();
        })();
        return closing;
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}
