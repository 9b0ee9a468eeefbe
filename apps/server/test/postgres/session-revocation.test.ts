/**
 * Sessions are cached in each server's memory; a logout, a password reset or
 * an account change answered by one server must still hold on every other at once.
 * PostgreSQL pass only (TEST_DATABASE_URL): two servers on one database.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness.js';

let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  a = await startTestServer();
  b = await startTestServer({ DATABASE_URL: a.config.DATABASE_URL! });
  expect(b.database.kind).toBe('postgres');
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

/** Milliseconds until `server` answers `status` for GET auth/me with `token` (polling every 20 ms, up to `limit`). */
async function msUntil(server: TestServer, token: string, status: number, limit = 3000): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < limit) {
    if ((await server.api('GET', '/api/auth/me/', { token })).status === status) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 20));
  }
  return Infinity;
}

describe('session revocation across servers, with sessions cached in memory', () => {
  it('a logout on B is refused at once on B and within a second on A', async () => {
    const token = await a.login('quality');
    // Both servers now hold the session in memory.
    for (const s of [a, b, a, b]) expect((await s.api('GET', '/api/auth/me/', { token })).status).toBe(200);
    expect((await b.api('POST', '/api/auth/jwt/logout/', { token })).status).toBe(200);
    expect((await b.api('GET', '/api/auth/me/', { token })).status).toBe(401);
    expect(await msUntil(a, token, 401)).toBeLessThan(1000);
  });

  it('an account change on B (deactivation, then a profile edit) reaches A within a second', async () => {
    const admin = await a.login('admin');
    const token = await a.login('it');
    expect((await a.api('GET', '/api/auth/me/', { token })).status).toBe(200);
    const me = (await a.api('GET', '/api/auth/me/', { token })).body as { id: number; first_name: string };

    const renamed = await b.api('POST', '/api/auth/me/', { token, body: { first_name: 'Renamed' } });
    expect(renamed.status).toBe(200);
    const start = Date.now();
    let seen = '';
    while (Date.now() - start < 1000 && seen !== 'Renamed') {
      seen = ((await a.api('GET', '/api/auth/me/', { token })).body as { first_name: string }).first_name;
    }
    expect(seen).toBe('Renamed');
    await b.api('POST', '/api/auth/me/', { token, body: { first_name: me.first_name } });

    const off = await b.api('PATCH', `/api/admin/users/${me.id}/`, { token: admin, body: { is_active: false } });
    expect(off.status).toBe(200);
    expect(await msUntil(a, token, 401)).toBeLessThan(1000);
    await b.api('PATCH', `/api/admin/users/${me.id}/`, { token: admin, body: { is_active: true } });
  });

  it('while a server’s bus connection is down it trusts no cached session (a revocation then is not missed)', async () => {
    const token = await a.login('hr');
    for (const s of [a, a]) expect((await s.api('GET', '/api/auth/me/', { token })).status).toBe(200);
    // Cut this database's LISTEN connections (only its own: other test files' servers share the
    // cluster, and a cut there loses their events): the servers reconnect with backoff; events
    // meanwhile are lost.
    const cut = await sql<{ cut: boolean }>`select pg_terminate_backend(pid) as cut from pg_stat_activity
      where datname = current_database() and query ilike 'LISTEN %'`.execute(a.database.db);
    expect(cut.rows.filter((r) => r.cut).length).toBe(2);
    expect((await b.api('POST', '/api/auth/jwt/logout/', { token })).status).toBe(200);
    expect(await msUntil(a, token, 401)).toBeLessThan(1000);
  });
});
