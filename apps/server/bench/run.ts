/**
 * `npm run bench`: measured figures for BENCHMARKS.md, each beside a baseline taken in
 * the same run on the same machine. Nothing here is asserted by `npm test`.
 */
import autocannon from 'autocannon';
import os from 'node:os';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { DEMO_PASSWORD, makeApi, tempDir } from '../test/harness.js';
import { spawnScript, spawnServer } from '../test/processes.js';
import { openDatabase } from '../src/db/database.js';
import { benchEventLogs, benchFanOut } from './live.bench.js';
import { benchTickets } from './tickets.bench.js';
import { benchItIngest } from './it-ingest.bench.js';
import { benchOcr } from './ocr.bench.js';
import { benchReportPdf } from './report-pdf.bench.js';
import { benchPlans } from './plans.bench.js';
import { benchEmbeddedDriver } from './embedded-driver.bench.js';
import { loopDelayDuring } from './loop-delay.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;

async function load(url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

const WRITES = 2000;
async function writeBurst(query: (sql: string, params: unknown[]) => Promise<unknown>) {
  await query(
    'create table if not exists bench_writes (id serial primary key, body text, at timestamptz default now())',
    [],
  );
  let next = 0;
  const worker = async () => {
    while (next < WRITES) {
      const i = next++;
      // Mostly single-row inserts, and every 50th a bulk insert of 2,000 rows (an import).
      if (i % 50 === 0)
        await query("insert into bench_writes (body) select repeat('x', 100) from generate_series(1, 2000)", []);
      else await query('insert into bench_writes (body) values ($1)', [`row ${i} `.repeat(10)]);
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
}

/** auth/me on a fresh server with `env`: its rate with the session cache on, then off (the same server kind). */
async function authMe(env: Record<string, string>) {
  const rates: { rps: number; p99: number }[] = [];
  for (const ttl of ['30', '0']) {
    const dataDir = tempDir('portal-bench-');
    const portal = await spawnServer({
      LOG_LEVEL: 'warn',
      ...env,
      DATA_DIR: dataDir,
      SESSION_CACHE_TTL: ttl,
    });
    try {
      const login = await makeApi(portal.url)('POST', '/api/auth/jwt/login/', {
        body: { username: 'admin', password: DEMO_PASSWORD },
      });
      rates.push(await load(`${portal.url}/api/auth/me/`, { authorization: `Bearer ${login.body.access as string}` }));
    } finally {
      portal.child.kill('SIGTERM');
      await portal.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return { cached: rates[0]!, uncached: rates[1]! };
}

async function benchAuth() {
  console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per target\n`);
  const hello = await spawnScript('bench/hello.ts');
  try {
    const base = await load(`${hello.url}/hello`);
    const row = (label: string, r: { rps: number; p99: number }) =>
      console.log(`| ${label} | ${r.rps.toFixed(0)} | ${r.p99} | ${(r.rps / base.rps).toFixed(3)} |`);
    console.log('| target | req/s | p99 ms | ÷ hello-world |\n|---|---|---|---|');
    row('bare Fastify hello-world (baseline)', base);
    const embedded = await authMe({});
    row('`GET /api/auth/me/`, embedded, sessions cached (default)', embedded.cached);
    row('`GET /api/auth/me/`, embedded, `SESSION_CACHE_TTL=0` (a session read per request)', embedded.uncached);
    if (process.env.BENCH_DATABASE_URL) {
      // The same endpoint on a real PostgreSQL server, when one is given.
      const pg = await authMe({ DATABASE_URL: process.env.BENCH_DATABASE_URL, PORTAL_SEED_DEMO: '1' });
      row('`GET /api/auth/me/`, PostgreSQL, sessions cached (default)', pg.cached);
      row('`GET /api/auth/me/`, PostgreSQL, `SESSION_CACHE_TTL=0`', pg.uncached);
    }
  } finally {
    hello.child.kill('SIGTERM');
    await hello.exited;
  }
}

/** Event-loop delay during a burst of writes: PGlite in its worker thread (what the
 *  server does) against PGlite on the main thread (the baseline this design avoids). */
async function benchEventLoop() {
  const inWorkerDir = tempDir('portal-bench-');
  const handle = await openDatabase({ dataDir: inWorkerDir, poolSize: 10 });
  const worker = await loopDelayDuring(() => writeBurst((sql, p) => handle.pool.query(sql, p)));
  await handle.close();
  const mainDir = tempDir('portal-bench-');
  const direct = await PGlite.create({ dataDir: mainDir });
  const onMain = await loopDelayDuring(() => writeBurst((sql, p) => direct.query(sql, p)));
  await direct.close();
  console.log(`event-loop delay during ${WRITES} writes, 10 concurrent (1 in 50 a 2,000-row bulk insert):`);
  console.log('| embedded database | p99 loop delay ms | max ms | burst ms |\n|---|---|---|---|');
  console.log(
    `| PGlite in a worker thread, over pg (the server) | ${worker.p99.toFixed(1)} | ${worker.max.toFixed(1)} | ${worker.ms.toFixed(0)} |`,
  );
  console.log(
    `| PGlite on the main thread (baseline) | ${onMain.p99.toFixed(1)} | ${onMain.max.toFixed(1)} | ${onMain.ms.toFixed(0)} |`,
  );
  for (const d of [inWorkerDir, mainDir]) fs.rmSync(d, { recursive: true, force: true });
}

const SECTIONS: Record<string, () => Promise<unknown>> = {
  auth: benchAuth,
  eventloop: benchEventLoop,
  fanout: async () => console.log(`${await benchFanOut()}\n`),
  eventlogs: async () => console.log(`${await benchEventLogs()}\n`),
  tickets: async () => console.log(`${await benchTickets()}\n`),
  itingest: async () => console.log(`${await benchItIngest()}\n`),
  ocr: async () => console.log(`${await benchOcr()}\n`),
  reportpdf: async () => console.log(`${await benchReportPdf()}\n`),
  plans: async () => console.log(`${await benchPlans()}\n`),
  embeddeddriver: async () => console.log(`${await benchEmbeddedDriver()}\n`),
};

// `npm run bench` runs every section; `npm run bench -- fanout eventlogs` only those.
const chosen = process.argv.slice(2).filter((a) => a in SECTIONS);
console.log(
  `# bench ${new Date().toISOString()} — ${os.cpus().length}× ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}\n`,
);
for (const name of chosen.length ? chosen : Object.keys(SECTIONS)) {
  console.log(`## ${name}\n`);
  await SECTIONS[name]!();
}
