import WebSocket from 'ws';
import pg from 'pg';
import { WS_CHANNELS } from '@portal/contracts';
import { DEMO_PASSWORD, makeApi, tempDir } from '../test/harness.js';
import { spawnScript, spawnServer } from '../test/processes.js';

const SOCKETS = 1000;

/** Opens n sockets; resolves when all are open (and answered a ping, when asked). */
async function openMany(url: string, n: number, handshake: boolean): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < n; i += 50) {
    const batch = Array.from({ length: Math.min(50, n - i) }, () => {
      const ws = new WebSocket(url);
      sockets.push(ws);
      return new Promise<void>((resolve, reject) => {
        ws.once('error', reject);
        ws.once('open', () => {
          if (!handshake) return resolve();
          ws.once('message', () => resolve());
          ws.send(JSON.stringify({ command: 'ping' }));
        });
      });
    });
    await Promise.all(batch);
  }
  return sockets;
}

/** Milliseconds from `trigger` to each socket's first message after it. */
async function fanOut(sockets: WebSocket[], trigger: () => Promise<unknown>) {
  const arrivals: number[] = [];
  let t0 = 0;
  const all = new Promise<void>((resolve) => {
    for (const ws of sockets) {
      ws.once('message', () => {
        arrivals.push(performance.now() - t0);
        if (arrivals.length === sockets.length) resolve();
      });
    }
  });
  t0 = performance.now();
  await trigger();
  await all;
  arrivals.sort((a, b) => a - b);
  const pct = (p: number) => arrivals[Math.min(arrivals.length - 1, Math.floor(arrivals.length * p))]!;
  return { p50: pct(0.5), p99: pct(0.99), last: arrivals.at(-1)! };
}

export async function benchFanOut(): Promise<string> {
  const portal = await spawnServer({ DATA_DIR: tempDir('portal-bench-'), LOG_LEVEL: 'warn' });
  const bare = await spawnScript('bench/ws-broadcast.ts');
  try {
    const api = makeApi(portal.url);
    const login = async (username: string) =>
      (await api('POST', '/api/auth/jwt/login/', { body: { username, password: DEMO_PASSWORD } })).body
        .access as string;
    const hr = await login('hr');
    const admin = await login('admin');
    const wsBase = portal.url.replace(/^http/, 'ws');
    const portalSockets = await openMany(`${wsBase}${WS_CHANNELS.notification}?token=${hr}`, SOCKETS, true);
    const bareSockets = await openMany(bare.url.replace(/^http/, 'ws'), SOCKETS, false);
    const lines = ['| fan-out to 1,000 sockets | p50 ms | p99 ms | last ms |', '|---|---|---|---|'];
    for (let round = 0; round < 3; round++) {
      const b = await fanOut(bareSockets, () => fetch(`${bare.url}/go`, { method: 'POST' }));
      const p = await fanOut(portalSockets, () =>
        api('POST', '/api/notifications/announce/', {
          token: admin,
          body: { message: `Fan-out ${round}`, levels: ['HR'] },
        }),
      );
      lines.push(
        `| bare ws broadcast (baseline), round ${round + 1} | ${b.p50.toFixed(1)} | ${b.p99.toFixed(1)} | ${b.last.toFixed(1)} |`,
      );
      lines.push(
        `| portal announcement (HTTP → DB → bus → gateway), round ${round + 1} | ${p.p50.toFixed(1)} | ${p.p99.toFixed(1)} | ${p.last.toFixed(1)} |`,
      );
    }
    for (const ws of [...portalSockets, ...bareSockets]) ws.terminate();
    return lines.join('\n');
  } finally {
    portal.child.kill('SIGTERM');
    bare.child.kill('SIGTERM');
    await Promise.all([portal.exited, bare.exited]);
  }
}

/** Event-log page queries through the API at 1,000 rows (baseline) and 1,000,000 rows. */
export async function benchEventLogs(): Promise<string> {
  const dataDir = tempDir('portal-bench-');
  const portal = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const db = new pg.Client({ host: dataDir, port: 5432, user: 'postgres', database: 'postgres' });
  await db.connect();
  try {
    const api = makeApi(portal.url);
    const token = (await api('POST', '/api/auth/jwt/login/', { body: { username: 'admin', password: DEMO_PASSWORD } }))
      .body.access as string;
    // Synthetic rows (the chain is not meaningful for them): a spread of actors, actions and times.
    const fill = (n: number) =>
      db.query(
        `insert into event_logs (at, actor_id, actor_username, action, target_type, target_id, ip, details, prev_hash, hash)
         select now() - (g || ' seconds')::interval, (g % 60) + 1, 'user' || (g % 60), (array['auth.login','auth.logout','profile.updated','account.updated'])[(g % 4) + 1],
                'user', (g % 500)::text, '10.0.0.' || (g % 250), jsonb_build_object('n', g), 'bench', 'bench'
         from generate_series(1, $1) g`,
        [n],
      );
    const since = encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString());
    const queries: [string, string][] = [
      ['first page (50)', '/api/eventlogs/'],
      ['filter actor', '/api/eventlogs/?actor=user7'],
      ['filter action + last 24 h', `/api/eventlogs/?action=profile.updated&from=${since}`],
    ];
    const measure = async (path: string) => {
      const times: number[] = [];
      for (let i = 0; i < 30; i++) {
        const t = performance.now();
        const res = await api('GET', path, { token });
        if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      return { p50: times[15]!, p99: times[29]! };
    };
    const deepCursor = async () => {
      // A page far down the list: follow the cursor of a page fetched at offset ~n/2.
      const r = await db.query(
        `select at, id from event_logs order by at desc, id desc offset (select count(*) / 2 from event_logs) limit 1`,
      );
      const { at, id } = r.rows[0];
      return `/api/eventlogs/?cursor=${Buffer.from(`${new Date(at).toISOString()}|${id}`).toString('base64url')}`;
    };
    const lines = ['| event-log API query | 1,000 rows p50 / p99 ms | 1,000,000 rows p50 / p99 ms |', '|---|---|---|'];
    await fill(1000);
    const small = new Map<string, { p50: number; p99: number }>();
    for (const [label, path] of queries) small.set(label, await measure(path));
    small.set('deep page (keyset cursor at the middle)', await measure(await deepCursor()));
    const t = performance.now();
    for (let i = 0; i < 10; i++) await fill(99_900);
    await db.query('analyze event_logs');
    const fillSeconds = (performance.now() - t) / 1000;
    const big = new Map<string, { p50: number; p99: number }>();
    for (const [label, path] of queries) big.set(label, await measure(path));
    big.set('deep page (keyset cursor at the middle)', await measure(await deepCursor()));
    for (const [label, a] of small) {
      const b = big.get(label)!;
      lines.push(
        `| ${label} | ${a.p50.toFixed(1)} / ${a.p99.toFixed(1)} | ${b.p50.toFixed(1)} / ${b.p99.toFixed(1)} |`,
      );
    }
    lines.push(
      `\n(embedded database; 999,000 rows inserted in ${fillSeconds.toFixed(0)} s; 30 sequential requests per query)`,
    );
    return lines.join('\n');
  } finally {
    await db.end();
    portal.child.kill('SIGTERM');
    await portal.exited;
  }
}
