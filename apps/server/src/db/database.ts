import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { DB } from './schema.js';
import { embeddedPaths, socketAccepts, startEmbedded, type EmbeddedServer } from './embedded.js';
import { preparingClient } from './prepared-statements.js';

export type Database = Kysely<DB>;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  kind: 'embedded' | 'postgres';
  /** Set when this process opened the embedded data itself. */
  embedded?: EmbeddedServer;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  poolSize: number;
  /**
   * CLI mode: when a server already serves DATA_DIR's socket, connect through it
   * instead of opening the files (which the lock would refuse anyway).
   */
  attachToRunningServer?: boolean;
  /** Parameterised queries kept prepared per connection (0: none, e.g. behind a transaction-mode PgBouncer). */
  statementCache?: number;
}

// timestamptz → Date is pg's default; bigint (int8) counts → number, they stay small here.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
// date → the text `YYYY-MM-DD` as stored: a calendar date (leave days, holidays) has no
// time zone, and pg's default (a Date at the server's local midnight) shifts it.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
// numeric (day counts such as 0.5) → number: they are small and exact in a double.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export async function openDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  let embedded: EmbeddedServer | undefined;
  let poolConfig: pg.PoolConfig;
  if (opts.databaseUrl) {
    poolConfig = {
      connectionString: opts.databaseUrl,
      max: opts.poolSize,
      // A database that stops answering (rather than refusing) must not hang requests:
      // after 10 s waiting for a connection the request fails and is answered 503.
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
    };
  } else {
    const attach = opts.attachToRunningServer && (await socketAccepts(opts.dataDir));
    if (!attach) embedded = await startEmbedded(opts.dataDir, 4);
    poolConfig = {
      host: embeddedPaths(opts.dataDir).dir,
      port: 5432,
      user: 'postgres',
      database: 'postgres',
      // ONE connection: pglite-socket multiplexes every connection onto PGlite's single
      // session, and extended-protocol messages (Parse/Bind/Execute) of two connections
      // can interleave there ("unnamed prepared statement does not exist"). PGlite runs
      // one statement at a time anyway, so a single connection costs no throughput.
      max: 1,
    };
  }
  // A CLI attached to a running server's socket prepares nothing: its statements would outlive
  // it in the embedded database's one session.
  const attached = !opts.databaseUrl && !embedded;
  const prepare = attached ? 0 : (opts.statementCache ?? 0);
  const pool = new pg.Pool({
    ...poolConfig,
    idleTimeoutMillis: 30_000,
    ...(prepare > 0 ? { Client: preparingClient(prepare) } : {}),
  });
  // An idle client's error (server restart) must not crash the process.
  pool.on('error', () => {});
  // PGlite's one session outlives our connection to its socket: a new connection starts by
  // dropping what the previous one prepared (this process is the only one that prepares).
  if (prepare > 0 && embedded) pool.on('connect', (client) => void client.query('deallocate all').catch(() => {}));
  // Nor a checked-out one's: a connection that dies mid-query (database stopped, network
  // cut) fails that query (answered 503) and emits 'error' on a client the pool no longer
  // listens to. The pool drops such a client on release and connects afresh next time.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  let closing: Promise<void> | undefined;
  return {
    db,
    pool,
    kind: opts.databaseUrl ? 'postgres' : 'embedded',
    embedded,
    close() {
      closing ??= (async () => {
        await db.destroy();
        await embedded?.stop();
      })();
      return closing;
    },
  };
}
