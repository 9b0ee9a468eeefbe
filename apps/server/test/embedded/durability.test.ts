/**
 * The embedded database as a process sees it: acknowledged writes survive SIGKILL,
 * SIGTERM finishes requests in flight and closes cleanly, and a second process is
 * refused the same DATA_DIR. Embedded only: the PostgreSQL pass leaves out test/embedded/.
 */
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, makeApi, openSocket, ready, tempDir } from '../harness.js';
import { spawnServer, type ServerProcess } from '../processes.js';

const dirs: string[] = [];
const procs: ServerProcess[] = [];
afterAll(() => {
  for (const p of procs) p.child.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function start(dataDir: string) {
  const p = await spawnServer({ DATA_DIR: dataDir });
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
  it('keeps every acknowledged write across a SIGKILL mid-burst', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const first = await start(dataDir);
    const api = makeApi(first.url);
    const token = await adminToken(first.url);
    const acknowledged: string[] = [];
    let n = 0;
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const username = `crash.${n++}`;
        try {
          const res = await api('POST', '/api/auth/me/', { token, body: { phone: String(n) } });
          const created = await api('POST', '/api/user/create-admin/', {
            token,
            body: { username, email: `${username}@x.example`, password: 'Granite-Ocean-31', user_type: 'IT' },
          });
          if (res.status === 200 && created.status === 201) acknowledged.push(username);
        } catch {
          /* the connection died with the process: not acknowledged */
        }
      }
    };
    const writers = [writer(), writer(), writer(), writer()];
    while (acknowledged.length < 25) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    killed = true;
    await Promise.all(writers);
    await first.exited;

    // The lock of the killed process is stale: a new server takes over and recovers.
    const second = await start(dataDir);
    const api2 = makeApi(second.url);
    const token2 = await adminToken(second.url);
    const found = await api2('GET', '/api/admin/users/?search=crash.&page_size=100', { token: token2 });
    expect(found.status).toBe(200);
    const names = new Set(found.body.results.map((u: { username: string }) => u.username));
    for (const u of acknowledged) expect(names, u).toContain(u);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('SIGTERM finishes the request in flight, closes sockets with 1001, exits 0 and leaves the data ready to open', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
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

  it('refuses a second process on the same DATA_DIR, failing fast with a clear message', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const p = await start(dataDir);
    await expect(start(dataDir)).rejects.toThrow(/in use by process \d+/);
    expect(await adminToken(p.url)).toEqual(expect.any(String));
    p.child.kill('SIGTERM');
    await p.exited;
  });
});
