import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints as A, ssoEndpoints as S } from '@portal/contracts';
import { call } from '../../../../test/client.js';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../../../test/harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ LOCAL_LOGIN: '0', LOCAL_LOGIN_ACCOUNTS: 'Admin, it', MFA_REQUIRED_TYPES: 'GUEST' });
});
afterAll(() => s?.stop());

const signIn = (username: string, password = DEMO_PASSWORD) => call(s.api, A.login, { body: { username, password } });

describe('LOCAL_LOGIN=0', () => {
  it('refuses portal passwords, saying why, to everyone but the break-glass accounts', async () => {
    const refused = await signIn('hr');
    expect(refused.status).toBe(403);
    expect(refused.error.code).toBe('localLoginOff');
    // Listed case-insensitively: these still sign in with their portal password.
    for (const who of ['admin', 'it']) {
      const res = await signIn(who);
      expect(res.status, who).toBe(200);
      expect(res.body).toHaveProperty('access');
    }
  });

  it('still answers a wrong password as a wrong password (the policy is told only to whoever knows it)', async () => {
    const res = await signIn('hr', 'not-the-password');
    expect(res.status).toBe(400);
    expect(res.error.code).toBe('loginFailed');
  });

  it('tells the login page that portal passwords are off', async () => {
    const res = await call(s.api, S.ssoOptions, {});
    expect(res.body).toMatchObject({ local_login: false, passkeys: true, oidc: null });
  });
});
