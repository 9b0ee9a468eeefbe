/**
 * OpenID providers for tests, on loopback:
 * - `startOidcProvider`: the real thing, `oidc-provider` (the certified Node implementation),
 *   with one confidential client, PKCE required, people whose claims (groups included) a
 *   test may change between sign-ins, and its own sign-in and consent pages (its dev
 *   interactions: any password is accepted for a known login);
 * - `startForgingProvider`: a provider that answers discovery, JWKS and the token endpoint
 *   only, and hands out ID tokens a test has tampered with (wrong audience or issuer,
 *   expired, `alg: none`, signed with a key not in its JWKS, no nonce), which a certified
 *   provider never issues.
 * `signInAtProvider` plays the browser between the portal's start and its callback;
 * `setProviderUser` changes a person's claims from another process (e2e workers).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

export const TEST_CLIENT = { id: 'staff-portal', secret: 'portal-test-client-secret-0123456789' };

/** A person at the provider: the claims its ID token and userinfo carry. */
export interface ProviderUser {
  preferred_username: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  groups?: string[];
}

export interface TestProvider {
  issuer: string;
  /** People by login (also their `sub`); change an entry to change their next sign-in's claims. */
  users: Map<string, ProviderUser>;
  stop(): Promise<void>;
}

/** Any portal on loopback may use the client (its port is known only once it runs). */
const PORTAL_CALLBACK = /^http:\/\/(127\.0\.0\.1|localhost):\d+\/api\/auth\/oidc\/callback\/$/;
const PORTAL_LOGIN = /^http:\/\/(127\.0\.0\.1|localhost):\d+\/login$/;

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

const rsaJwk = (kid: string) => {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { key: privateKey, jwk: { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' } };
};

export async function startOidcProvider(users: Record<string, ProviderUser> = {}): Promise<TestProvider> {
  const server = http.createServer();
  const issuer = await listen(server);
  const people = new Map(Object.entries(users));
  const config: Configuration = {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: ['http://127.0.0.1/api/auth/oidc/callback/'],
        post_logout_redirect_uris: ['http://127.0.0.1/login'],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    // Lifetimes stated (seconds), so the provider does not warn about its defaults.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    jwks: { keys: [rsaJwk('test-key-1').jwk as never] },
    cookies: { keys: [crypto.randomBytes(32).toString('hex')] },
    // Claims in the ID token itself (as Keycloak and Entra ID do with their mappers), and
    // the groups with the profile (the portal asks `openid profile email` by default).
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['preferred_username', 'given_name', 'family_name', 'groups'],
    },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    async findAccount(_ctx, sub) {
      const person = people.get(sub) ?? { preferred_username: sub };
      return { accountId: sub, claims: () => ({ sub, ...person }) };
    },
  };
  const provider = new Provider(issuer, config);
  // The client's redirect URIs: the portal's callback and login page on any loopback port.
  const clientProto = provider.Client.prototype as unknown as {
    redirectUriAllowed(uri: string): boolean;
    postLogoutRedirectUriAllowed(uri: string): boolean;
  };
  clientProto.redirectUriAllowed = (uri) => PORTAL_CALLBACK.test(uri);
  clientProto.postLogoutRedirectUriAllowed = (uri) => PORTAL_LOGIN.test(uri);
  // Its own warnings about dev interactions and the in-memory store are expected here.
  provider.on('server_error', (_ctx, err) => console.error('test OpenID provider:', err));
  const handle = provider.callback();
  server.on('request', (req, res) => {
    // Test control, for journeys whose browser runs in another process than this provider:
    // `PUT /test/users/<login>` with the person's claims (JSON) sets them for their next sign-in.
    const control = /^\/test\/users\/([\w.-]+)$/.exec(req.url ?? '');
    if (!control || req.method !== 'PUT') return handle(req, res);
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      people.set(control[1]!, JSON.parse(body) as ProviderUser);
      res.writeHead(204).end();
    });
  });
  return { issuer, users: people, stop: () => close(server) };
}

/** A cookie jar for one host, enough for the provider's interaction and session cookies. */
function cookieJar() {
  const jar = new Map<string, string>();
  return {
    header: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    take(res: Response) {
      for (const line of res.headers.getSetCookie()) {
        const [pair, ...attrs] = line.split(';');
        const [name, ...value] = pair!.split('=');
        const expired = attrs.some((a) => /^\s*expires=/i.test(a) && new Date(a.split('=')[1]!) < new Date());
        if (expired) jar.delete(name!.trim());
        else jar.set(name!.trim(), value.join('='));
      }
    },
  };
}

/**
 * Signs `login` in at the provider the way a browser would: follows the portal's start
 * redirect, fills the provider's sign-in form, accepts its consent page, and answers the
 * URL the provider sends the browser back to (the portal's callback, with code and state).
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<string> {
  const jar = cookieJar();
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form,
    });
    jar.take(res);
    form = undefined;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).href;
      if (PORTAL_CALLBACK.test(next.split('?')[0]!)) return next;
      url = next;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt)
      throw new Error(`the provider answered ${res.status} without a form: ${html.slice(0, 500)}`);
    url = new URL(action, url).href;
    form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
  }
  throw new Error('the provider never sent the browser back to the portal');
}

/** What a test may do to the next ID token the forging provider hands out. */
export interface Forgery {
  claims?: Record<string, unknown>;
  /** Claims to leave out (e.g. `nonce`). */
  omit?: string[];
  /** `none`: unsigned (`alg: none`); `foreign`: signed with a key the JWKS does not hold. */
  sign?: 'jwks' | 'none' | 'foreign';
}

export interface ForgingProvider {
  issuer: string;
  /**
   * Plays the provider's sign-in for the portal's authorization URL: answers the callback
   * URL with a fresh code whose ID token carries the request's nonce, `claims` and `forgery`.
   */
  authorize(authorizationUrl: string, claims: Record<string, unknown>, forgery?: Forgery): string;
  /** A new signing key in the JWKS (the old one gone), as a provider rotating its keys. */
  rotateKey(): void;
  /** While true, every request's connection is cut (the provider unreachable). */
  down: boolean;
  stop(): Promise<void>;
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

export async function startForgingProvider(): Promise<ForgingProvider> {
  let signing = rsaJwk('forging-1');
  const foreign = rsaJwk('forging-1'); // Same kid, other key: only the signature betrays it.
  let rotations = 1;
  const codes = new Map<string, string>();
  const server = http.createServer();
  const issuer = await listen(server);

  function sign(claims: Record<string, unknown>, how: Forgery['sign']): string {
    if (how === 'none') return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    const key = how === 'foreign' ? foreign : signing;
    const input = `${b64({ alg: 'RS256', typ: 'JWT', kid: key.jwk.kid })}.${b64(claims)}`;
    return `${input}.${crypto.sign('sha256', Buffer.from(input), key.key).toString('base64url')}`;
  }

  const forging = { down: false };
  server.on('request', (req, res) => {
    if (forging.down) return req.socket.destroy();
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    const path = new URL(req.url!, issuer).pathname;
    if (path === '/.well-known/openid-configuration') {
      return send(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (path === '/jwks') {
      const { n, e, kid, alg, use, kty } = signing.jwk;
      return send(200, { keys: [{ kty, n, e, kid, alg, use }] });
    }
    if (path === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        const code = new URLSearchParams(body).get('code') ?? '';
        const idToken = codes.get(code);
        codes.delete(code);
        if (!idToken) return send(400, { error: 'invalid_grant' });
        send(200, { access_token: crypto.randomUUID(), token_type: 'Bearer', expires_in: 60, id_token: idToken });
      });
      return;
    }
    send(404, { error: 'not_found' });
  });

  const provider: ForgingProvider = Object.assign(forging, {
    issuer,
    authorize(authorizationUrl: string, claims: Record<string, unknown>, forgery: Forgery = {}) {
      const request = new URL(authorizationUrl);
      const now = Math.floor(Date.now() / 1000);
      const all: Record<string, unknown> = {
        iss: issuer,
        aud: request.searchParams.get('client_id'),
        iat: now,
        exp: now + 300,
        nonce: request.searchParams.get('nonce'),
        ...claims,
        ...forgery.claims,
      };
      for (const name of forgery.omit ?? []) delete all[name];
      const code = crypto.randomBytes(16).toString('hex');
      codes.set(code, sign(all, forgery.sign));
      const back = new URL(request.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', request.searchParams.get('state')!);
      return back.href;
    },
    rotateKey() {
      rotations += 1;
      signing = rsaJwk(`forging-${rotations}`);
    },
    stop: () => close(server),
  });
  return provider;
}

/** Sets a person's claims at a test provider running in another process (see the control route). */
export async function setProviderUser(issuer: string, login: string, user: ProviderUser): Promise<void> {
  const res = await fetch(`${issuer}/test/users/${encodeURIComponent(login)}`, {
    method: 'PUT',
    body: JSON.stringify(user),
  });
  if (res.status !== 204) throw new Error(`the test provider refused the user: ${res.status}`);
}
