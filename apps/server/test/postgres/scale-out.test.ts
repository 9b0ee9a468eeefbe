/**
 * Two server processes on one PostgreSQL share live events through LISTEN/NOTIFY.
 * Runs in the PostgreSQL pass only (TEST_DATABASE_URL), which vitest.config.ts includes.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, freshPostgresDatabase, makeApi, openSocket, ready, tempDir } from '../harness.js';
import { spawnServer, type ServerProcess } from '../processes.js';

const procs: ServerProcess[] = [];
let drop: (() => Promise<void>) | undefined;

afterAll(async () => {
  for (const p of procs) p.child.kill('SIGTERM');
  await Promise.all(procs.map((p) => p.exited));
  await drop?.();
});

describe('several servers on one PostgreSQL', () => {
  it('a socket on the first server receives a notification created through the second', async () => {
    const database = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!);
    drop = database.drop;
    const env = { DATABASE_URL: database.url, PORTAL_SEED_DEMO: '1', DATA_DIR: tempDir() };
    const first = await spawnServer(env);
    procs.push(first);
    const second = await spawnServer({ ...env, DATA_DIR: tempDir() });
    procs.push(second);

    const login = async (base: string, username: string) =>
      (await makeApi(base)('POST', '/api/auth/jwt/login/', { body: { username, password: DEMO_PASSWORD } })).body
        .access as string;
    // Signed on one server, accepted on the other: they share the generated key.
    const hrOnFirst = await login(second.url, 'hr');
    const itOnFirst = await login(second.url, 'it');
    const hrSocket = openSocket(first.url, '/ws/notification/', hrOnFirst);
    const itSocket = openSocket(first.url, '/ws/notification/', itOnFirst);
    await Promise.all([ready(hrSocket), ready(itSocket)]);

    const admin = await login(second.url, 'admin');
    const res = await makeApi(second.url)('POST', '/api/notifications/announce/', {
      token: admin,
      body: { message: 'Across servers', levels: ['HR'] },
    });
    expect(res.status).toBe(201);
    const m = await hrSocket.next((x) => x.message?.command === 'notification');
    expect(m.message.data).toMatchObject({ id: res.body.id, message: 'Across servers' });

    // Revocation crosses servers too: logging out on the second closes the socket on the first.
    await makeApi(second.url)('POST', '/api/auth/jwt/logout/', { token: itOnFirst });
    expect((await itSocket.closed).code).toBe(4401);
    expect(itSocket.messages.some((x) => x.message?.command === 'notification')).toBe(false);
    hrSocket.ws.close();
  });
});
