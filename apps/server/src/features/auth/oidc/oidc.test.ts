/**
 * Single sign-on against real providers on loopback: `oidc-provider` (the certified
 * implementation) for the whole flow, and a forging provider for ID tokens no honest
 * provider issues. Every refusal lands on the login page with its code and in the event log.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  eventLogEndpoints as E,
  identityMappingEndpoints as M,
  ssoEndpoints as S,
  userEndpoints as U,
  type TEventLog,
  type TUserType,
} from '@portal/contracts';
import { call } from '../../../../test/client.js';
import { startTestServer, type TestServer } from '../../../../test/harness.js';
import {
  signInAtProvider,
  startForgingProvider,
  startOidcProvider,
  TEST_CLIENT,
  type ForgingProvider,
  type TestProvider,
} from '../../../../test/oidc-provider.js';

const oidcEnv = (issuer: string) => ({
  OIDC_ISSUER: issuer,
  OIDC_CLIENT_ID: TEST_CLIENT.id,
  OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
  OIDC_BUTTON_LABEL: 'Contoso',
});

/** ADMIN's mapping of a provider group to a user type. */
const groupRule = (value: string, user_type: TUserType) => ({
  match_kind: 'group' as const,
  claim: '',
  value,
  user_type,
  is_manager: false,
  is_director: false,
});

/** GET without following redirects: where the portal sends the browser. */
async function redirectOf(s: TestServer, url: string): Promise<string> {
  const res = await fetch(new URL(url, s.url), { redirect: 'manual' });
  expect(res.status, await res.clone().text()).toBe(302);
  return res.headers.get('location')!;
}

const start = (s: TestServer, next = '/tickets') =>
  redirectOf(s, `/api/auth/oidc/start/?next=${encodeURIComponent(next)}`);

/** The hand-off code and `next` of the web app's landing URL. */
function landing(location: string): { code: string; next: string | null } {
  const [path, fragment] = location.split('#');
  expect(path).toBe('/login/sso');
  const params = new URLSearchParams(fragment);
  return { code: params.get('code')!, next: params.get('next') };
}

const exchange = (s: TestServer, code: string) => call(s.api, S.oidcExchange, { body: { code } });

async function lastRefusal(s: TestServer): Promise<TEventLog | undefined> {
  const res = await call(s.api, E.listEventLogs, {
    token: await s.token('admin'),
    query: { action: 'auth.sso_failed', limit: 1 },
  });
  return res.body.results[0];
}

describe('OpenID Connect sign-in through oidc-provider', () => {
  let s: TestServer;
  let idp: TestProvider;

  beforeAll(async () => {
    idp = await startOidcProvider({
      sara: {
        preferred_username: 'sara.sso',
        email: 'sara.sso@corp.example',
        email_verified: true,
        given_name: 'Sara',
        family_name: 'Haddad',
        groups: ['portal-it'],
      },
    });
    s = await startTestServer(oidcEnv(idp.issuer));
    const admin = await s.token('admin');
    for (const [value, user_type] of [
      ['portal-it', 'IT'],
      ['portal-hr', 'HR'],
    ] as const) {
      const res = await call(s.api, M.createIdentityMapping, {
        token: admin,
        body: groupRule(value, user_type),
      });
      expect(res.status).toBe(201);
    }
  });
  afterAll(async () => {
    await s?.stop();
    await idp?.stop();
  });

  it('tells the login page which sign-ins exist, with the button label', async () => {
    const res = await call(s.api, S.ssoOptions, {});
    expect(res.body).toMatchObject({ oidc: { label: 'Contoso' } });
  });

  it('starts with PKCE (S256), state and nonce, and refuses a return path to another site', async () => {
    const url = new URL(await start(s));
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{40,}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(`${s.url}/api/auth/oidc/callback/`);
    for (const next of ['//evil.example/', '/\\evil.example', 'https://evil.example/']) {
      const res = await fetch(`${s.url}/api/auth/oidc/start/?next=${encodeURIComponent(next)}`, {
        redirect: 'manual',
      });
      expect(res.status).toBe(400);
    }
  });

  it('creates the account with the mapped type on first sign-in, refreshes it on the second; replays fail', async () => {
    const callback = await signInAtProvider(await start(s), 'sara');
    const { code, next } = landing(await redirectOf(s, callback));
    expect(next).toBe('/tickets');
    const signedIn = await exchange(s, code);
    expect(signedIn.status).toBe(200);
    const token = (signedIn.body as { access: string }).access;
    const me = await call(s.api, U.getMe, { token });
    expect(me.body).toMatchObject({
      username: 'sara.sso',
      email: 'sara.sso@corp.example',
      first_name: 'Sara',
      user_type: 'IT',
    });

    // The hand-off code and the provider's callback are single use.
    expect((await exchange(s, code)).error.code).toBe('ssoExpired');
    expect(await redirectOf(s, callback)).toBe('/login?sso_error=ssoExpired');
    expect((await lastRefusal(s))?.details).toMatchObject({ reason: 'expired state' });

    // The provider's code again, under a fresh state: the provider refuses it.
    const fresh = new URL(await start(s));
    const replayed = new URL(callback);
    replayed.searchParams.set('state', fresh.searchParams.get('state')!);
    expect(await redirectOf(s, replayed.href)).toBe('/login?sso_error=ssoFailed');
    expect((await lastRefusal(s))?.details).toMatchObject({ reason: 'token rejected', error: 'invalid_grant' });

    // Moved to HR at the provider, a new surname: the next sign-in brings both.
    idp.users.set('sara', { ...idp.users.get('sara')!, family_name: 'Nasser', groups: ['portal-hr'] });
    const again = landing(await redirectOf(s, await signInAtProvider(await start(s), 'sara')));
    const token2 = ((await exchange(s, again.code)).body as { access: string }).access;
    expect((await call(s.api, U.getMe, { token: token2 })).body).toMatchObject({
      username: 'sara.sso',
      last_name: 'Nasser',
      user_type: 'HR',
    });
  });

  it('refuses an unknown state, and says so when the person cancelled at the provider', async () => {
    expect(await redirectOf(s, '/api/auth/oidc/callback/?code=abc&state=not-ours')).toBe('/login?sso_error=ssoExpired');
    const state = new URL(await start(s)).searchParams.get('state')!;
    expect(await redirectOf(s, `/api/auth/oidc/callback/?error=access_denied&state=${state}`)).toBe(
      '/login?sso_error=ssoCancelled',
    );
    expect((await lastRefusal(s))?.details).toMatchObject({ reason: 'provider refused', error: 'access_denied' });
  });

  it("sends the browser to the provider's sign-out afterwards", async () => {
    const url = new URL(await redirectOf(s, '/api/auth/oidc/logout/'));
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/session/end`);
    expect(url.searchParams.get('client_id')).toBe(TEST_CLIENT.id);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${s.url}/login`);
  });
});

describe('OpenID Connect: ID tokens an honest provider never issues', () => {
  let s: TestServer;
  let idp: ForgingProvider;
  const person = { sub: 'omar-1', preferred_username: 'omar.sso', groups: ['portal-it'] };

  beforeAll(async () => {
    idp = await startForgingProvider();
    s = await startTestServer(oidcEnv(idp.issuer));
    const res = await call(s.api, M.createIdentityMapping, {
      token: await s.token('admin'),
      body: groupRule('portal-it', 'IT'),
    });
    expect(res.status).toBe(201);
  });
  afterAll(async () => {
    await s?.stop();
    await idp?.stop();
  });

  it('answers the provider being unreachable with its own code, then recovers once it is back', async () => {
    idp.down = true;
    expect(await start(s)).toBe('/login?sso_error=oidcUnavailable');
    idp.down = false;
    const callback = idp.authorize(await start(s), person);
    idp.down = true;
    expect(await redirectOf(s, callback)).toBe('/login?sso_error=oidcUnavailable');
    expect((await lastRefusal(s))?.details).toMatchObject({ reason: 'provider unreachable' });
    idp.down = false;
  });

  it('accepts a well-signed token, and follows the provider to a new signing key', async () => {
    const first = landing(await redirectOf(s, idp.authorize(await start(s), person)));
    expect((await exchange(s, first.code)).status).toBe(200);
    idp.rotateKey();
    // openid-client refetches the JWKS for an unknown `kid` once its copy is a minute old
    // (no refetch storm from tokens naming made-up keys): the clock moves on that minute.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      const second = landing(await redirectOf(s, idp.authorize(await start(s), person)));
      expect((await exchange(s, second.code)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  const now = () => Math.floor(Date.now() / 1000);
  it.each([
    ['a wrong audience', { claims: { aud: 'another-client' } }],
    ['a wrong issuer', { claims: { iss: 'http://127.0.0.1:1/elsewhere' } }],
    ['an expired token', { claims: { iat: now() - 7200, exp: now() - 3600 } }],
    ['alg: none', { sign: 'none' as const }],
    ['a key not in the JWKS', { sign: 'foreign' as const }],
    ['no nonce', { omit: ['nonce'] }],
    ['another sign-in’s nonce', { claims: { nonce: 'not-this-sign-in' } }],
  ])('refuses %s', async (_what, forgery) => {
    const location = await redirectOf(s, idp.authorize(await start(s), person, forgery));
    expect(location).toBe('/login?sso_error=ssoFailed');
    const refusal = await lastRefusal(s);
    expect(refusal?.details).toMatchObject({ reason: 'token rejected' });
    // Never a token or code in the log.
    expect(JSON.stringify(refusal)).not.toMatch(/eyJ/);
  });
});
