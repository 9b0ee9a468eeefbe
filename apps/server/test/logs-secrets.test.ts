import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, openSocket, ready, startTestServer, type TestServer } from './harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.stop());

describe('logs', () => {
  it('never contain a token, a password or a password hash, across a whole API session at trace level', async () => {
    const secrets: string[] = [DEMO_PASSWORD];
    const admin = await s.login('admin');
    secrets.push(admin);
    const hr = await s.login('hr');
    secrets.push(hr);
    await s.api('POST', '/api/auth/jwt/login/', { body: { username: 'hr', password: 'Wrong-Guess-123' } });
    secrets.push('Wrong-Guess-123');
    await s.api('GET', '/api/auth/me/', { token: hr });
    await s.api('GET', `/api/auth/me/?token=${hr}`, { token: hr });
    // Any parameter named like a secret is masked, whatever its exact name; others stay readable.
    await s.api('GET', `/api/auth/me/?access_token=${hr}&api_key=Key-Alpha-1&client_secret=Sec-Beta-2&page=7`, {
      token: hr,
    });
    secrets.push('Key-Alpha-1', 'Sec-Beta-2');
    await s.api('POST', '/api/user/create-admin/', {
      token: admin,
      body: { username: 'log.probe', email: 'log.probe@x.example', password: 'Maple-Syrup-Road-5', user_type: 'IT' },
    });
    secrets.push('Maple-Syrup-Road-5');
    const changed = await s.api('POST', '/api/auth/change_password/', {
      token: hr,
      body: { old_password: DEMO_PASSWORD, new_password: 'Cobalt-Meadow-88' },
    });
    secrets.push('Cobalt-Meadow-88', changed.body.access);
    await s.api('POST', '/api/auth/change_password/', {
      token: changed.body.access,
      body: { old_password: 'bad-old-one', new_password: 'x' },
    });
    secrets.push('bad-old-one');
    await s.api('POST', '/api/admin/users/1/reset-password/', {
      token: admin,
      body: { new_password: 'Ruby-Falcon-41' },
    });
    secrets.push('Ruby-Falcon-41');
    await s.api('POST', '/api/auth/jwt/logout/', { token: changed.body.access });
    await s.api('GET', '/api/auth/me/', { token: changed.body.access });
    const hashes = await s.database.db.selectFrom('users').select('password_hash').execute();
    secrets.push(...hashes.map((h) => h.password_hash));

    const text = s.logs.join('');
    expect(s.logs.length).toBeGreaterThan(20);
    expect(text).toMatch(/\/api\/auth\/me\/\?token=\[REDACTED\]/);
    expect(text).toContain('?access_token=[REDACTED]&api_key=[REDACTED]&client_secret=[REDACTED]&page=7');
    for (const secret of new Set(secrets)) expect(text.includes(secret), secret.slice(0, 12)).toBe(false);
    expect(text).not.toMatch(/\$argon2id\$/);
  });

  it('mask parameters by their decoded names, as the server reads them: an encoded ?token= authenticates and is never logged', async () => {
    // (hr's password was changed above.)
    const token = await s.login('it');
    // The gateway decodes `tok%65n` to `token`: the socket opens as it.
    const socket = openSocket(s.url, `/ws/notification/?tok%65n=${token}`);
    await ready(socket);
    socket.ws.close();
    const spellings = [
      `%74oken=${token}`,
      `TOKEN=${token}`,
      `access%5Ftoken=${token}`,
      `api+key=Key-Gamma-3`,
      `x-api%2Dkey=Key-Delta-4`,
      `page=2&token=a&token=${token}`,
      `client%5fsecret=Sec-Epsilon-5&%ZZ=1`,
    ];
    for (const q of spellings) await s.api('GET', `/api/auth/me/?${q}`, { token });
    const text = s.logs.join('');
    for (const secret of [token, 'Key-Gamma-3', 'Key-Delta-4', 'Sec-Epsilon-5']) {
      expect(text.includes(secret), secret.slice(0, 12)).toBe(false);
    }
    // The names stay as sent (what was asked is still readable), and other values too.
    expect(text).toContain('/ws/notification/?tok%65n=[REDACTED]');
    expect(text).toContain('?page=2&token=[REDACTED]&token=[REDACTED]');
  });
});
