/**
 * The embedded database reached over its unix socket (pg.Pool of one
 * connection, as the server does today) against a Kysely driver that posts queries
 * straight to PGlite's worker thread over a MessagePort. Both paths hit the SAME PGlite
 * instance (bench/pglite-port-worker.mjs) and are measured alternately (A, B, A, B).
 * A measurement only: nothing in src/ uses the port driver.
 */
import fs from 'node:fs';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import pg from 'pg';
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
// Its side effect: pg's type parsers (int8, date, numeric) exactly as the server sets them.
import '../src/db/database.js';
import type { Database } from '../src/db/database.js';
import type { DB } from '../src/db/schema.js';
import { embeddedPaths } from '../src/db/embedded.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedDemo } from '../src/seed/demo.js';
import { findUserByUsername } from '../src/features/users/users.repository.js';
import { listActive, type Visibility } from '../src/features/tickets/tickets.repository.js';
import { deskDepartments, noteDepartments } from '../src/features/tickets/ticket-reads.service.js';
import { tempDir } from '../test/harness.js';
import { fill } from './tickets.bench.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUND_TRIPS = 5000;
const WRITES = 2000;
const CALLERS = 20;

// ---------------------------------------------------------------- the port driver

interface Reply {
  id: number;
  rows?: Record<string, unknown>[];
  affectedRows?: number;
  error?: Record<string, unknown> & { message: string };
}

/** Request/answer over the worker's MessagePort: one message out, one back, by id. */
class PortClient {
  #next = 0;
  readonly #waiting = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();

  constructor(private readonly port: MessagePort) {
    port.on('message', (reply: Reply) => {
      const w = this.#waiting.get(reply.id);
      this.#waiting.delete(reply.id);
      // Rebuilt as an Error carrying PostgreSQL's fields, as pg's DatabaseError does.
      if (reply.error) w?.reject(Object.assign(new Error(reply.error.message), reply.error));
      else w?.resolve(reply);
    });
  }

  query(text: string, params: readonly unknown[]): Promise<Reply> {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.port.postMessage({ id, sql: text, params });
    });
  }

  close() {
    this.port.close();
  }
}

class PortConnection implements DatabaseConnection {
  constructor(private readonly client: PortClient) {}

  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    const r = await this.client.query(q.sql, q.parameters);
    return {
      rows: (r.rows ?? []) as R[],
      numAffectedRows: r.affectedRows === undefined ? undefined : BigInt(r.affectedRows),
    };
  }

  async *streamQuery(): AsyncIterableIterator<QueryResult<never>> {
    throw new Error('streaming is not supported over the port');
  }
}

/**
 * One logical connection, like the pool of one: a holder (a query, or a whole
 * transaction) keeps it until released, so no other caller's statement lands inside
 * another's transaction on PGlite's single session.
 */
class PortDriver implements Driver {
  readonly #connection: PortConnection;
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(private readonly client: PortClient) {
    this.#connection = new PortConnection(client);
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((r) => (release = r));
    await previous;
    this.#release = release;
    return this.#connection;
  }

  async beginTransaction(c: DatabaseConnection, s: TransactionSettings) {
    const mode = [s.isolationLevel && `isolation level ${s.isolationLevel}`, s.accessMode].filter(Boolean).join(' ');
    await c.executeQuery(CompiledQuery.raw(mode ? `start transaction ${mode}` : 'begin'));
  }

  async commitTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection() {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async destroy() {
    this.client.close();
  }
}

class PortDialect implements Dialect {
  constructor(private readonly client: PortClient) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver() {
    return new PortDriver(this.client);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}

// ---------------------------------------------------------------- both paths on one PGlite

async function openBoth(dataDir: string) {
  const paths = embeddedPaths(dataDir);
  fs.mkdirSync(paths.pgdata, { recursive: true });
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(new URL('./pglite-port-worker.mjs', import.meta.url), {
    workerData: { dataDir: paths.pgdata, socketPath: paths.socketPath, queries: port2 },
    transferList: [port2],
  });
  const started = await new Promise<{ type: string; message?: string }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  if (started.type !== 'ready') throw new Error(started.message ?? 'worker failed');
  // The pool as src/db/database.ts configures it for the embedded database.
  const pool = new pg.Pool({
    host: paths.dir,
    port: 5432,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 30_000,
  });
  const socket: Database = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const port: Database = new Kysely<DB>({ dialect: new PortDialect(new PortClient(port1)) });
  return {
    socket,
    port,
    client: () => new pg.Client({ host: paths.dir, port: 5432, user: 'postgres', database: 'postgres' }),
    async close() {
      await socket.destroy();
      await port.destroy();
      const stopped = new Promise((r) => worker.once('message', r));
      worker.postMessage({ type: 'stop' });
      await stopped;
      await worker.terminate();
    },
  };
}

// ---------------------------------------------------------------- measuring

type PathName = 'socket' | 'port';
interface Rounds {
  socket: number[];
  port: number[];
}

/** `work` on each path alternately, twice: ops/s of each round. */
async function alternate(paths: Record<PathName, Database>, work: (db: Database, path: PathName) => Promise<number>) {
  const rates: Rounds = { socket: [], port: [] };
  for (let round = 0; round < 2; round++)
    for (const name of ['socket', 'port'] as const) {
      const t0 = performance.now();
      const ops = await work(paths[name], name);
      rates[name].push(ops / ((performance.now() - t0) / 1000));
    }
  return rates;
}

/** Runs `op` for SECONDS from `callers` concurrent loops; answers how many ran. */
async function forSeconds(callers: number, op: () => Promise<unknown>) {
  const end = performance.now() + SECONDS * 1000;
  let ops = 0;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (performance.now() < end) {
        await op();
        ops++;
      }
    }),
  );
  return ops;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
const rate = (xs: number[]) => `${mean(xs).toFixed(0)} (${xs.map((x) => x.toFixed(0)).join(', ')})`;

/** The values and their JS types, to show both paths give the server the same rows. */
async function probe(db: Database) {
  const { rows } = await sql<Record<string, unknown>>`select 9007199254740991::int8 as i8, '2026-11-27'::date as d,
    0.5::numeric as n, '2026-11-27T10:00:00Z'::timestamptz as ts, '{"a":[1]}'::jsonb as j, array[1,2]::int[] as a`.execute(
    db,
  );
  const row = rows[0]!;
  const errorCode = await sql`select 1 / 0`.execute(db).then(
    () => 'none',
    (e: { code?: string }) => e.code,
  );
  return JSON.stringify({
    row,
    types: Object.fromEntries(
      Object.entries(row).map(([k, v]) => [k, v instanceof Date ? 'Date' : Array.isArray(v) ? 'array' : typeof v]),
    ),
    errorCode,
  });
}

export async function benchEmbeddedDriver(): Promise<string> {
  const dataDir = tempDir('pgport-bench-');
  const both = await openBoth(dataDir);
  const lines: string[] = [];
  try {
    const t0 = performance.now();
    await migrateToLatest(both.socket);
    await seedDemo(both.socket);
    const client = both.client();
    await client.connect();
    try {
      await fill(client);
      await client.query('create table bench_driver_writes (id serial primary key, body text)');
    } finally {
      await client.end();
    }
    const admin = (await findUserByUsername(both.socket, 'admin'))!;
    const desk: Visibility = {
      viewerId: admin.id,
      deskDepartments: deskDepartments(admin),
      notes: noteDepartments(admin),
      scope: 'desk',
    };
    const listDesk = (db: Database) =>
      listActive(db, desk, { department: 'IT' }, { sort: 'activity', reversed: false }, 20);
    const paths = { socket: both.socket, port: both.port };

    // Parity first: the same rows, the same JS types, the same error codes on both.
    const [probeSocket, probePort] = [await probe(both.socket), await probe(both.port)];
    const [listSocket, listPort] = [await listDesk(both.socket), await listDesk(both.port)];
    const sameList = JSON.stringify(listSocket) === JSON.stringify(listPort);
    lines.push(
      `PGlite in one worker thread, reached through its unix socket (pg.Pool max 1 + PostgresDialect, as the server) ` +
        `and through a MessagePort driver (mutex: one logical connection); migrations, demo seed and 10,000 tickets ` +
        `in ${((performance.now() - t0) / 1000).toFixed(1)} s. Each cell: mean ops/s (round 1, round 2), rounds alternated ` +
        `socket, port, socket, port; ${SECONDS} s per round for the desk list.`,
      '',
      `Parity: type probe ${probeSocket === probePort ? 'identical' : `DIFFERS: socket ${probeSocket} / port ${probePort}`}` +
        ` (${probePort}); desk list (${listSocket.rows.length} rows of ${listSocket.total}) ${sameList ? 'identical' : 'DIFFERS'}.`,
      '',
    );

    // Warm both paths (JIT, PGlite's caches) before any round counts.
    for (const db of [both.socket, both.port]) {
      for (let i = 0; i < 200; i++) await sql`select ${i}::int`.execute(db);
      for (let i = 0; i < 5; i++) await listDesk(db);
    }

    const latencies: Record<PathName, number[]> = { socket: [], port: [] };
    const roundTrips = await alternate(paths, async (db, name) => {
      for (let i = 0; i < ROUND_TRIPS; i++) {
        const s = performance.now();
        await sql`select ${i}::int`.execute(db);
        latencies[name].push(performance.now() - s);
      }
      return ROUND_TRIPS;
    });
    const sequential = await alternate(paths, (db) => forSeconds(1, () => listDesk(db)));
    const concurrent = await alternate(paths, (db) => forSeconds(CALLERS, () => listDesk(db)));
    const writes = await alternate(paths, async (db) => {
      for (let i = 0; i < WRITES; i++)
        await db
          .transaction()
          .execute((trx) => sql`insert into bench_driver_writes (body) values (${`row ${i}`})`.execute(trx));
      return WRITES;
    });

    lines.push('| workload | socket ops/s | port ops/s | ratio (port ÷ socket) |', '|---|---|---|---|');
    const row = (label: string, r: Rounds) =>
      lines.push(`| ${label} | ${rate(r.socket)} | ${rate(r.port)} | ${(mean(r.port) / mean(r.socket)).toFixed(2)} |`);
    row(`(i) \`select $1::int\`, ${ROUND_TRIPS.toLocaleString('en')} sequential round trips`, roundTrips);
    row('(ii) desk list (`listActive`, IT, activity, limit 20), 1 caller', sequential);
    row(`(ii) desk list, ${CALLERS} concurrent callers`, concurrent);
    row(`(iii) ${WRITES.toLocaleString('en')} single-row inserts, one transaction each`, writes);
    lines.push('', '| (i) per round trip | p50 ms | p99 ms |', '|---|---|---|');
    for (const name of ['socket', 'port'] as const) {
      const sorted = latencies[name].sort((a, b) => a - b);
      lines.push(`| ${name} | ${percentile(sorted, 50).toFixed(3)} | ${percentile(sorted, 99).toFixed(3)} |`);
    }
  } finally {
    await both.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return lines.join('\n');
}

// `node --import tsx bench/embedded-driver.bench.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchEmbeddedDriver());
