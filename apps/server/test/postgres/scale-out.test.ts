/**
 * Two server processes on one PostgreSQL share live events through LISTEN/NOTIFY.
 * Runs in the PostgreSQL pass only (TEST_DATABASE_URL), which vitest.config.ts includes.
 */
import { describe, expect, it } from 'vitest';
import { makeApi, openSocket, ready } from '../harness.js';
import { tokenFor, twoServersOnPostgres } from './two-servers.js';

const startServers = twoServersOnPostgres();

describe('several servers on one PostgreSQL', () => {
  it('a socket on the first server receives a notification created through the second', async () => {
    const [first, second] = await startServers();
    const login = tokenFor;
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
