/**
 * The embedded database as a process sees it: acknowledged writes survive SIGKILL (20
 * times in a row), SIGTERM finishes requests in flight and exits promptly whatever the
 * clients hold, and a second process is refused the same DATA_DIR. Embedded only: the
 * PostgreSQL pass leaves out test/embedded/ (its kill runs: test/postgres/kill-runs.test.ts).
 */
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, makeApi, openSocket, ready, tempDir } from '../harness.js';
import { exitWithin, holdConnections, sigkillRuns, spawnServer, type ServerProcess } from '../processes.js';

const dirs: string[] = [];
const procs: ServerProcess[] = [];
afterAll(() => {
  for (const p of procs) p.child.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

// One DATA_DIR for the whole file: a fresh one costs a database creation and the demo
// seed (~10 s here) per test; reopening a used one costs a start.
let sharedDir: string | undefined;
function dataDirOfFile(): string {
  if (!sharedDir) dirs.push((sharedDir = tempDir()));
  return sharedDir;
}

async function start(dataDir: string, env: Record<string, string> = {}) {
  const p = await spawnServer({ DATA_DIR: dataDir, ...env });
  procs.push(p);
  return p;
}

async function adminToken(url: string) {
  const res = await makeApi(url)('POST', '/api/auth/jwt/login/', {
    body: { username: 'admin', password: DEMO_PASSWORD },
  });
  return res.body.access as string;
}

describe('embedded database in a real process', () => {
  it('keeps every acknowledged write across 20 SIGKILLs mid-burst', { timeout: 300_000 }, async () => {
    const dataDir = dataDirOfFile();
    // One DATA_DIR throughout: each start takes over the killed process's stale lock,
    // recovers, and must still hold every write acknowledged before each kill.
    const { runs, lastExit } = await sigkillRuns({ DATA_DIR: dataDir }, 20);
    expect(runs).toHaveLength(20);
    for (const [i, run] of runs.entries()) {
      expect(run.acknowledged, `run ${i}`).toBeGreaterThanOrEqual(8);
      expect(run.missing, `run ${i}`).toEqual([]);
    }
    expect(lastExit).toBe(0);
  });

  it('SIGTERM finishes the request in flight, closes sockets with 1001, exits 0 and leaves the data ready to open', async () => {
    const dataDir = dataDirOfFile();
    const p = await start(dataDir);
    const { port } = new URL(p.url);
    const socket = openSocket(p.url, '/ws/notification/', await adminToken(p.url));
    await ready(socket);
    // A login whose body is only half sent when SIGTERM arrives.
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/auth/jwt/login/',
          headers: { 'content-type': 'application/json' },
        },
        (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on('error', reject);
      req.write('{"username": "admin", ');
      setTimeout(() => {
        p.child.kill('SIGTERM');
        setTimeout(() => req.end(`"password": "${DEMO_PASSWORD}"}`), 300);
      }, 200);
    });
    const res = await response;
    expect((await socket.closed).code).toBe(1001);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).access).toEqual(expect.any(String));
    expect(await p.exited).toBe(0);
    expect(fs.existsSync(`${dataDir}/portal.lock`)).toBe(false);
    const again = await start(dataDir);
    expect(await adminToken(again.url)).toEqual(expect.any(String));
    again.child.kill('SIGTERM');
    await again.exited;
  });

  it('SIGTERM exits 0 within seconds whatever the clients hold open', async () => {
    const dataDir = dataDirOfFile();
    const p = await start(dataDir);
    const token = await adminToken(p.url);
    // A well-behaved socket too: it must still get its 1001.
    const socket = openSocket(p.url, '/ws/notification/', token);
    await ready(socket);
    const release = await holdConnections(p.url, token);
    try {
      p.child.kill('SIGTERM');
      expect(await exitWithin(p, 5000)).toBe(0);
      expect((await socket.closed).code).toBe(1001);
      expect(p.output()).not.toMatch(/took too long/);
    } finally {
      release();
    }
  });

  it('SIGTERM cuts a request that never finishes after SHUTDOWN_GRACE, and exits 0', async () => {
    const dataDir = dataDirOfFile();
    const p = await start(dataDir, { SHUTDOWN_GRACE: '2' });
    const { port } = new URL(p.url);
    // Headers sent, the body never completes: a request in flight, not an idle connection.
    const stalled = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/auth/jwt/login/',
      headers: { 'content-type': 'application/json', 'content-length': '100' },
    });
    const cut = new Promise<void>((resolve) => stalled.on('error', () => resolve()));
    stalled.write('{"username": ');
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    p.child.kill('SIGTERM');
    expect(await exitWithin(p, 8000)).toBe(0);
    await cut;
    // It was given its grace (about 2 s), not cut at once and not waited for forever.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
  });

  it('refuses a second process on the same DATA_DIR, failing fast with a clear message', async () => {
    const dataDir = dataDirOfFile();
    const p = await start(dataDir);
    await expect(start(dataDir)).rejects.toThrow(/in use by process \d+/);
    expect(await adminToken(p.url)).toEqual(expect.any(String));
    p.child.kill('SIGTERM');
    await p.exited;
  });
});
