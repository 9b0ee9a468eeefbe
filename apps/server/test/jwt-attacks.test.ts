/**
 * The JWT attack set, one table: every forged, stale or malformed credential
 * gets 401 in the API's error shape on GET /api/auth/me/, and the control row (the real
 * token) gets 200, so each refusal is the token's fault and not the test's.
 *
 * Tokens are forged with the server's own secret (`s.app.ctx.tokens.secret`) around a
 * live session, so each row changes exactly one thing. jose refuses to sign some of them
 * (an empty key, an unknown `crit`, an RS256 header over an HMAC), so those are written
 * by hand with node:crypto.
 */
import crypto from 'node:crypto';
import { SignJWT, UnsecuredJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

let s: TestServer;
/** A live session of `it`: its token, its claims and its user id. */
let live: { token: string; claims: JWTPayload & { sub: string; jti: string }; userId: number };
/** Another user's id (for a `sub` that names someone else). */
let otherUserId: number;
/** A token whose session was ended by logout. */
let revoked: string;

beforeAll(async () => {
  s = await startTestServer();
  const token = await s.login('it');
  live = { token, claims: decode(token), userId: (await s.api('GET', '/api/auth/me/', { token })).body.id };
  otherUserId = (await s.api('GET', '/api/users/admin/', { token })).body.id;
  revoked = await s.login('it');
  expect((await s.api('POST', '/api/auth/jwt/logout/', { token: revoked })).status).toBe(200);
});
afterAll(() => s?.stop());

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

function decode(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
}

const now = () => Math.floor(Date.now() / 1000);

/** The live session's claims, each overridable (undefined removes a claim). */
function claims(over: Record<string, unknown> = {}): JWTPayload {
  const c: Record<string, unknown> = { ...live.claims, iat: now() - 10, exp: now() + 600, ...over };
  for (const k of Object.keys(c)) if (c[k] === undefined) delete c[k];
  return c as JWTPayload;
}

/** Signed by jose with the server's secret unless told otherwise. */
function sign(payload: JWTPayload, opts: { alg?: string; secret?: Uint8Array } = {}) {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: opts.alg ?? 'HS256', typ: 'JWT' })
    .sign(opts.secret ?? s.app.ctx.tokens.secret);
}

/** Signed by hand: any header, an HMAC of any hash and any key (jose refuses these). */
function handSigned(header: object, payload: JWTPayload, key: Uint8Array | string, hash = 'sha256') {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${crypto.createHmac(hash, key).update(input).digest('base64url')}`;
}

interface Row {
  name: string;
  /** The Authorization header (null: none). */
  header: () => Promise<string | null> | string | null;
  status: 200 | 401;
}

const bearer = async (t: Promise<string> | string) => `Bearer ${await t}`;

const ROWS: Row[] = [
  { name: 'control: the real token', header: () => bearer(live.token), status: 200 },
  { name: 'control: re-signed with the same claims and key', header: () => bearer(sign(claims())), status: 200 },

  // Not signed, or signed with a key the server does not hold.
  { name: 'alg none (unsecured JWT)', header: () => bearer(new UnsecuredJWT(claims()).encode()), status: 401 },
  {
    name: 'alg none with a signature kept',
    header: () => bearer(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.${live.token.split('.')[2]}`),
    status: 401,
  },
  {
    name: 'HS256 with an empty key',
    header: () => bearer(handSigned({ alg: 'HS256', typ: 'JWT' }, claims(), '')),
    status: 401,
  },
  {
    name: 'HS256 with another key',
    header: () => bearer(sign(claims(), { secret: new TextEncoder().encode('x'.repeat(48)) })),
    status: 401,
  },
  {
    name: 'modified payload (sub changed, signature kept)',
    header: () => {
      const [h, , sig] = live.token.split('.');
      return `Bearer ${h}.${b64({ ...live.claims, sub: String(otherUserId) })}.${sig}`;
    },
    status: 401,
  },

  // Signed with the right key, but a claim is wrong.
  { name: 'expired', header: () => bearer(sign(claims({ exp: now() - 5 }))), status: 401 },
  { name: 'another audience', header: () => bearer(sign(claims({ aud: 'someone-else' }))), status: 401 },
  { name: 'another issuer', header: () => bearer(sign(claims({ iss: 'evil' }))), status: 401 },
  {
    name: 'not valid before an hour from now (nbf)',
    header: () => bearer(sign(claims({ nbf: now() + 3600 }))),
    status: 401,
  },
  { name: 'no exp', header: () => bearer(sign(claims({ exp: undefined }))), status: 401 },
  { name: 'no jti', header: () => bearer(sign(claims({ jti: undefined }))), status: 401 },
  {
    name: 'sub of another user on this session (re-signed)',
    header: () => bearer(sign(claims({ sub: String(otherUserId) }))),
    status: 401,
  },
  { name: 'sub not a number', header: () => bearer(sign(claims({ sub: `${live.userId}abc` }))), status: 401 },
  { name: 'jti of no session', header: () => bearer(sign(claims({ jti: crypto.randomUUID() }))), status: 401 },
  { name: 'a session ended by logout', header: () => bearer(revoked), status: 401 },

  // The header asks for something the server does not do.
  {
    name: 'crit header naming an unknown extension',
    header: () =>
      bearer(handSigned({ alg: 'HS256', typ: 'JWT', crit: ['x'], x: 1 }, claims(), s.app.ctx.tokens.secret)),
    status: 401,
  },
  { name: 'HS512 with the right key', header: () => bearer(sign(claims(), { alg: 'HS512' })), status: 401 },
  { name: 'HS384 with the right key', header: () => bearer(sign(claims(), { alg: 'HS384' })), status: 401 },
  {
    name: 'RS256 header over an HMAC with the secret (algorithm confusion)',
    header: () => bearer(handSigned({ alg: 'RS256', typ: 'JWT' }, claims(), s.app.ctx.tokens.secret)),
    status: 401,
  },

  // Not a token at all.
  { name: 'garbage', header: () => 'Bearer not.a.token', status: 401 },
  { name: 'two parts', header: () => `Bearer ${live.token.split('.').slice(0, 2).join('.')}`, status: 401 },
  { name: 'random bytes', header: () => `Bearer ${crypto.randomBytes(64).toString('base64url')}`, status: 401 },
  { name: 'empty bearer', header: () => 'Bearer ', status: 401 },
  { name: 'no Authorization header', header: () => null, status: 401 },
  { name: 'another scheme (Basic)', header: () => 'Basic aGk6aGk=', status: 401 },
];

describe('JWT attacks on GET /api/auth/me/', () => {
  it.each(ROWS)('$name → $status', async (row) => {
    const header = await row.header();
    const res = await s.api('GET', '/api/auth/me/', { headers: header === null ? {} : { authorization: header } });
    expect(res.status).toBe(row.status);
    if (row.status === 200) expect(res.body.id).toBe(live.userId);
    else expect(res.body).toEqual({ message: expect.any(String), code: 'notAuthenticated' });
  });

  it('leaves the live session working after every attack', async () => {
    expect((await s.api('GET', '/api/auth/me/', { token: live.token })).status).toBe(200);
  });
});
