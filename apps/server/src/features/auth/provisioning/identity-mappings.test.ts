import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityMappingEndpoints as M, type TIdentityMappingRequest } from '@portal/contracts';
import { call } from '../../../../test/client.js';
import { startTestServer, type TestServer } from '../../../../test/harness.js';
import { provisionExternalUser } from './provision.js';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  // No staff type must prove a second factor here (an empty list reads as unset).
  s = await startTestServer({ MFA_REQUIRED_TYPES: 'GUEST' });
  admin = await s.login('admin');
});
afterAll(() => s?.stop());

const rule = (over: Partial<TIdentityMappingRequest>): TIdentityMappingRequest => ({
  match_kind: 'group',
  claim: '',
  value: 'x',
  user_type: 'HR',
  is_manager: false,
  is_director: false,
  ...over,
});
const list = async () => (await call(s.api, M.listIdentityMappings, { token: admin })).body;

describe('identity mapping rules', () => {
  // Runs first: the tests below start from an empty list.
  it("starts from the demo's worked example, which ADMIN can remove rule by rule", async () => {
    const demo = await list();
    expect(demo[0]).toMatchObject({ match_kind: 'group', value: 'Portal Administrators', user_type: 'ADMIN' });
    expect(demo.map((r) => r.position)).toEqual([...demo.map((r) => r.position)].sort((x, y) => x - y));
    for (const r of demo) {
      const res = await call(s.api, M.deleteIdentityMapping, { token: admin, params: { id: r.id } });
      expect(res.status).toBeLessThan(300);
    }
    expect(await list()).toEqual([]);
  });

  it('lets ADMIN add, edit, reorder and delete rules, the list in order', async () => {
    const a = await call(s.api, M.createIdentityMapping, {
      token: admin,
      body: rule({ value: 'Ops', user_type: 'OPERATION' }),
    });
    const b = await call(s.api, M.createIdentityMapping, {
      token: admin,
      body: rule({ match_kind: 'claim', claim: 'department', value: 'wfm', user_type: 'WFM', is_manager: true }),
    });
    expect(a.status).toBe(201);
    expect(b.body).toMatchObject({ match_kind: 'claim', claim: 'department', value: 'wfm', is_manager: true });
    expect((await list()).map((r) => r.id)).toEqual([a.body.id, b.body.id]);

    const moved = await call(s.api, M.moveIdentityMapping, {
      token: admin,
      params: { id: b.body.id },
      body: { direction: 'up' },
    });
    expect(moved.body.map((r) => r.id)).toEqual([b.body.id, a.body.id]);
    // At the top already: stays.
    const stays = await call(s.api, M.moveIdentityMapping, {
      token: admin,
      params: { id: b.body.id },
      body: { direction: 'up' },
    });
    expect(stays.body.map((r) => r.id)).toEqual([b.body.id, a.body.id]);

    const edited = await call(s.api, M.updateIdentityMapping, {
      token: admin,
      params: { id: a.body.id },
      body: rule({ value: 'Operations', user_type: 'OPERATION', is_director: true }),
    });
    expect(edited.body).toMatchObject({ id: a.body.id, value: 'Operations', is_director: true });

    expect((await call(s.api, M.deleteIdentityMapping, { token: admin, params: { id: a.body.id } })).status).toBe(204);
    expect((await list()).map((r) => r.id)).toEqual([b.body.id]);
    const gone = await call(s.api, M.deleteIdentityMapping, { token: admin, params: { id: a.body.id } });
    expect(gone.status).toBe(404);
    expect(gone.error.code).toBe('identityMappingNotFound');
    await call(s.api, M.deleteIdentityMapping, { token: admin, params: { id: b.body.id } });
  });

  it('asks a claim rule for its claim name', async () => {
    const res = await call(s.api, M.createIdentityMapping, {
      token: admin,
      body: rule({ match_kind: 'claim', claim: '' }),
    });
    expect(res.status).toBe(400);
    expect(res.error.extra?.codes?.claim?.[0]?.code).toBe('identityMappingClaimMissing');
    expect(await list()).toEqual([]);
  });

  it('answers 403 to everyone but ADMIN, directors included, and changes nothing', async () => {
    for (const who of ['hr', 'director.gi', 'manager.it']) {
      const token = await s.login(who);
      expect((await call(s.api, M.listIdentityMappings, { token })).status, who).toBe(403);
      expect((await call(s.api, M.createIdentityMapping, { token, body: rule({}) })).status, who).toBe(403);
      expect((await call(s.api, M.previewIdentityMappings, { token, body: { rules: [] } })).status, who).toBe(403);
    }
    expect(await list()).toEqual([]);
  });

  it('previews whom a draft changes, from their last-seen groups and claims, with current and next type', async () => {
    const saved = await call(s.api, M.createIdentityMapping, {
      token: admin,
      body: rule({ value: 'Desk', user_type: 'IT' }),
    });
    const client = { ip: '203.0.113.5', userAgent: 'test' };
    const identity = (username: string, groups: string[], claims: Record<string, unknown> = {}) => ({
      provider: 'oidc' as const,
      subject: `sub-${username}`,
      username,
      email: `${username}@corp.example`,
      groups,
      claims,
    });
    const desk = await provisionExternalUser(s.app.ctx, identity('desk.one', ['cn=Desk,dc=x']), client);
    await provisionExternalUser(s.app.ctx, identity('desk.two', ['Desk'], { department: 'Quality' }), client);
    await provisionExternalUser(s.app.ctx, identity('desk.three', ['Desk', 'Leads']), client);

    // The saved list again: nobody changes.
    const same = await call(s.api, M.previewIdentityMappings, { token: admin, body: { rules: [saved.body] } });
    expect(same.body).toEqual({ count: 0, affected: [] });

    // A claim rule first and a flag for Leads: two people change, the third stays as is.
    const draft = [
      rule({ match_kind: 'claim', claim: 'department', value: 'quality', user_type: 'QUALITY' }),
      rule({ value: 'Desk', user_type: 'IT' }),
      rule({ value: 'Leads', user_type: 'HR', is_manager: true }),
    ];
    const preview = await call(s.api, M.previewIdentityMappings, { token: admin, body: { rules: draft } });
    expect(preview.body.count).toBe(2);
    expect(preview.body.affected).toEqual([
      {
        user: expect.objectContaining({ username: 'desk.three' }),
        current: { user_type: 'IT', is_manager: false, is_director: false },
        next: { user_type: 'IT', is_manager: true, is_director: false },
      },
      {
        user: expect.objectContaining({ username: 'desk.two' }),
        current: { user_type: 'IT', is_manager: false, is_director: false },
        next: { user_type: 'QUALITY', is_manager: false, is_director: false },
      },
    ]);

    // Deleting the only rule: everyone linked would be refused (next: null).
    const none = await call(s.api, M.previewIdentityMappings, { token: admin, body: { rules: [] } });
    expect(none.body.count).toBe(3);
    expect(none.body.affected.find((a) => a.user.id === desk.id)?.next).toBeNull();
    // A preview saves nothing.
    expect((await list()).map((r) => r.id)).toEqual([saved.body.id]);
  });
});
