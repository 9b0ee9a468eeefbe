import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authEndpoints as A,
  mfaEndpoints as M,
  passkeyEndpoints as P,
  userEndpoints as U,
  type TAssertionOptions,
  type TRegistrationOptions,
} from '@portal/contracts';
import type { UserRow } from '../../../db/schema.js';
import { call } from '../../../../test/client.js';
import { factories } from '../../../../test/factories.js';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../../../test/harness.js';
import { SoftAuthenticator } from '../../../../test/soft-authenticator.js';

let s: TestServer;
let make: ReturnType<typeof factories>;
beforeAll(async () => {
  // IT must keep a second factor (forced enrolment); the other types may.
  s = await startTestServer({ MFA_REQUIRED_TYPES: 'IT' });
  make = factories(s.database.db);
});
afterAll(() => s?.stop());

/** The origin the server derives from the request (no PUBLIC_ORIGIN in tests). */
const origin = () => new URL(s.url).origin;

async function passwordLogin(user: UserRow) {
  return call(s.api, A.login, { body: { username: user.username, password: DEMO_PASSWORD } });
}

async function tokenOf(user: UserRow): Promise<string> {
  const res = await passwordLogin(user);
  if (!('access' in res.body)) throw new Error(`no session for ${user.username}: ${JSON.stringify(res.body)}`);
  return res.body.access;
}

/** A user with one passkey registered from their profile, and the authenticator holding it. */
async function userWithPasskey(over: Parameters<typeof make.user>[0] = {}) {
  const user = await make.user(over);
  const token = await tokenOf(user);
  const device = new SoftAuthenticator(origin());
  const options = await call(s.api, P.passkeyRegistrationOptions, { token, body: {} });
  expect(options.status).toBe(200);
  const done = await call(s.api, P.registerPasskey, {
    token,
    body: { name: 'Work laptop', credential: device.register(options.body as TRegistrationOptions) },
  });
  expect(done.status).toBe(201);
  return { user, token, device, passkey: done.body.passkey };
}

async function loginOptions(): Promise<TAssertionOptions> {
  const res = await call(s.api, P.passkeyLoginOptions, {});
  expect(res.status).toBe(200);
  return res.body;
}

const events = (userId: number, action: string) =>
  s.database.db
    .selectFrom('event_logs')
    .select(['action', 'details'])
    .where('target_id', '=', String(userId))
    .where('action', '=', action)
    .orderBy('id')
    .execute();

describe('registering a passkey from the profile', () => {
  it('stores it for the caller only, lists it, and records the registration', async () => {
    const { user, token, passkey } = await userWithPasskey();
    expect(passkey).toMatchObject({ name: 'Work laptop', last_used_at: null, transports: ['internal'] });
    const list = await call(s.api, P.listPasskeys, { token });
    expect(list.body).toEqual([passkey]);
    expect(await events(user.id, 'auth.passkey_added')).toEqual([
      { action: 'auth.passkey_added', details: { name: 'Work laptop' } },
    ]);
    const other = await tokenOf(await make.user());
    expect((await call(s.api, P.listPasskeys, { token: other })).body).toEqual([]);
  });

  it('asks for a discoverable, verified passkey and excludes the ones already registered', async () => {
    const { token, device } = await userWithPasskey();
    const options = await call(s.api, P.passkeyRegistrationOptions, { token, body: {} });
    expect(options.body.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(options.body.rp.id).toBe(new URL(origin()).hostname);
    expect(options.body.excludeCredentials?.map((c) => c.id)).toEqual([device.credentials[0]!.id]);
  });

  it('refuses an answer made for another origin or RP ID, or without user verification, storing nothing', async () => {
    const user = await make.user();
    const token = await tokenOf(user);
    const device = new SoftAuthenticator(origin());
    for (const bend of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { userVerified: false }]) {
      const options = await call(s.api, P.passkeyRegistrationOptions, { token, body: {} });
      const res = await call(s.api, P.registerPasskey, {
        token,
        body: { name: 'Phone', credential: device.register(options.body as TRegistrationOptions, bend) },
      });
      expect(res.status).toBe(400);
      expect(res.error.code).toBe('passkeyRefused');
    }
    expect((await call(s.api, P.listPasskeys, { token })).body).toEqual([]);
  });

  it('refuses a replayed registration and one answering another user’s challenge', async () => {
    const user = await make.user();
    const token = await tokenOf(user);
    const device = new SoftAuthenticator(origin());
    const options = await call(s.api, P.passkeyRegistrationOptions, { token, body: {} });
    const credential = device.register(options.body as TRegistrationOptions);
    expect((await call(s.api, P.registerPasskey, { token, body: { name: 'A', credential } })).status).toBe(201);
    const replay = await call(s.api, P.registerPasskey, { token, body: { name: 'B', credential } });
    expect(replay.status).toBe(400);

    const mallory = await tokenOf(await make.user());
    const theirs = await call(s.api, P.passkeyRegistrationOptions, { token: mallory, body: {} });
    const res = await call(s.api, P.registerPasskey, {
      token,
      body: { name: 'C', credential: device.register(theirs.body as TRegistrationOptions) },
    });
    expect(res.status).toBe(400);
    expect((await call(s.api, P.listPasskeys, { token })).body).toHaveLength(1);
  });

  it('needs a session or an enrolment challenge', async () => {
    expect((await call(s.api, P.passkeyRegistrationOptions, { body: {} })).status).toBe(401);
  });

  it('renames one of the caller’s own (another’s answers 404), recording the change', async () => {
    const { user, token, passkey } = await userWithPasskey();
    const res = await call(s.api, P.renamePasskey, { token, params: { id: passkey.id }, body: { name: ' Phone ' } });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Phone');
    expect((await events(user.id, 'auth.passkey_renamed'))[0]?.details).toEqual({
      before: 'Work laptop',
      after: 'Phone',
    });
    const other = await tokenOf(await make.user());
    const refused = await call(s.api, P.renamePasskey, {
      token: other,
      params: { id: passkey.id },
      body: { name: 'x' },
    });
    expect(refused.status).toBe(404);
  });
});

describe('signing in with a passkey alone', () => {
  it('answers a session, records the sign-in and the use, and is not asked a second factor', async () => {
    const { user, device, token } = await userWithPasskey();
    const res = await call(s.api, P.passkeyLogin, { body: { assertion: device.assert(await loginOptions()) } });
    expect(res.status).toBe(200);
    const me = await call(s.api, U.getMe, { token: res.body.access });
    expect(me.body.username).toBe(user.username);
    const logins = await events(user.id, 'auth.login');
    expect(logins.at(-1)?.details).toEqual({ method: 'passkey' });
    const [listed] = (await call(s.api, P.listPasskeys, { token })).body;
    expect(listed?.last_used_at).toEqual(expect.any(String));
  });

  it('asks for user verification and lets the browser choose the passkey', async () => {
    const options = await loginOptions();
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials ?? []).toEqual([]);
  });

  it('refuses a replayed answer (the challenge is single use)', async () => {
    const { device } = await userWithPasskey();
    const assertion = device.assert(await loginOptions());
    expect((await call(s.api, P.passkeyLogin, { body: { assertion } })).status).toBe(200);
    const replay = await call(s.api, P.passkeyLogin, { body: { assertion } });
    expect(replay.status).toBe(400);
    expect(replay.error.code).toBe('loginFailed');
  });

  it('refuses another origin, another RP ID, no user verification and a counter that did not rise', async () => {
    const { user, device } = await userWithPasskey();
    const bends = [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { userVerified: false }];
    for (const bend of bends) {
      const res = await call(s.api, P.passkeyLogin, { body: { assertion: device.assert(await loginOptions(), bend) } });
      expect(res.status).toBe(400);
      expect(res.error.code).toBe('loginFailed');
    }
    // Counter 5 accepted, then a clone reporting 3 (or 5 again) is refused.
    const ok = await call(s.api, P.passkeyLogin, {
      body: { assertion: device.assert(await loginOptions(), { counter: 5 }) },
    });
    expect(ok.status).toBe(200);
    for (const counter of [3, 5]) {
      const clone = await call(s.api, P.passkeyLogin, {
        body: { assertion: device.assert(await loginOptions(), { counter }) },
      });
      expect(clone.status).toBe(400);
    }
    const failures = await events(user.id, 'auth.login_failed');
    expect(failures.map((e) => e.details)).toEqual(
      Array(5).fill({ username: user.username, reason: 'passkey refused' }),
    );
  });

  it('answers an unknown passkey with the same refusal as a wrong password, recording it', async () => {
    const stranger = new SoftAuthenticator(origin());
    stranger.register({
      challenge: 'AAAA',
      rp: { name: 'x', id: new URL(origin()).hostname },
      user: { id: 'AAAA', name: 'x', displayName: 'x' },
      pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
    });
    const res = await call(s.api, P.passkeyLogin, { body: { assertion: stranger.assert(await loginOptions()) } });
    const wrongPassword = await call(s.api, A.login, { body: { username: 'hr', password: 'not-it' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(wrongPassword.body);
    const recorded = await s.database.db
      .selectFrom('event_logs')
      .select('details')
      .where('action', '=', 'auth.login_failed')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(recorded.map((r) => (r.details as { reason: string }).reason)).toContain('unknown passkey');
  });

  it('refuses a disabled account like password sign-in does', async () => {
    const { user, device } = await userWithPasskey();
    await s.database.db.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();
    const res = await call(s.api, P.passkeyLogin, { body: { assertion: device.assert(await loginOptions()) } });
    expect(res.status).toBe(403);
    expect(res.error.code).toBe('accountDisabled');
  });

  it('shares the account’s throttle with passwords: after 10 refusals even a right passkey waits', async () => {
    const { user, device } = await userWithPasskey();
    for (let i = 0; i < 10; i++) {
      const bad = await call(s.api, P.passkeyLogin, {
        body: { assertion: device.assert(await loginOptions(), { rpId: 'evil.example' }) },
      });
      expect(bad.status).toBe(400);
    }
    const res = await call(s.api, P.passkeyLogin, { body: { assertion: device.assert(await loginOptions()) } });
    expect(res.status).toBe(429);
    expect((await passwordLogin(user)).status).toBe(429);
  });
});

describe('a passkey as the second factor', () => {
  it('is offered after the password and completes the sign-in', async () => {
    const { user, device } = await userWithPasskey();
    const first = await passwordLogin(user);
    if (!('mfa' in first.body)) throw new Error('expected a second-factor challenge');
    expect(first.body.mfa).toMatchObject({ enrol: false, methods: ['passkey'] });
    const { challenge } = first.body.mfa;
    const options = await call(s.api, P.mfaPasskeyOptions, { body: { challenge } });
    expect(options.body.allowCredentials?.map((c) => c.id)).toEqual([device.credentials[0]!.id]);
    const res = await call(s.api, P.mfaPasskeyVerify, { body: { challenge, assertion: device.assert(options.body) } });
    expect(res.status).toBe(200);
    expect((await call(s.api, U.getMe, { token: res.body.access })).body.username).toBe(user.username);
    expect((await events(user.id, 'auth.login')).at(-1)?.details).toEqual({
      method: 'password',
      second_factor: 'passkey',
    });
    // The sign-in challenge is spent: the same answer cannot sign in twice.
    const again = await call(s.api, P.mfaPasskeyVerify, {
      body: { challenge, assertion: device.assert(options.body) },
    });
    expect(again.status).toBe(400);
  });

  it('refuses another user’s passkey, and an answer made for another sign-in', async () => {
    const alice = await userWithPasskey();
    const bob = await userWithPasskey();
    const first = await passwordLogin(bob.user);
    if (!('mfa' in first.body)) throw new Error('expected a second-factor challenge');
    const { challenge } = first.body.mfa;
    const options = await call(s.api, P.mfaPasskeyOptions, { body: { challenge } });
    const withAlices = alice.device.assert(options.body, { credential: alice.device.credentials[0] });
    const res = await call(s.api, P.mfaPasskeyVerify, { body: { challenge, assertion: withAlices } });
    expect(res.status).toBe(400);
    expect(res.error.code).toBe('passkeyRefused');
    expect((await events(bob.user.id, 'auth.mfa_failed')).at(-1)?.details).toMatchObject({
      method: 'passkey',
      reason: 'passkey refused',
    });

    // Alice's own sign-in challenge, answered with options made for Bob's: refused.
    const hers = await passwordLogin(alice.user);
    if (!('mfa' in hers.body)) throw new Error('expected a second-factor challenge');
    const bobsOptions = await call(s.api, P.mfaPasskeyOptions, { body: { challenge } });
    const crossed = await call(s.api, P.mfaPasskeyVerify, {
      body: { challenge: hers.body.mfa.challenge, assertion: alice.device.assert(bobsOptions.body) },
    });
    expect(crossed.status).toBe(400);
  });

  it('refuses options for an unknown challenge', async () => {
    const res = await call(s.api, P.mfaPasskeyOptions, { body: { challenge: 'no-such-challenge' } });
    expect(res.status).toBe(400);
  });
});

describe('forced enrolment with a passkey', () => {
  it('registers with the enrolment challenge and answers the session and recovery codes', async () => {
    const user = await make.user({ user_type: 'IT' });
    const first = await passwordLogin(user);
    if (!('mfa' in first.body)) throw new Error('expected an enrolment challenge');
    expect(first.body.mfa.enrol).toBe(true);
    const { challenge } = first.body.mfa;
    const device = new SoftAuthenticator(origin());
    const options = await call(s.api, P.passkeyRegistrationOptions, { body: { challenge } });
    expect(options.status).toBe(200);
    const res = await call(s.api, P.registerPasskey, {
      body: { challenge, name: 'Laptop', credential: device.register(options.body as TRegistrationOptions) },
    });
    expect(res.status).toBe(201);
    expect(res.body.recovery_codes).toHaveLength(10);
    expect((await call(s.api, U.getMe, { token: res.body.access! })).body.username).toBe(user.username);
    expect((await events(user.id, 'auth.mfa_enrolled'))[0]?.details).toEqual({ method: 'passkey' });
    // Next time the password is followed by the passkey (or a recovery code).
    const next = await passwordLogin(user);
    expect('mfa' in next.body && next.body.mfa).toMatchObject({ enrol: false, methods: ['passkey', 'recovery'] });
  });

  it('does not take a second-factor challenge as an enrolment one', async () => {
    const { user } = await userWithPasskey();
    const first = await passwordLogin(user);
    if (!('mfa' in first.body)) throw new Error('expected a second-factor challenge');
    const res = await call(s.api, P.passkeyRegistrationOptions, { body: { challenge: first.body.mfa.challenge } });
    expect(res.status).toBe(400);
  });
});

describe('removing a passkey', () => {
  async function reauth(token: string, device: SoftAuthenticator) {
    const options = await call(s.api, P.passkeyReauthOptions, { token });
    expect(options.status).toBe(200);
    return device.assert(options.body);
  }

  it('needs a fresh proof with one of the caller’s passkeys, and records the removal', async () => {
    const { user, token, device, passkey } = await userWithPasskey();
    const res = await call(s.api, P.removePasskey, {
      token,
      params: { id: passkey.id },
      body: { assertion: await reauth(token, device) },
    });
    expect(res.status).toBe(204);
    expect((await call(s.api, P.listPasskeys, { token })).body).toEqual([]);
    expect(await events(user.id, 'auth.passkey_removed')).toEqual([
      { action: 'auth.passkey_removed', details: { name: 'Work laptop' } },
    ]);
    // Gone: it signs in no more.
    const login = await call(s.api, P.passkeyLogin, { body: { assertion: device.assert(await loginOptions()) } });
    expect(login.status).toBe(400);
  });

  it('refuses a proof by another user’s passkey, and another user’s passkey answers 404', async () => {
    const alice = await userWithPasskey();
    const bob = await userWithPasskey();
    const options = await call(s.api, P.passkeyReauthOptions, { token: bob.token });
    const res = await call(s.api, P.removePasskey, {
      token: bob.token,
      params: { id: bob.passkey.id },
      body: { assertion: alice.device.assert(options.body, { credential: alice.device.credentials[0] }) },
    });
    expect(res.status).toBe(400);
    const theirs = await call(s.api, P.removePasskey, {
      token: bob.token,
      params: { id: alice.passkey.id },
      body: { assertion: await reauth(bob.token, bob.device) },
    });
    expect(theirs.status).toBe(404);
    expect((await call(s.api, P.listPasskeys, { token: alice.token })).body).toHaveLength(1);
  });

  it('keeps the last second factor of an account that must have one', async () => {
    const user = await make.user({ user_type: 'IT' });
    const first = await passwordLogin(user);
    if (!('mfa' in first.body)) throw new Error('expected an enrolment challenge');
    const { challenge } = first.body.mfa;
    const device = new SoftAuthenticator(origin());
    const options = await call(s.api, P.passkeyRegistrationOptions, { body: { challenge } });
    const done = await call(s.api, P.registerPasskey, {
      body: { challenge, name: 'Laptop', credential: device.register(options.body as TRegistrationOptions) },
    });
    const token = done.body.access!;
    const res = await call(s.api, P.removePasskey, {
      token,
      params: { id: done.body.passkey.id },
      body: { assertion: await reauth(token, device) },
    });
    expect(res.status).toBe(409);
    expect(res.error.code).toBe('passkeyLastFactor');
  });
});

describe('second-factor endpoints of the TOTP helper see passkeys', () => {
  it('an ADMIN reset removes the passkeys too', async () => {
    const { user, token } = await userWithPasskey();
    const admin = await s.token('admin');
    const reset = await call(s.api, M.resetAccountMfa, { token: admin, params: { id: user.id } });
    expect(reset.status).toBe(200);
    expect((await call(s.api, P.listPasskeys, { token: await tokenOf(user) })).body).toEqual([]);
    expect(token).toEqual(expect.any(String));
  });
});
