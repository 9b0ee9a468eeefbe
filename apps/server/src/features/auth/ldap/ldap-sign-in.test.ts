/**
 * Directory sign-in through the one login endpoint (`POST /auth/jwt/login/`), against a
 * real slapd: the directory is asked first, its people get a portal account from ADMIN's
 * group mappings, names it does not know fall through to the portal's own passwords.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authEndpoints as A,
  identityMappingEndpoints as M,
  itAgentEndpoints as IT,
  userEndpoints as U,
} from '@portal/contracts';
import { call } from '../../../../test/client.js';
import { startDirectory, type Directory } from '../../../../test/directory.js';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../../../test/harness.js';

let d: Directory;
let s: TestServer;
const PASSWORDS = {
  layla: 'Layla-Dir-Pass-1',
  sami: 'Sami-Dir-Pass-2',
  rana: 'Rana-Dir-Pass-3',
  yara: 'Yara-Dir-Pass-7',
};

beforeAll(async () => {
  d = await startDirectory();
  await d.addUser({
    uid: 'layla',
    password: PASSWORDS.layla,
    givenName: 'Layla',
    sn: 'Khoury',
    mail: 'layla@corp.example',
  });
  await d.addUser({ uid: 'sami', password: PASSWORDS.sami, givenName: 'Sami', sn: 'Nasser' });
  await d.addUser({ uid: 'rana', password: PASSWORDS.rana, givenName: 'Rana', sn: 'Aziz' });
  await d.addGroup('portal-hr', ['layla', 'sami']);
  await d.addGroup('portal-wfm', []);
  await d.addUser({ uid: 'yara', password: PASSWORDS.yara, givenName: 'Yara', sn: 'Mansour' });
  await d.addGroup('portal-interpreters', ['yara']);
  // A small budget, so the throttle test needs few guesses.
  // hr is a break-glass account, and the directory has a person of the same name.
  await d.addUser({ uid: 'hr', password: 'Directory-Hr-Pass-6', givenName: 'Other', sn: 'Person' });
  s = await startTestServer({ ...d.env(), LOGIN_MAX_FAILURES: '3', LOCAL_LOGIN_ACCOUNTS: 'hr' });
  await mapGroups(s);
});
afterAll(async () => {
  await s?.stop();
  await d?.stop();
});

/** ADMIN's mappings: the directory's groups (by their cn) to user types. */
async function mapGroups(server: TestServer) {
  const token = await server.token('admin');
  for (const [value, user_type] of [
    ['portal-hr', 'HR'],
    ['portal-wfm', 'WFM'],
    ['portal-interpreters', 'INTERPRETER'],
  ] as const) {
    const res = await call(server.api, M.createIdentityMapping, {
      token,
      body: { match_kind: 'group', claim: '', value, user_type, is_manager: false, is_director: false },
    });
    expect(res.status).toBe(201);
  }
}

const login = (server: TestServer, username: string, password: string) =>
  call(server.api, A.login, { body: { username, password } });
const me = (server: TestServer, token: string) => call(server.api, U.getMe, { token });

async function events(server: TestServer, action: string) {
  return server.database.db
    .selectFrom('event_logs')
    .select(['target_id', 'details'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();
}

describe('directory sign-in (search then bind over ldaps://)', () => {
  it('signs a directory user in with the directory password: an account from their entry, typed by their group', async () => {
    const res = await login(s, 'layla', PASSWORDS.layla);
    expect(res.status).toBe(200);
    const access = (res.body as { access: string }).access;
    const who = await me(s, access);
    expect(who.body).toMatchObject({
      username: 'layla',
      first_name: 'Layla',
      last_name: 'Khoury',
      email: 'layla@corp.example',
      user_type: 'HR',
    });
    const logins = await events(s, 'auth.login');
    expect(logins.at(-1)).toMatchObject({ target_id: String(who.body.id), details: { method: 'ldap' } });
    // The portal keeps no password of theirs: the portal password check can never pass.
    const row = await s.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'layla')
      .executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('$argon2')).toBe(false);
  });

  it('refuses a wrong directory password like a wrong password: the same message, recorded, throttled', async () => {
    const wrong = await login(s, 'layla', 'Not-Laylas-Password');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'loginFailed' });
    expect((await events(s, 'auth.login_failed')).at(-1)?.details).toEqual({
      username: 'layla',
      reason: 'wrong password',
    });

    // sami has never signed in: the budget still counts the guesses at their name.
    for (let i = 0; i < 3; i++) expect((await login(s, 'sami', `guess-${i}-x`)).status).toBe(400);
    const throttled = await login(s, 'sami', PASSWORDS.sami);
    expect(throttled.status).toBe(429);
    expect(throttled.body).toMatchObject({ code: 'loginThrottled' });
  });

  it('lets a name the directory does not know sign in with its portal password (break-glass accounts)', async () => {
    const admin = await login(s, 'admin', DEMO_PASSWORD);
    expect(admin.status).toBe(200);
    const unknown = await login(s, 'no-such-person', 'Whatever-Pass-9');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'loginFailed' });
    expect((await events(s, 'auth.login_failed')).at(-1)?.details).toMatchObject({ reason: 'unknown user' });
  });

  it('never asks the directory about a break-glass account, even when it has an entry of that name', async () => {
    const local = await login(s, 'hr', DEMO_PASSWORD);
    expect(local.status).toBe(200);
    expect((await me(s, (local.body as { access: string }).access)).body).toMatchObject({ first_name: 'Hala' });
    const directoryPassword = await login(s, 'hr', 'Directory-Hr-Pass-6');
    expect(directoryPassword.body).toMatchObject({ code: 'loginFailed' });
  });

  it('matches no one with filter syntax in the username, whatever the password', async () => {
    for (const typed of ['*', 'lay*', '*)(uid=*', '*)(|(uid=*', 'layla)(objectClass=*']) {
      const res = await login(s, typed, PASSWORDS.layla);
      expect(res.status, typed).toBe(400);
      expect(res.body, typed).toMatchObject({ code: 'loginFailed' });
    }
  });

  it('refuses an empty password before anything is asked', async () => {
    const res = await login(s, 'layla', '');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ extra: { codes: { password: [{ code: 'blank' }] } } });
  });

  it('enrols the monitoring agent with a directory password too', async () => {
    const res = await call(s.api, IT.enrollAgent, {
      body: {
        username: 'layla',
        password: PASSWORDS.layla,
        machine_id: 'ldap-test-machine-1',
        hostname: 'layla-pc',
        platform: 'linux',
        version: '1.0.0',
      },
    });
    expect(res.status).toBe(201);
    const refused = await call(s.api, IT.enrollAgent, {
      body: {
        username: 'layla',
        password: 'Not-Laylas-Password',
        machine_id: 'ldap-test-machine-1',
        hostname: 'layla-pc',
        platform: 'linux',
        version: '1.0.0',
      },
    });
    expect(refused.status).toBe(400);

    // A directory INTERPRETER: no portal sign-in, but their machine's agent enrols.
    expect((await login(s, 'yara', PASSWORDS.yara)).body).toMatchObject({ code: 'ssoNotStaff' });
    const interpreter = await call(s.api, IT.enrollAgent, {
      body: {
        username: 'yara',
        password: PASSWORDS.yara,
        machine_id: 'ldap-test-machine-2',
        hostname: 'booth-7',
        platform: 'win32',
        version: '1.0.0',
      },
    });
    expect(interpreter.status).toBe(201);
  });

  it('follows group changes at the next sign-in: another group, another type; no mapped group, no access', async () => {
    expect((await login(s, 'rana', PASSWORDS.rana)).body).toMatchObject({ code: 'ssoNoMapping' });
    await d.addToGroup('portal-wfm', 'rana');
    const asWfm = await login(s, 'rana', PASSWORDS.rana);
    expect(asWfm.status).toBe(200);
    expect((await me(s, (asWfm.body as { access: string }).access)).body).toMatchObject({ user_type: 'WFM' });

    await d.removeFromGroup('portal-wfm', 'rana');
    await d.addToGroup('portal-hr', 'rana');
    const asHr = await login(s, 'rana', PASSWORDS.rana);
    expect(asHr.status).toBe(200);
    expect((await me(s, (asHr.body as { access: string }).access)).body).toMatchObject({ user_type: 'HR' });

    await d.removeFromGroup('portal-hr', 'rana');
    expect(await d.memberOf('rana')).toEqual([]);
    const refused = await login(s, 'rana', PASSWORDS.rana);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'ssoNoMapping' });
  });

  it('never logs a directory password or the service account’s', async () => {
    const text = s.logs.join('');
    for (const secret of [...Object.values(PASSWORDS), d.bindPassword])
      expect(text.includes(secret), secret).toBe(false);
  });
});

describe('directory sign-in (direct bind over StartTLS)', () => {
  let direct: TestServer;
  beforeAll(async () => {
    direct = await startTestServer({
      LDAP_URL: d.startTlsUrl,
      LDAP_CA_FILE: d.caCertPath,
      LDAP_USER_DN_TEMPLATE: d.userDnTemplate,
    });
    await mapGroups(direct);
  });
  afterAll(() => direct?.stop());

  it('signs a directory user in by binding as them, and refuses a wrong password', async () => {
    const ok = await login(direct, 'sami', PASSWORDS.sami);
    expect(ok.status).toBe(200);
    expect((await me(direct, (ok.body as { access: string }).access)).body).toMatchObject({
      username: 'sami',
      user_type: 'HR',
    });
    const wrong = await login(direct, 'sami', 'Not-Samis-Password');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'loginFailed' });
    expect((await login(direct, 'admin', DEMO_PASSWORD)).status).toBe(200);
  });
});

describe('directory out of reach', () => {
  let lone: Directory;
  let server: TestServer;
  beforeAll(async () => {
    lone = await startDirectory();
    await lone.addUser({ uid: 'hana', password: 'Hana-Dir-Pass-4', givenName: 'Hana', sn: 'Jaber' });
    await lone.addGroup('portal-hr', ['hana']);
    server = await startTestServer({ ...lone.env() });
    await mapGroups(server);
  });
  afterAll(async () => {
    await server?.stop();
    await lone?.stop();
  });

  it('answers a clear 503 to directory people while local break-glass accounts still sign in', async () => {
    expect((await login(server, 'hana', 'Hana-Dir-Pass-4')).status).toBe(200);
    await lone.down();
    const res = await login(server, 'hana', 'Hana-Dir-Pass-4');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'directoryUnavailable' });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await events(server, 'auth.login_failed')).at(-1)?.details).toEqual({
      username: 'hana',
      reason: 'directory unavailable',
      error: 'ECONNREFUSED',
    });
    // Waiting for the directory is not guessing: hana's budget is untouched.
    const left = await server.database.db.selectFrom('login_failures').selectAll().execute();
    expect(left).toEqual([]);
    const admin = await login(server, 'admin', DEMO_PASSWORD);
    expect(admin.status).toBe(200);
  });
});
