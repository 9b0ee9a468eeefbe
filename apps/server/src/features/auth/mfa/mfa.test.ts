import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import {
  authEndpoints as A,
  mfaEndpoints as M,
  notificationEndpoints as N,
  userEndpoints as U,
  type TLoginResponse,
  type TMfaChallenge,
} from '@portal/contracts';
import { sql } from 'kysely';
import { call } from '../../../../test/client.js';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../../../test/harness.js';
import { finishSignIn } from '../auth.service.js';

let s: TestServer;
beforeAll(async () => {
  // ADMIN must enrol; providers' asserted MFA is trusted (the untrusted case overrides it).
  s = await startTestServer({ MFA_REQUIRED_TYPES: 'ADMIN', OIDC_TRUST_MFA: '1' });
});
afterAll(() => s?.stop());

const now = () => Math.floor(Date.now() / 1000);
/**
 * A code of the step `offset` steps from now: the steps either side are accepted too (clock
 * drift), so a user proves a code twice (0, then +1) without waiting for the clock. Never -1:
 * a step boundary passing between making and checking it would put it two steps back.
 */
const code = (secret: string, offset = 0) => generate({ secret, epoch: now() + offset * 30 });

const login = (username: string, password = DEMO_PASSWORD) => call(s.api, A.login, { body: { username, password } });

/** The password step of someone holding (or owing) a second factor: its challenge. */
async function challengeOf(username: string, password = DEMO_PASSWORD): Promise<TMfaChallenge> {
  const res = await login(username, password);
  expect(res.status).toBe(200);
  expect(res.body).not.toHaveProperty('access');
  return (res.body as Extract<TLoginResponse, { mfa: unknown }>).mfa;
}

const verify = (challenge: string, method: 'totp' | 'recovery', value: string) =>
  call(s.api, M.verifyMfa, { body: { challenge, method, code: value } });

const events = (action: string, targetId: number) =>
  s.database.db
    .selectFrom('event_logs')
    .select(['actor_id', 'details'])
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .orderBy('id')
    .execute();

const userId = async (username: string) =>
  (await s.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

/** Opts a signed-in user in (setup, confirm with this step's code: +1 stays for one more use). */
async function optIn(token: string) {
  const setup = await call(s.api, M.setupTotp, { token, body: {} });
  expect(setup.status).toBe(200);
  const confirm = await call(s.api, M.confirmTotp, { token, body: { code: await code(setup.body.secret) } });
  expect(confirm.status).toBe(200);
  return { secret: setup.body.secret, recovery: confirm.body.recovery_codes };
}

describe('an ADMIN without a factor (MFA_REQUIRED_TYPES=ADMIN)', () => {
  it('is made to enrol at sign-in, gets a session and recovery codes, then signs in with a code', async () => {
    const first = await challengeOf('admin');
    expect(first).toEqual({
      challenge: expect.any(String),
      methods: ['totp', 'passkey'],
      enrol: true,
      expires_in: 300,
    });
    // The enrolment challenge is not a way in by itself.
    const asVerify = await verify(first.challenge, 'totp', '123456');
    expect(asVerify.status).toBe(400);
    expect(asVerify.error.code).toBe('mfaChallengeInvalid');
    // Nor is setup possible without it or a session.
    expect((await call(s.api, M.setupTotp, { body: {} })).status).toBe(401);

    const setup = await call(s.api, M.setupTotp, { body: { challenge: first.challenge } });
    expect(setup.status).toBe(200);
    expect(setup.body.otpauth_url).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.qr_svg).toMatch(/^<svg/);
    // At rest the secret is sealed, never the base32 the app was given.
    const row = await s.database.db.selectFrom('user_totp').select('secret').executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(setup.body.secret);

    const wrong = await call(s.api, M.confirmTotp, { body: { challenge: first.challenge, code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.error.extra?.codes).toEqual({ code: [{ code: 'mfaCodeWrong' }] });
    const done = await call(s.api, M.confirmTotp, {
      body: { challenge: first.challenge, code: await code(setup.body.secret) },
    });
    adminRecovery = done.body.recovery_codes;
    expect(done.status).toBe(200);
    expect(done.body.recovery_codes).toHaveLength(10);
    expect(new Set(done.body.recovery_codes).size).toBe(10);
    const me = await call(s.api, U.getMe, { token: done.body.access! });
    expect(me.body.username).toBe('admin');
    // The enrolment challenge was spent with it.
    const again = await call(s.api, M.confirmTotp, {
      body: { challenge: first.challenge, code: await code(setup.body.secret) },
    });
    expect(again.status).toBe(400);

    const next = await challengeOf('admin');
    expect(next).toMatchObject({ enrol: false, methods: ['totp', 'recovery'] });
    const signedIn = await verify(next.challenge, 'totp', await code(setup.body.secret, 1));
    expect(signedIn.status).toBe(200);
    expect((await call(s.api, U.getMe, { token: signedIn.body.access })).body.username).toBe('admin');

    const id = await userId('admin');
    expect((await events('auth.mfa_enrolled', id)).map((e) => e.details)).toEqual([{ method: 'totp' }]);
    expect((await events('auth.login', id)).map((e) => e.details)).toEqual([
      { method: 'password', second_factor: 'totp' },
      { method: 'password', second_factor: 'totp' },
    ]);
  });
});

describe('a user who opts in (HR, not required)', () => {
  let hr: { secret: string; recovery: string[] };
  let hrId: number;

  it('sees the factor on, is challenged instead of given access, and a code completes it', async () => {
    hrId = await userId('hr');
    const token = await s.login('hr');
    expect((await call(s.api, M.getMyMfa, { token })).body).toEqual({
      totp: false,
      recovery_codes_left: 0,
      required: false,
    });
    hr = await optIn(token);
    expect((await call(s.api, M.getMyMfa, { token })).body).toEqual({
      totp: true,
      recovery_codes_left: 10,
      required: false,
    });
    // A second setup while on is refused (turn it off first).
    expect((await call(s.api, M.setupTotp, { token, body: {} })).status).toBe(409);

    const ch = await challengeOf('hr');
    expect(ch).toMatchObject({ enrol: false, methods: ['totp', 'recovery'] });
    // A sign-in challenge does not authorise enrolment (another purpose).
    const asEnrol = await call(s.api, M.setupTotp, { body: { challenge: ch.challenge } });
    expect(asEnrol.status).toBe(400);
    expect(asEnrol.error.code).toBe('mfaChallengeInvalid');
    const wrong = await verify(ch.challenge, 'totp', '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.error.extra?.codes).toEqual({ code: [{ code: 'mfaCodeWrong' }] });
    const right = await code(hr.secret, 1);
    const ok = await verify(ch.challenge, 'totp', right);
    expect(ok.status).toBe(200);
    expect(ok.body.access).toEqual(expect.any(String));

    // The same code again, with a fresh challenge: refused (its time step is used).
    const replay = await verify((await challengeOf('hr')).challenge, 'totp', right);
    expect(replay.status).toBe(400);
    // And the spent challenge cannot be used again, even with a good code.
    const spent = await verify(ch.challenge, 'totp', right);
    expect(spent.status).toBe(400);
    expect(spent.error.code).toBe('mfaChallengeInvalid');
    expect((await events('auth.mfa_failed', hrId)).map((e) => e.details)).toEqual([
      { username: 'hr', method: 'totp', reason: 'wrong code' },
      { username: 'hr', method: 'totp', reason: 'replayed code' },
    ]);
  });

  it('accepts each recovery code once', async () => {
    const ch = await challengeOf('hr');
    const used = hr.recovery[0]!;
    // Case and dashes do not matter to the person typing it.
    const ok = await verify(ch.challenge, 'recovery', used.toUpperCase().replace('-', ''));
    expect(ok.status).toBe(200);
    const again = await verify((await challengeOf('hr')).challenge, 'recovery', used);
    expect(again.status).toBe(400);
    expect(again.error.extra?.codes).toEqual({ code: [{ code: 'mfaRecoveryCodeWrong' }] });
    expect((await call(s.api, M.getMyMfa, { token: ok.body.access })).body.recovery_codes_left).toBe(9);
    expect((await events('auth.login', hrId)).at(-1)?.details).toEqual({
      method: 'password',
      second_factor: 'recovery',
    });
  });

  it('refuses an expired challenge', async () => {
    const ch = await challengeOf('hr');
    await s.database.db
      .updateTable('auth_challenges')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', hrId)
      .execute();
    const res = await verify(ch.challenge, 'totp', await code(hr.secret, 1));
    expect(res.status).toBe(400);
    expect(res.error.code).toBe('mfaChallengeInvalid');
  });

  it('an ADMIN resets it: logged, the user told, their sessions ended, next sign-in needs no code', async () => {
    const hrSession = (await verify((await challengeOf('hr')).challenge, 'recovery', hr.recovery[1]!)).body.access;
    expect((await call(s.api, U.getMe, { token: hrSession })).status).toBe(200);

    // Someone who is not ADMIN may not, and an unknown account is a 404.
    const quality = await s.login('quality');
    expect((await call(s.api, M.resetAccountMfa, { token: quality, params: { id: hrId } })).status).toBe(403);
    const adminToken = await adminSession();
    expect((await call(s.api, M.resetAccountMfa, { token: adminToken, params: { id: 999_999 } })).status).toBe(404);

    const res = await call(s.api, M.resetAccountMfa, { token: adminToken, params: { id: hrId } });
    expect(res.status).toBe(200);
    expect((await call(s.api, U.getMe, { token: hrSession })).status).toBe(401);
    const reset = await events('auth.mfa_reset', hrId);
    expect(reset).toEqual([{ actor_id: await userId('admin'), details: { username: 'hr' } }]);

    const access = await s.login('hr');
    const inbox = await call(s.api, N.listNotifications, { token: access, query: {} });
    expect(inbox.body.results.map((n: { kind: string }) => n.kind)).toContain('mfaReset');
    expect((await call(s.api, M.getMyMfa, { token: access })).body).toMatchObject({
      totp: false,
      recovery_codes_left: 0,
    });
  });
});

/** The admin's recovery codes (enrolled in the first test, which used its app's two steps). */
let adminRecovery: string[] = [];
async function adminSession(): Promise<string> {
  const res = await verify((await challengeOf('admin')).challenge, 'recovery', adminRecovery.pop()!);
  expect(res.status).toBe(200);
  return res.body.access;
}

describe('recovery codes and turning the app off', () => {
  it('replaces recovery codes only with a current code; the old ones stop working', async () => {
    // The session from before opting in stays good.
    const token = await s.login('manager.hr');
    const { secret, recovery } = await optIn(token);
    const id = await userId('manager.hr');
    const bad = await call(s.api, M.regenerateRecoveryCodes, { token, body: { code: '000000' } });
    expect(bad.status).toBe(400);
    const fresh = await call(s.api, M.regenerateRecoveryCodes, { token, body: { code: await code(secret, 1) } });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recovery_codes).toHaveLength(10);
    expect(fresh.body.recovery_codes).not.toContain(recovery[0]);
    const old = await verify((await challengeOf('manager.hr')).challenge, 'recovery', recovery[0]!);
    expect(old.status).toBe(400);
    const renewed = await verify(
      (await challengeOf('manager.hr')).challenge,
      'recovery',
      fresh.body.recovery_codes[0]!,
    );
    expect(renewed.status).toBe(200);
    expect(await events('auth.recovery_codes_regenerated', id)).toHaveLength(1);

    // The phone is gone: the password turns the app off.
    const off = await call(s.api, M.removeTotp, { token, body: { password: DEMO_PASSWORD } });
    expect(off.status).toBe(200);
    expect((await login('manager.hr')).body).toHaveProperty('access');
  });

  it('takes a current code or the password to turn it off, is logged, and sign-in needs no code after', async () => {
    const token = await s.login('dev');
    const { secret } = await optIn(token);
    const id = await userId('dev');
    expect((await login('dev')).body).toHaveProperty('mfa');
    const none = await call(s.api, M.removeTotp, { token, body: {} });
    expect(none.status).toBe(400);
    expect(none.error.extra?.codes).toEqual({ code: [{ code: 'mfaProofNeeded' }] });
    const wrongPassword = await call(s.api, M.removeTotp, { token, body: { password: 'not-it' } });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.error.extra?.codes).toEqual({ password: [{ code: 'mfaPasswordWrong' }] });
    expect((await events('auth.mfa_failed', id)).map((e) => e.details)).toEqual([
      { username: 'dev', method: 'totp', reason: 'wrong password' },
    ]);
    const wrongCode = await call(s.api, M.removeTotp, { token, body: { code: '000000' } });
    expect(wrongCode.status).toBe(400);
    const off = await call(s.api, M.removeTotp, { token, body: { code: await code(secret, 1) } });
    expect(off.status).toBe(200);
    expect((await events('auth.mfa_removed', id)).map((e) => e.details)).toEqual([{ method: 'totp' }]);
    expect(
      await s.database.db.selectFrom('user_recovery_codes').where('user_id', '=', id).select('id').execute(),
    ).toEqual([]);
    expect((await login('dev')).body).toHaveProperty('access');
    // Off already: nothing to remove.
    expect((await call(s.api, M.removeTotp, { token, body: { password: DEMO_PASSWORD } })).status).toBe(409);
  });
});

describe('throttling', () => {
  it('drops a challenge after 5 codes, and refuses the account after LOGIN_MAX_FAILURES wrong codes', async () => {
    const token = await s.login('quality');
    const { secret } = await optIn(token);
    const id = await userId('quality');
    const ch = await challengeOf('quality');
    for (let i = 0; i < 5; i++) expect((await verify(ch.challenge, 'totp', '000000')).status).toBe(400);
    const sixth = await verify(ch.challenge, 'totp', await code(secret));
    expect(sixth.status).toBe(400);
    expect(sixth.error.code).toBe('mfaChallengeInvalid');
    expect((await events('auth.mfa_failed', id)).at(-1)?.details).toEqual({
      username: 'quality',
      reason: 'too many attempts',
    });

    // Five more wrong codes on a new challenge make ten for the account: the right one is refused too.
    const ch2 = await challengeOf('quality');
    for (let i = 0; i < 4; i++) expect((await verify(ch2.challenge, 'totp', '000000')).status).toBe(400);
    const ch3 = await challengeOf('quality');
    expect((await verify(ch3.challenge, 'totp', '000000')).status).toBe(400);
    const throttled = await verify(ch3.challenge, 'totp', await code(secret));
    expect(throttled.status).toBe(429);
    expect(throttled.error.code).toBe('mfaThrottled');
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('which sign-ins are asked for a second factor', () => {
  it('not a passkey sign-in, nor a provider-asserted MFA when trusted; otherwise yes', async () => {
    const user = await s.database.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const client = { ip: '127.0.0.1', userAgent: 'test' };
    const { ctx } = s.app;
    const untrusting = { ...ctx, config: { ...ctx.config, OIDC_TRUST_MFA: false } };
    expect(await finishSignIn(ctx, user, client, { method: 'oidc', mfaAsserted: true })).toHaveProperty('access');
    expect(await finishSignIn(untrusting, user, client, { method: 'oidc', mfaAsserted: true })).toHaveProperty('mfa');
    expect(await finishSignIn(ctx, user, client, { method: 'oidc' })).toHaveProperty('mfa');
    expect(await finishSignIn(ctx, user, client, { method: 'passkey' })).toHaveProperty('access');
    // A type that must enrol, holding nothing: asked to enrol even through the provider.
    const it = await s.database.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'it')
      .executeTakeFirstOrThrow();
    const requiringIt = { ...ctx, config: { ...ctx.config, MFA_REQUIRED_TYPES: ['IT' as const] } };
    expect(await finishSignIn(requiringIt, it, client, { method: 'ldap' })).toMatchObject({ mfa: { enrol: true } });
    expect(await finishSignIn(ctx, it, client, { method: 'ldap' })).toHaveProperty('access');
  });
});
