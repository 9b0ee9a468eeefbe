/**
 * PostgreSQL going away under load: the API answers 503 with a generic body (never a 500
 * with details), and recovers by itself when the database returns: the pool opens fresh
 * connections, the event bus LISTENs again, no restart. The database is taken away by a
 * TCP proxy in front of it (tcp-proxy.ts), not by stopping the shared cluster.
 * Runs in the PostgreSQL pass only (TEST_DATABASE_URL).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, makeApi, openSocket, ready, tempDir, type Api } from '../harness.js';
import { exitWithin, holdConnections, spawnServer, type ServerProcess } from '../processes.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';
import { tokenFor } from './two-servers.js';

// The one body every outage answer carries: plain words and their code (the reader's language comes from the code).
const GENERIC = { message: 'The service is temporarily unavailable. Try again shortly.', code: 'serviceUnavailable' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let proxy: TcpProxy;
let server: ServerProcess;
let api: Api;

beforeAll(async () => {
  database = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!);
  proxy = await startTcpProxy(database.url);
  server = await spawnServer({ DATABASE_URL: proxy.url(database.url), PORTAL_SEED_DEMO: '1', DATA_DIR: tempDir() });
  api = makeApi(server.url);
});
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  await proxy?.close();
  await database?.drop();
});

interface Answer {
  at: number;
  status: number;
  body: unknown;
  retryAfter: string | null;
}

/** Concurrent readers and writers, each recording every answer, until stopped. */
function load(token: string, concurrency = 6) {
  const answers: Answer[] = [];
  let stopped = false;
  const loop = async (i: number) => {
    for (let n = 0; !stopped; n++) {
      try {
        const res =
          i % 2
            ? await api('POST', '/api/auth/me/', { token, body: { phone: String(n) } })
            : await api('GET', '/api/auth/me/', { token });
        answers.push({
          at: Date.now(),
          status: res.status,
          body: res.body,
          retryAfter: res.headers.get('retry-after'),
        });
      } catch {
        answers.push({ at: Date.now(), status: 0, body: null, retryAfter: null }); // the server itself failed
      }
    }
  };
  const loops = Array.from({ length: concurrency }, (_, i) => loop(i));
  return {
    answers,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

async function until(check: () => boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await sleep(50);
  }
}

describe('PostgreSQL unreachable under load', () => {
  for (const mode of ['refuse', 'reset'] as const) {
    it(`answers 503 with the generic body, then 200 again by itself (${mode})`, async () => {
      const token = await tokenFor(server.url, 'admin');
      const traffic = load(token);
      await sleep(500);
      const cutAt = Date.now();
      if (mode === 'refuse') await proxy.refuse();
      else proxy.reset();
      await sleep(1500);
      // A socket opened now is told to come back (1013), not that its token is bad (4401).
      const socket = openSocket(server.url, '/ws/notification/', token);
      expect((await socket.closed).code).toBe(1013);
      const restoredAt = Date.now();
      await proxy.restore();
      await until(
        () => traffic.answers.some((a) => a.at > restoredAt && a.status === 200),
        15_000,
        'a 200 after the database returned',
      );
      const recoveredAt = Date.now();
      await sleep(1000);
      await traffic.stop();

      const { answers } = traffic;
      expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
      const during = answers.filter((a) => a.at > cutAt + 300 && a.at < restoredAt);
      expect(during.length).toBeGreaterThan(5);
      for (const a of during) {
        expect(a.status).toBe(503);
        expect(a.body).toEqual(GENERIC);
        expect(a.retryAfter).toBe('5');
      }
      const after = answers.filter((a) => a.at > recoveredAt + 200);
      expect(after.length).toBeGreaterThan(5);
      expect(after.filter((a) => a.status !== 200)).toEqual([]);
      expect(server.output()).not.toMatch(/"msg":"request failed"/);
    });
  }

  it('says so on /api/health/ready: 503 naming the database while it is away, 200 when it returns', async () => {
    /** Asks ready until it answers `status` (each answer bounded by the check's own 2 s timeout). */
    const readyAnswers = async (status: number, ms: number) => {
      let last: { status: number; body: any } | undefined;
      await expect
        .poll(async () => (last = await api('GET', '/api/health/ready')).status, { timeout: ms, interval: 100 })
        .toBe(status);
      return last!;
    };
    expect((await api('GET', '/api/health/ready')).status).toBe(200);
    await proxy.refuse();
    try {
      const down = await readyAnswers(503, 30_000);
      expect(down.body.status).toBe('unavailable');
      expect(down.body.checks.database).toBe('failing');
      // The process itself still answers: a load balancer takes it out, an orchestrator does not kill it.
      const live = await api('GET', '/api/health/live');
      expect(live.status).toBe(200);
    } finally {
      await proxy.restore();
    }
    const up = await readyAnswers(200, 30_000);
    expect(up.body).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', queue: 'ok' } });
  });

  it('delivers live events again once the database is back (the LISTEN connection reconnects)', async () => {
    const hr = openSocket(server.url, '/ws/notification/', await tokenFor(server.url, 'hr'));
    await ready(hr);
    const admin = await tokenFor(server.url, 'admin');
    // Each announcement goes out through NOTIFY and comes back through this server's LISTEN.
    const deadline = Date.now() + 30_000;
    let delivered = false;
    while (!delivered && Date.now() < deadline) {
      const res = await api('POST', '/api/notifications/announce/', {
        token: admin,
        body: { message: 'After the outage', levels: ['HR'] },
      });
      expect(res.status).toBe(201);
      delivered = await hr
        .next((m) => m.message?.command === 'notification', 1000)
        .then(() => true)
        .catch(() => false);
    }
    expect(delivered).toBe(true);
    hr.ws.close();
  });

  it('answers 503 or 200, never 500, when an administrator terminates its backends (57P01)', async () => {
    const token = await tokenFor(server.url, 'admin');
    const traffic = load(token);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      for (let i = 0; i < 5; i++) {
        await sleep(200);
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
      }
    } finally {
      await admin.end();
    }
    const endedAt = Date.now();
    await until(() => traffic.answers.some((a) => a.at > endedAt && a.status === 200), 15_000, 'a 200 afterwards');
    await traffic.stop();
    expect(traffic.answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    // Queries on a terminated backend fail with 57P01: those requests are the 503s.
    const unavailable = traffic.answers.filter((x) => x.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const a of unavailable) expect(a.body).toEqual(GENERIC);
    expect(server.output()).not.toMatch(/"msg":"request failed"/);
  });

  it('SIGTERM while the database is unreachable and clients hold connections: exits 0 within seconds', async () => {
    const release = await holdConnections(server.url, await tokenFor(server.url, 'admin'));
    try {
      await proxy.refuse();
      server.child.kill('SIGTERM');
      expect(await exitWithin(server, 8000)).toBe(0);
      expect(server.output()).not.toMatch(/took too long/);
    } finally {
      release();
      await proxy.restore();
    }
  });
});
