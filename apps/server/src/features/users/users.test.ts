import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authEndpoints as A,
  userEndpoints as U,
  type EndpointInput,
  type TCreateAccountRequest,
} from '@portal/contracts';
import { call } from '../../../test/client.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
});
afterAll(() => s?.stop());

const account = (over: Partial<TCreateAccountRequest> = {}): TCreateAccountRequest => ({
  username: 'new.hire',
  email: 'new.hire@portal.example',
  password: 'Lemon-Tree-Walk-9',
  first_name: 'New',
  last_name: 'Hire',
  user_type: 'WFM',
  ...over,
});
const createAdmin = (token: string, body: TCreateAccountRequest) => call(s.api, U.createAdminAccount, { token, body });
const me = (token: string) => call(s.api, U.getMe, { token });
const accounts = (query: EndpointInput<typeof U.listAccounts>['query']) =>
  call(s.api, U.listAccounts, { token: admin, query });
const patch = (id: number, body: EndpointInput<typeof U.updateAccount>['body'], token = admin) =>
  call(s.api, U.updateAccount, { token, params: { id }, body });
const resetPassword = (id: number, new_password: string, token = admin) =>
  call(s.api, U.resetAccountPassword, { token, params: { id }, body: { new_password } });

describe('POST /api/user/create-admin/', () => {
  it('lets ADMIN create an account with type and flags, who can then sign in', async () => {
    const res = await createAdmin(
      admin,
      account({ username: 'wfm.lead', email: 'wfm.lead@portal.example', is_manager: true }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: 'wfm.lead', user_type: 'WFM', is_manager: true, is_director: false });
    expect(res.body).not.toHaveProperty('password');
    expect(res.body).not.toHaveProperty('password_hash');
    const token = await s.login('wfm.lead', 'Lemon-Tree-Walk-9');
    expect((await me(token)).body.is_manager).toBe(true);
  });

  it('answers 403 to every non-ADMIN, directors included, and creates nothing', async () => {
    for (const who of ['hr', 'director.gi', 'manager.it', 'it']) {
      const token = await s.login(who);
      const res = await createAdmin(token, account({ username: `x.${who}`, email: `x.${who}@portal.example` }));
      expect(res.status, who).toBe(403);
      expect(res.error.message).toEqual(expect.any(String));
    }
    const list = await accounts({ search: 'x.' });
    expect(list.body.results.filter((u) => u.username.startsWith('x.'))).toEqual([]);
  });

  it('answers 400 on username or email when taken (case-insensitively)', async () => {
    const dupName = await createAdmin(admin, account({ username: 'HR', email: 'fresh1@portal.example' }));
    expect(dupName.status).toBe(400);
    expect(Object.keys(dupName.error.extra?.fields ?? {})).toEqual(['username']);
    const dupMail = await createAdmin(admin, account({ username: 'fresh.one', email: 'Admin@Portal.Example' }));
    expect(dupMail.status).toBe(400);
    expect(Object.keys(dupMail.error.extra?.fields ?? {})).toEqual(['email']);
  });

  it('validates every field with the shared schema', async () => {
    const res = await s.api('POST', '/api/user/create-admin/', {
      token: admin,
      body: { username: '', email: 'not-an-email', password: 'short', user_type: 'BOSS' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.extra.fields).sort()).toEqual(['email', 'password', 'user_type', 'username']);
    const common = await createAdmin(
      admin,
      account({ username: 'c1', email: 'c1@portal.example', password: 'iloveyou' }),
    );
    expect(common.status).toBe(400);
    expect(Object.keys(common.error.extra?.fields ?? {})).toEqual(['password']);
  });
});

describe('INTERPRETER and GUEST', () => {
  it('can sign in and read /auth/me/, but every staff endpoint answers 403', async () => {
    for (const who of ['interpreter07', 'guest']) {
      const token = await s.login(who);
      expect((await me(token)).status).toBe(200);
      const staff = await call(s.api, U.getProfile, { token, params: { username: 'hr' } });
      expect(staff.status, who).toBe(403);
      expect(staff.error.message).toMatch(/staff/i);
      expect((await call(s.api, U.listAccounts, { token, query: {} })).status).toBe(403);
      expect((await createAdmin(token, account())).status).toBe(403);
    }
  });
});

describe('GET /api/users/{username}/', () => {
  it("shows a colleague's card to staff and 404s for unknown users", async () => {
    const token = await s.login('hr');
    const res = await call(s.api, U.getProfile, { token, params: { username: 'director.gi' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'director.gi', user_type: 'G.I', is_director: true });
    const missing = await call(s.api, U.getProfile, { token, params: { username: 'no.such.person' } });
    expect(missing.status).toBe(404);
    expect(missing.error).toEqual({ message: 'User not found.', code: 'userNotFound' });
  });
});

describe('ADMIN console endpoints', () => {
  it('searches, filters by type and pages', async () => {
    const all = await accounts({ page_size: 5 });
    expect(all.status).toBe(200);
    expect(all.body.results).toHaveLength(5);
    expect(all.body.count).toBeGreaterThan(50);
    expect(all.body.next).toMatch(/page=2/);
    expect(all.body.previous).toBeNull();
    // The `next` link as the server wrote it.
    const page2 = await s.api('GET', all.body.next!, { token: admin });
    expect(page2.body.previous).toMatch(/page=1/);
    const ids1 = all.body.results.map((u) => u.id);
    expect(page2.body.results.some((u: { id: number }) => ids1.includes(u.id))).toBe(false);

    const interp = await accounts({ user_type: 'INTERPRETER', page_size: 100 });
    expect(interp.body.count).toBe(30);
    expect(new Set(interp.body.results.map((u) => u.user_type))).toEqual(new Set(['INTERPRETER']));

    const search = await accounts({ search: 'director' });
    expect(search.body.results.map((u) => u.username).sort()).toEqual(['director.ad', 'director.gi']);
    const wildcard = await accounts({ search: '%' });
    expect(wildcard.status, JSON.stringify(wildcard.body)).toBe(200);
    expect(wildcard.body.count).toBe(0);
    const bad = await s.api('GET', '/api/admin/users/?page=0&user_type=BOSS', { token: admin });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.extra.fields).sort()).toEqual(['page', 'user_type']);
  });

  it('changing type or flags ends the user’s sessions at once', async () => {
    const id = (await accounts({ search: 'marketing' })).body.results[0]!.id;
    const token = await s.login('marketing');
    const rename = await patch(id, { first_name: 'Mia' });
    expect(rename.status).toBe(200);
    expect((await me(token)).status).toBe(200);
    const promote = await patch(id, { is_manager: true });
    expect(promote.body.is_manager).toBe(true);
    expect((await me(token)).status).toBe(401);
    const t2 = await s.login('marketing');
    expect((await patch(id, { user_type: 'Vendor' })).status).toBe(200);
    expect((await me(t2)).status).toBe(401);
  });

  it('reports every problem of a new account at once: taken username and email, weak password', async () => {
    const res = await call(s.api, U.createAccount, {
      token: admin,
      body: { username: 'HR', email: 'hr@portal.example', password: 'password123', user_type: 'HR' },
    });
    expect(res.status).toBe(400);
    const fields = res.error.extra?.fields ?? {};
    expect(Object.keys(fields).sort()).toEqual(['email', 'password', 'username']);
    expect(fields.username?.[0]).toMatch(/already exists/);
    expect(fields.password?.[0]).toMatch(/too common/);
  });

  it('deactivation ends sessions and refuses sign-in; reactivation restores it', async () => {
    const id = (await accounts({ search: 'g.sdm' })).body.results[0]!.id;
    const token = await s.login('g.sdm');
    const off = await patch(id, { is_active: false });
    expect(off.body.is_active).toBe(false);
    const ended = await me(token);
    expect(ended.status).toBe(401);
    // Said by code, so the sign-in page tells them why they are there (in their language).
    expect(ended.error).toMatchObject({
      code: 'sessionAccountDisabled',
      message: expect.stringMatching(/deactivated/),
    });
    // A session that ended any other way stays the generic refusal.
    await patch(id, { is_active: true });
    const other = await s.login('g.sdm');
    await call(s.api, A.logout, { token: other });
    expect((await me(other)).error).toMatchObject({ code: 'notAuthenticated' });
    await patch(id, { is_active: false });
    const denied = await call(s.api, A.login, { body: { username: 'g.sdm', password: 'Portal#Demo2026' } });
    // The right password for a disabled account is told so, not "invalid".
    expect(denied.status).toBe(403);
    expect(denied.error.message).toMatch(/disabled/);
    const wrong = await call(s.api, A.login, { body: { username: 'g.sdm', password: 'Not-It-1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.error.extra?.fields?.non_field_errors).toHaveLength(1);
    expect((await patch(id, { is_active: true })).status).toBe(200);
    expect(await s.login('g.sdm')).toEqual(expect.any(String));
  });

  it('resets a password, ending the user’s sessions', async () => {
    const id = (await accounts({ search: 'english' })).body.results[0]!.id;
    const token = await s.login('english.department');
    const weak = await resetPassword(id, 'qwerty123');
    expect(weak.status).toBe(400);
    expect((await me(token)).status).toBe(200);
    const ok = await resetPassword(id, 'Orchid-Lantern-77');
    expect(ok.status).toBe(200);
    expect((await me(token)).status).toBe(401);
    expect(await s.login('english.department', 'Orchid-Lantern-77')).toEqual(expect.any(String));
  });

  it('refuses to let ADMIN lock themselves out, and 404s unknown ids', async () => {
    const self = await me(admin);
    const res = await patch(self.body.id, { is_active: false });
    expect(res.status).toBe(400);
    expect((await me(admin)).status).toBe(200);
    expect((await patch(999999, { first_name: 'x' })).status).toBe(404);
  });

  it('answers 403 to non-ADMIN on every console endpoint', async () => {
    const token = await s.login('director.ad');
    expect((await call(s.api, U.listAccounts, { token, query: {} })).status).toBe(403);
    expect((await patch(1, { first_name: 'x' }, token)).status).toBe(403);
    expect((await resetPassword(1, 'Orchid-Lantern-77', token)).status).toBe(403);
    expect((await call(s.api, U.createAccount, { token, body: account({ username: 'x.ad' }) })).status).toBe(403);
  });
});
