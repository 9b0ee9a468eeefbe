import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints as A, userEndpoints as U } from '@portal/contracts';
import { call } from '../../../test/client.js';
import { openSocket, ready, startTestServer, type TestServer } from '../../../test/harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.stop());

const login = (username: string, password: string) => call(s.api, A.login, { body: { username, password } });
const me = (token: string) => call(s.api, U.getMe, { token });

describe('POST /api/auth/jwt/login/', () => {
  it('answers an access token for a username, and for an email', async () => {
    const byName = await login('hr', 'Portal#Demo2026');
    expect(byName.status).toBe(200);
    expect(byName.body).toEqual({ access: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/) });
    const byEmail = await login('HR@portal.example', 'Portal#Demo2026');
    expect(byEmail.status).toBe(200);
    expect((await me((byEmail.body as { access: string }).access)).body.username).toBe('hr');
  });

  it('answers 400 with non_field_errors for bad credentials, the same for unknown users', async () => {
    for (const [u, p] of [
      ['hr', 'wrong-password'],
      ['nobody-here', 'Portal#Demo2026'],
    ]) {
      const res = await login(u!, p!);
      expect(res.status).toBe(400);
      expect(res.error.message).toEqual(expect.any(String));
      expect(res.error.extra?.fields?.non_field_errors).toEqual([expect.any(String)]);
    }
  });

  it('answers 400 naming each missing field', async () => {
    const res = await s.api('POST', '/api/auth/jwt/login/', { body: { username: 'hr' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.extra.fields)).toEqual(['password']);
    expect(res.body.extra.fields.password[0]).toBe('This field is required.');
    const none = await s.api('POST', '/api/auth/jwt/login/', { body: {} });
    expect(Object.keys(none.body.extra.fields).sort()).toEqual(['password', 'username']);
  });

  it('throttles after 10 failures for one username from one address, refusing the right password too', async () => {
    for (let i = 0; i < 10; i++) expect((await login('finance', `wrong-${i}`)).status).toBe(400);
    const blocked = await login('finance', 'Portal#Demo2026');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    expect(blocked.error.message).toMatch(/too many/i);
    // Another account from the same address is not affected.
    expect((await login('marketing', 'Portal#Demo2026')).status).toBe(200);
  });
});

describe('GET/POST /api/auth/me/', () => {
  it('answers the user without the password hash', async () => {
    const token = await s.login('director.gi');
    const res = await me(token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'director.gi', user_type: 'G.I', is_director: true, is_manager: false });
    expect(JSON.stringify(res.body)).not.toMatch(/argon|hash/i);
  });

  it('updates own profile fields and refuses type or flags', async () => {
    const token = await s.login('rtm');
    const ok = await call(s.api, U.updateMe, { token, body: { first_name: 'Rana', phone: '+20 100 000' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ first_name: 'Rana', phone: '+20 100 000', user_type: 'RTM' });
    const sneaky = await s.api('POST', '/api/auth/me/', { token, body: { user_type: 'ADMIN', is_director: true } });
    expect(sneaky.status).toBe(400);
    expect((await me(token)).body).toMatchObject({ user_type: 'RTM', is_director: false, first_name: 'Rana' });
  });

  it('answers 400 on email when it belongs to someone else, changing nothing', async () => {
    const token = await s.login('vendor');
    const res = await call(s.api, U.updateMe, { token, body: { email: 'ADMIN@portal.example', first_name: 'X' } });
    expect(res.status).toBe(400);
    expect(res.error.extra?.fields?.email).toHaveLength(1);
    const after = (await me(token)).body;
    expect(after.email).toBe('vendor@portal.example');
    expect(after.first_name).not.toBe('X');
  });
});

// Forged, stale and malformed tokens (alg none, other keys and algorithms, expiry, aud,
// iss, no token, garbage, other schemes…) are one table: test/jwt-attacks.test.ts.
describe('token verification', () => {
  it('expires tokens after JWT_TTL', async () => {
    // Long enough that a busy machine still reads the fresh token in time (1 s flaked
    // under load); then wait until just past the token's own exp claim.
    const short = await startTestServer({ JWT_TTL: '4s' });
    try {
      const token = await short.login('hr');
      expect((await call(short.api, U.getMe, { token })).status).toBe(200);
      const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
      await new Promise((r) => setTimeout(r, Math.max(0, exp * 1000 + 1100 - Date.now())));
      expect((await call(short.api, U.getMe, { token })).status).toBe(401);
    } finally {
      await short.stop();
    }
  });
});

describe('POST /api/auth/jwt/logout/', () => {
  it('revokes the token everywhere, and only that token', async () => {
    const a = await s.login('quality');
    const b = await s.login('quality');
    const out = await call(s.api, A.logout, { token: a });
    expect(out.status).toBe(200);
    expect((await me(a)).status).toBe(401);
    expect((await call(s.api, A.logout, { token: a })).status).toBe(401);
    expect((await call(s.api, U.getProfile, { params: { username: 'hr' }, token: a })).status).toBe(401);
    expect((await me(b)).status).toBe(200);
  });
});

describe('POST /api/auth/change_password/', () => {
  const change = (token: string, old_password: string, new_password: string) =>
    call(s.api, A.changePassword, { token, body: { old_password, new_password } });

  it('rejects a wrong old password on old_password', async () => {
    const token = await s.login('traning');
    const res = await change(token, 'nope-nope', 'Brand-New-Pass-1');
    expect(res.status).toBe(400);
    expect(Object.keys(res.error.extra?.fields ?? {})).toEqual(['old_password']);
  });

  it('rejects short, username-equal and common new passwords on new_password', async () => {
    const token = await s.login('traning');
    for (const bad of ['short', 'traning', 'TRANING', 'password123', '12345678']) {
      const res = await change(token, 'Portal#Demo2026', bad);
      expect(res.status, bad).toBe(400);
      expect(Object.keys(res.error.extra?.fields ?? {}), bad).toEqual(['new_password']);
    }
    const tooLong = await change(token, 'Portal#Demo2026', 'x'.repeat(129));
    expect(tooLong.status).toBe(400);
    // The old password still works: nothing changed.
    expect((await login('traning', 'Portal#Demo2026')).status).toBe(200);
  });

  it('accepts any Unicode, counts characters not bytes, never truncates', async () => {
    const token = await s.login('g.e');
    const arabic = 'كلمة سر طويلة ١٢٣'; // 17 characters, 31 UTF-8 bytes
    const res = await change(token, 'Portal#Demo2026', arabic);
    expect(res.status).toBe(200);
    expect((await login('g.e', arabic)).status).toBe(200);
    // A prefix is a different password (no truncation).
    expect((await login('g.e', arabic.slice(0, -1))).status).toBe(400);
    const long = 'ز'.repeat(128);
    const token2 = await s.login('g.e', arabic);
    expect((await change(token2, arabic, long)).status).toBe(200);
    expect((await login('g.e', long)).status).toBe(200);
    expect((await login('g.e', long.slice(0, 127))).status).toBe(400);
  });

  it('ends every other session, answers a working new token, and the old password stops working', async () => {
    const other = await s.login('recruitment');
    const mine = await s.login('recruitment');
    const res = await change(mine, 'Portal#Demo2026', 'Quiet-Harbour-42');
    expect(res.status).toBe(200);
    expect(res.body.access).toEqual(expect.any(String));
    expect((await me(other)).status).toBe(401);
    expect((await me(res.body.access)).status).toBe(200);
    expect((await login('recruitment', 'Portal#Demo2026')).status).toBe(400);
    expect((await login('recruitment', 'Quiet-Harbour-42')).status).toBe(200);
  });
});

describe('POST /api/auth/ws-ticket/', () => {
  it('answers a single-use socket ticket for a signed-in user, and 401 for anyone else', async () => {
    const res = await call(s.api, A.createWsTicket, { token: await s.login('hr') });
    expect(res.status).toBe(200);
    expect(res.body.expires_in).toBe(60);
    const sock = openSocket(s.url, '/ws/notification/', res.body.ticket);
    await ready(sock);
    sock.ws.close();
    expect((await call(s.api, A.createWsTicket, {})).status).toBe(401);
  });
});
