import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.js';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
});
afterAll(() => s?.stop());

const account = (over: Record<string, unknown> = {}) => ({
  username: 'new.hire',
  email: 'new.hire@portal.example',
  password: 'Lemon-Tree-Walk-9',
  first_name: 'New',
  last_name: 'Hire',
  user_type: 'WFM',
  ...over,
});

describe('POST /api/user/create-admin/', () => {
  it('lets ADMIN create an account with type and flags, who can then sign in', async () => {
    const res = await s.api('POST', '/api/user/create-admin/', {
      token: admin,
      body: account({ username: 'wfm.lead', email: 'wfm.lead@portal.example', is_manager: true }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: 'wfm.lead', user_type: 'WFM', is_manager: true, is_director: false });
    expect(res.body).not.toHaveProperty('password');
    expect(res.body).not.toHaveProperty('password_hash');
    const token = await s.login('wfm.lead', 'Lemon-Tree-Walk-9');
    expect((await s.api('GET', '/api/auth/me/', { token })).body.is_manager).toBe(true);
  });

  it('answers 403 to every non-ADMIN, directors included, and creates nothing', async () => {
    for (const who of ['hr', 'director.gi', 'manager.it', 'it']) {
      const token = await s.login(who);
      const res = await s.api('POST', '/api/user/create-admin/', {
        token,
        body: account({ username: `x.${who}`, email: `x.${who}@portal.example` }),
      });
      expect(res.status, who).toBe(403);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const list = await s.api('GET', '/api/admin/users/?search=x.', { token: admin });
    expect(list.body.results.filter((u: { username: string }) => u.username.startsWith('x.'))).toEqual([]);
  });

  it('answers 400 on username or email when taken (case-insensitively)', async () => {
    const dupName = await s.api('POST', '/api/user/create-admin/', {
      token: admin,
      body: account({ username: 'HR', email: 'fresh1@portal.example' }),
    });
    expect(dupName.status).toBe(400);
    expect(Object.keys(dupName.body.extra.fields)).toEqual(['username']);
    const dupMail = await s.api('POST', '/api/user/create-admin/', {
      token: admin,
      body: account({ username: 'fresh.one', email: 'Admin@Portal.Example' }),
    });
    expect(dupMail.status).toBe(400);
    expect(Object.keys(dupMail.body.extra.fields)).toEqual(['email']);
  });

  it('validates every field with the shared schema', async () => {
    const res = await s.api('POST', '/api/user/create-admin/', {
      token: admin,
      body: { username: '', email: 'not-an-email', password: 'short', user_type: 'BOSS' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.extra.fields).sort()).toEqual(['email', 'password', 'user_type', 'username']);
    const common = await s.api('POST', '/api/user/create-admin/', {
      token: admin,
      body: account({ username: 'c1', email: 'c1@portal.example', password: 'iloveyou' }),
    });
    expect(common.status).toBe(400);
    expect(Object.keys(common.body.extra.fields)).toEqual(['password']);
  });
});

describe('INTERPRETER and GUEST', () => {
  it('can sign in and read /auth/me/, but every staff endpoint answers 403', async () => {
    for (const who of ['interpreter07', 'guest']) {
      const token = await s.login(who);
      expect((await s.api('GET', '/api/auth/me/', { token })).status).toBe(200);
      const staff = await s.api('GET', '/api/users/hr/', { token });
      expect(staff.status, who).toBe(403);
      expect(staff.body.message).toMatch(/staff/i);
      expect((await s.api('GET', '/api/admin/users/', { token })).status).toBe(403);
      expect((await s.api('POST', '/api/user/create-admin/', { token, body: account() })).status).toBe(403);
    }
  });
});

describe('GET /api/users/{username}/', () => {
  it("shows a colleague's card to staff and 404s for unknown users", async () => {
    const token = await s.login('hr');
    const res = await s.api('GET', '/api/users/director.gi/', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'director.gi', user_type: 'G.I', is_director: true });
    const missing = await s.api('GET', '/api/users/no.such.person/', { token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: expect.any(String) });
  });
});

describe('ADMIN console endpoints', () => {
  it('searches, filters by type and pages', async () => {
    const all = await s.api('GET', '/api/admin/users/?page_size=5', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.results).toHaveLength(5);
    expect(all.body.count).toBeGreaterThan(50);
    expect(all.body.next).toMatch(/page=2/);
    expect(all.body.previous).toBeNull();
    const page2 = await s.api('GET', all.body.next, { token: admin });
    expect(page2.body.previous).toMatch(/page=1/);
    const ids1 = all.body.results.map((u: { id: number }) => u.id);
    expect(page2.body.results.some((u: { id: number }) => ids1.includes(u.id))).toBe(false);

    const interp = await s.api('GET', '/api/admin/users/?user_type=INTERPRETER&page_size=100', { token: admin });
    expect(interp.body.count).toBe(30);
    expect(new Set(interp.body.results.map((u: { user_type: string }) => u.user_type))).toEqual(
      new Set(['INTERPRETER']),
    );

    const search = await s.api('GET', '/api/admin/users/?search=director', { token: admin });
    expect(search.body.results.map((u: { username: string }) => u.username).sort()).toEqual([
      'director.ad',
      'director.gi',
    ]);
    const wildcard = await s.api('GET', '/api/admin/users/?search=%25', { token: admin });
    expect(wildcard.status, JSON.stringify(wildcard.body)).toBe(200);
    expect(wildcard.body.count).toBe(0);
    const bad = await s.api('GET', '/api/admin/users/?page=0&user_type=BOSS', { token: admin });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.extra.fields).sort()).toEqual(['page', 'user_type']);
  });

  it('changing type or flags ends the user’s sessions at once', async () => {
    const list = await s.api('GET', '/api/admin/users/?search=marketing', { token: admin });
    const id = list.body.results[0].id;
    const token = await s.login('marketing');
    const rename = await s.api('PATCH', `/api/admin/users/${id}/`, { token: admin, body: { first_name: 'Mia' } });
    expect(rename.status).toBe(200);
    expect((await s.api('GET', '/api/auth/me/', { token })).status).toBe(200);
    const promote = await s.api('PATCH', `/api/admin/users/${id}/`, { token: admin, body: { is_manager: true } });
    expect(promote.body.is_manager).toBe(true);
    expect((await s.api('GET', '/api/auth/me/', { token })).status).toBe(401);
    const t2 = await s.login('marketing');
    await s.api('PATCH', `/api/admin/users/${id}/`, { token: admin, body: { user_type: 'Vendor' } });
    expect((await s.api('GET', '/api/auth/me/', { token: t2 })).status).toBe(401);
  });

  it('reports every problem of a new account at once: taken username and email, weak password', async () => {
    const res = await s.api('POST', '/api/admin/users/', {
      token: admin,
      body: { username: 'HR', email: 'hr@portal.example', password: 'password123', user_type: 'HR' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.extra.fields).sort()).toEqual(['email', 'password', 'username']);
    expect(res.body.extra.fields.username[0]).toMatch(/already exists/);
    expect(res.body.extra.fields.password[0]).toMatch(/too common/);
  });

  it('deactivation ends sessions and refuses sign-in; reactivation restores it', async () => {
    const list = await s.api('GET', '/api/admin/users/?search=g.sdm', { token: admin });
    const id = list.body.results[0].id;
    const token = await s.login('g.sdm');
    const off = await s.api('PATCH', `/api/admin/users/${id}/`, { token: admin, body: { is_active: false } });
    expect(off.body.is_active).toBe(false);
    expect((await s.api('GET', '/api/auth/me/', { token })).status).toBe(401);
    const denied = await s.api('POST', '/api/auth/jwt/login/', {
      body: { username: 'g.sdm', password: 'Portal#Demo2026' },
    });
    // The right password for a disabled account is told so, not "invalid".
    expect(denied.status).toBe(403);
    expect(denied.body.message).toMatch(/disabled/);
    const wrong = await s.api('POST', '/api/auth/jwt/login/', { body: { username: 'g.sdm', password: 'Not-It-1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.extra.fields.non_field_errors).toHaveLength(1);
    await s.api('PATCH', `/api/admin/users/${id}/`, { token: admin, body: { is_active: true } });
    expect(await s.login('g.sdm')).toEqual(expect.any(String));
  });

  it('resets a password, ending the user’s sessions', async () => {
    const list = await s.api('GET', '/api/admin/users/?search=english', { token: admin });
    const id = list.body.results[0].id;
    const token = await s.login('english.department');
    const weak = await s.api('POST', `/api/admin/users/${id}/reset-password/`, {
      token: admin,
      body: { new_password: 'qwerty123' },
    });
    expect(weak.status).toBe(400);
    expect((await s.api('GET', '/api/auth/me/', { token })).status).toBe(200);
    const ok = await s.api('POST', `/api/admin/users/${id}/reset-password/`, {
      token: admin,
      body: { new_password: 'Orchid-Lantern-77' },
    });
    expect(ok.status).toBe(200);
    expect((await s.api('GET', '/api/auth/me/', { token })).status).toBe(401);
    expect(await s.login('english.department', 'Orchid-Lantern-77')).toEqual(expect.any(String));
  });

  it('refuses to let ADMIN lock themselves out, and 404s unknown ids', async () => {
    const me = await s.api('GET', '/api/auth/me/', { token: admin });
    const res = await s.api('PATCH', `/api/admin/users/${me.body.id}/`, { token: admin, body: { is_active: false } });
    expect(res.status).toBe(400);
    expect((await s.api('GET', '/api/auth/me/', { token: admin })).status).toBe(200);
    expect((await s.api('PATCH', '/api/admin/users/999999/', { token: admin, body: { first_name: 'x' } })).status).toBe(
      404,
    );
  });

  it('answers 403 to non-ADMIN on every console endpoint', async () => {
    const token = await s.login('director.ad');
    expect((await s.api('GET', '/api/admin/users/', { token })).status).toBe(403);
    expect((await s.api('PATCH', '/api/admin/users/1/', { token, body: { first_name: 'x' } })).status).toBe(403);
    expect(
      (
        await s.api('POST', '/api/admin/users/1/reset-password/', {
          token,
          body: { new_password: 'Orchid-Lantern-77' },
        })
      ).status,
    ).toBe(403);
  });
});
