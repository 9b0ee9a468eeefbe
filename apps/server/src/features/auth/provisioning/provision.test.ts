import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authEndpoints as A,
  identityMappingEndpoints as M,
  userEndpoints as U,
  type TIdentityMappingRequest,
} from '@portal/contracts';
import { call } from '../../../../test/client.js';
import { startTestServer, type TestServer } from '../../../../test/harness.js';
import type { AppContext } from '../../../lib/context.js';
import { ApiError } from '../../../lib/errors.js';
import { verifyPassword } from '../passwords.js';
import { provisionExternalUser, type ExternalIdentity } from './provision.js';

let s: TestServer;
let admin: string;
let ctx: AppContext;
const client = { ip: '203.0.113.9', userAgent: 'provision test' };

const rule = (over: Partial<TIdentityMappingRequest>): TIdentityMappingRequest => ({
  match_kind: 'group',
  claim: '',
  value: 'x',
  user_type: 'HR',
  is_manager: false,
  is_director: false,
  ...over,
});

beforeAll(async () => {
  // About who someone is, not second factors: no staff type must prove one here (an empty
  // list reads as unset, so name a type that never signs in).
  s = await startTestServer({ MFA_REQUIRED_TYPES: 'GUEST' });
  ctx = s.app.ctx;
  admin = await s.login('admin');
  // The order matters: the first match gives the type, flags add up over every match.
  for (const body of [
    rule({ value: 'IT Staff', user_type: 'IT' }),
    rule({ value: 'cn=HR People,ou=groups,dc=corp,dc=example', user_type: 'HR' }),
    rule({ match_kind: 'claim', claim: 'department', value: 'finance', user_type: 'FINANCE' }),
    rule({ value: 'Interpreters', user_type: 'INTERPRETER' }),
    rule({ value: 'Managers', user_type: 'OPERATION', is_manager: true }),
  ]) {
    expect((await call(s.api, M.createIdentityMapping, { token: admin, body })).status).toBe(201);
  }
});
afterAll(() => s?.stop());

const person = (over: Partial<ExternalIdentity> = {}): ExternalIdentity => ({
  provider: 'ldap',
  subject: 'uid=sara,ou=people,dc=corp,dc=example',
  username: 'sara.dir',
  email: 'sara.dir@corp.example',
  firstName: 'Sara',
  lastName: 'Nasser',
  groups: ['cn=IT Staff,ou=groups,dc=corp,dc=example'],
  ...over,
});

async function refusal(identity: ExternalIdentity, c: AppContext = ctx): Promise<string> {
  const err = await provisionExternalUser(c, identity, client).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).statusCode).toBe(403);
  return (err as ApiError).said.code;
}

async function eventsOf(userId: number) {
  const res = await s.api('GET', `/api/eventlogs/?target_type=user&target_id=${userId}`, { token: admin });
  return (res.body.results ?? []) as { action: string; details: Record<string, unknown> }[];
}

describe('provisionExternalUser', () => {
  it('creates the account on first sign-in from the first matching rule (a DN matches by its first RDN), with a password that never matches', async () => {
    const user = await provisionExternalUser(ctx, person(), client);
    expect(user).toMatchObject({
      username: 'sara.dir',
      email: 'sara.dir@corp.example',
      first_name: 'Sara',
      last_name: 'Nasser',
      user_type: 'IT',
      is_manager: false,
      is_active: true,
    });
    for (const typed of ['', user.password_hash, 'anything'])
      expect(await verifyPassword(user.password_hash, typed)).toBe(false);
    const again = await provisionExternalUser(ctx, person(), client);
    expect(again.id).toBe(user.id);
    expect((await eventsOf(user.id)).map((e) => e.action)).toContain('auth.external_account_created');
  });

  it('two first sign-ins at once end in one account, neither refused', async () => {
    const twin = person({ subject: 'uid=twin', username: 'twin.dir', email: 'twin@corp.example' });
    const [a, b] = await Promise.all([
      provisionExternalUser(ctx, twin, client),
      provisionExternalUser(ctx, twin, client),
    ]);
    expect(a.id).toBe(b.id);
    const found = await call(s.api, U.listAccounts, { token: admin, query: { search: 'twin.dir' } });
    expect(found.body.count).toBe(1);
  });

  it('refreshes names, email, type and flags at each sign-in; flags add up over every matching rule', async () => {
    const first = await provisionExternalUser(
      ctx,
      person({ subject: 'uid=omar', username: 'omar.dir', email: 'omar@corp.example' }),
      client,
    );
    expect(first.user_type).toBe('IT');
    const moved = await provisionExternalUser(
      ctx,
      person({
        subject: 'uid=omar',
        username: 'omar.dir',
        email: 'omar.new@corp.example',
        lastName: 'Haddad',
        groups: ['CN=HR People,OU=Groups,DC=corp,DC=example', 'cn=managers,ou=groups,dc=corp,dc=example'],
      }),
      client,
    );
    expect(moved).toMatchObject({
      id: first.id,
      user_type: 'HR',
      is_manager: true,
      email: 'omar.new@corp.example',
      last_name: 'Haddad',
    });
    const updated = (await eventsOf(first.id)).find((e) => e.action === 'auth.external_account_updated');
    expect(updated?.details).toMatchObject({
      before: { user_type: 'IT', is_manager: false },
      after: { user_type: 'HR', is_manager: true },
    });
  });

  it('maps claims for OpenID sign-ins and keeps them for the preview (protocol claims dropped)', async () => {
    const user = await provisionExternalUser(
      ctx,
      person({
        provider: 'oidc',
        subject: 'sub-fin-1',
        username: 'fatma.fin',
        email: 'fatma@corp.example',
        groups: [],
        claims: { department: 'Finance', nonce: 'n-1', iss: 'https://idp' },
      }),
      client,
    );
    expect(user.user_type).toBe('FINANCE');
    const linked = await call(s.api, M.listUserExternalIdentities, { token: admin, params: { id: user.id } });
    expect(linked.body).toEqual([expect.objectContaining({ provider: 'oidc', subject: 'sub-fin-1', groups: [] })]);
  });

  it('refuses someone removed from every mapped group at their next sign-in, and keeps the account', async () => {
    const user = await provisionExternalUser(
      ctx,
      person({ subject: 'uid=leaver', username: 'leaver.dir', email: 'leaver@corp.example' }),
      client,
    );
    expect(await refusal(person({ subject: 'uid=leaver', username: 'leaver.dir', groups: ['Alumni'] }))).toBe(
      'ssoNoMapping',
    );
    const account = await call(s.api, U.listAccounts, { token: admin, query: { search: 'leaver.dir' } });
    expect(account.body.results).toEqual([expect.objectContaining({ id: user.id, user_type: 'IT', is_active: true })]);
    const refused = (await eventsOf(user.id)).find((e) => e.action === 'auth.external_sign_in_refused');
    expect(refused?.details).toMatchObject({ reason: 'no mapping', provider: 'ldap' });
  });

  it('creates or refreshes an INTERPRETER from the directory but refuses them the portal', async () => {
    const who = person({
      subject: 'uid=int7',
      username: 'int7.dir',
      email: 'int7@corp.example',
      groups: ['Interpreters'],
    });
    expect(await refusal(who)).toBe('ssoNotStaff');
    const account = await call(s.api, U.listAccounts, { token: admin, query: { search: 'int7.dir' } });
    expect(account.body.results).toEqual([expect.objectContaining({ user_type: 'INTERPRETER', is_active: true })]);
    expect(await refusal(who)).toBe('ssoNotStaff');
    // The desktop agent's enrolment is what the account is for: answered, not refused.
    const forAgent = await provisionExternalUser(ctx, who, client, { forAgent: true });
    expect(forAgent).toMatchObject({ username: 'int7.dir', user_type: 'INTERPRETER' });
  });

  it('refuses a deactivated account like a disabled password account', async () => {
    const user = await provisionExternalUser(
      ctx,
      person({ subject: 'uid=gone', username: 'gone.dir', email: 'gone@corp.example' }),
      client,
    );
    expect(
      (await call(s.api, U.updateAccount, { token: admin, params: { id: user.id }, body: { is_active: false } }))
        .status,
    ).toBe(200);
    expect(await refusal(person({ subject: 'uid=gone', username: 'gone.dir' }))).toBe('accountDisabled');
  });

  it('with SSO_CREATE_USERS off links existing accounts only', async () => {
    const noCreate = { ...ctx, config: { ...ctx.config, SSO_CREATE_USERS: false } };
    expect(
      await refusal(person({ subject: 'uid=new1', username: 'new1.dir', email: 'new1@corp.example' }), noCreate),
    ).toBe('ssoNoAccount');
    expect((await call(s.api, U.listAccounts, { token: admin, query: { search: 'new1.dir' } })).body.count).toBe(0);
    // `hr` exists (a demo account): linked by its username, whatever the case.
    const hr = await provisionExternalUser(
      noCreate,
      person({
        subject: 'uid=hr',
        username: 'HR',
        email: undefined,
        groups: ['cn=HR People,ou=groups,dc=corp,dc=example'],
      }),
      client,
    );
    expect(hr.username).toBe('hr');
    expect((await eventsOf(hr.id)).map((e) => e.action)).toContain('auth.external_account_linked');
  });

  it('links by email only when the source verified it', async () => {
    const target = await call(s.api, U.listAccounts, { token: admin, query: { search: 'manager.it' } });
    const email = target.body.results[0]!.email;
    const unverified = await provisionExternalUser(
      ctx,
      person({ provider: 'oidc', subject: 'sub-x', username: 'imposter', email, emailVerified: false }),
      client,
    );
    expect(unverified.id).not.toBe(target.body.results[0]!.id);
    expect(unverified.email).not.toBe(email);
    const verified = await provisionExternalUser(
      ctx,
      person({ provider: 'oidc', subject: 'sub-y', username: 'mit.sso', email, emailVerified: true }),
      client,
    );
    expect(verified.id).toBe(target.body.results[0]!.id);
  });

  it('refuses a username already linked to another directory account of the same source', async () => {
    await provisionExternalUser(
      ctx,
      person({ subject: 'uid=dup-1', username: 'dup.dir', email: 'dup1@corp.example' }),
      client,
    );
    expect(await refusal(person({ subject: 'uid=dup-2', username: 'DUP.dir', email: 'dup2@corp.example' }))).toBe(
      'ssoUsernameClash',
    );
  });

  it('refuses to create an account whose username the portal cannot use', async () => {
    expect(await refusal(person({ subject: 'uid=spaced', username: 'John Smith', email: 'js@corp.example' }))).toBe(
      'ssoUsernameInvalid',
    );
    expect((await call(s.api, U.listAccounts, { token: admin, query: { search: 'js@corp.example' } })).body.count).toBe(
      0,
    );
  });

  it('never links a break-glass account', async () => {
    const breakGlass = { ...ctx, config: { ...ctx.config, LOCAL_LOGIN_ACCOUNTS: ['admin'] } };
    expect(await refusal(person({ subject: 'uid=adm', username: 'admin', email: undefined }), breakGlass)).toBe(
      'ssoUsernameClash',
    );
  });

  it('refuses a password change for a linked account: the directory holds its password', async () => {
    const hr = await s.login('hr');
    const res = await call(s.api, A.changePassword, {
      token: hr,
      body: { old_password: 'whatever-it-was', new_password: 'Another-Long-Secret-4' },
    });
    expect(res.status).toBe(400);
    expect(res.error.code).toBe('passwordManagedExternally');
  });
});
