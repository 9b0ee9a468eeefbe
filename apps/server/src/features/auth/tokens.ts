import { SignJWT, jwtVerify, errors } from 'jose';
import { LRUCache } from 'lru-cache';
import crypto from 'node:crypto';

import type { TokenSettings } from '../../lib/context.js';

export interface VerifiedToken {
  userId: number;
  sessionId: string;
  expiresAt: Date;
}

const ALG = 'HS256';

export function newSessionId(): string {
  return crypto.randomUUID();
}

export async function signAccessToken(s: TokenSettings, userId: number, sessionId: string, now = new Date()) {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + s.ttlSeconds;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(String(userId))
    .setJti(sessionId)
    .setIssuer(s.issuer)
    .setAudience(s.audience)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(s.secret);
  return { token, expiresAt: new Date(exp * 1000) };
}

const keys = new WeakMap<Uint8Array, Promise<CryptoKey>>();
/**
 * The secret as a WebCrypto key, imported once: given raw bytes (or a KeyObject), jose's
 * WebCrypto build imports a key on every verification, a large share of an authenticated
 * request's time.
 */
function verificationKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = globalThis.crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'verify',
    ]);
    keys.set(secret, key);
  }
  return key;
}

/** Tokens this process verified, per secret: a repeat presentation skips the HMAC and the JSON. */
const verified = new WeakMap<Uint8Array, LRUCache<string, VerifiedToken>>();
const VERIFIED_MAX = 10_000;

/**
 * The algorithm is pinned (so `alg: none` or an RS/HS confusion is refused), and
 * expiry, issuer and audience are checked. Null for any invalid token.
 *
 * A token verified once is remembered (by its whole text, under the secret that verified
 * it) until it expires: the signature cannot change, and whether its session still stands is
 * the session check's business, asked on every request either way.
 */
export async function verifyAccessToken(
  s: TokenSettings,
  token: string,
  now = Date.now(),
): Promise<VerifiedToken | null> {
  let seen = verified.get(s.secret);
  if (!seen) verified.set(s.secret, (seen = new LRUCache({ max: VERIFIED_MAX })));
  const hit = seen.get(token);
  if (hit) {
    if (hit.expiresAt.getTime() > now) return hit;
    seen.delete(token);
    return null;
  }
  const result = await verifyWithJose(s, token);
  if (result) seen.set(token, result);
  return result;
}

async function verifyWithJose(s: TokenSettings, token: string): Promise<VerifiedToken | null> {
  try {
    const { payload } = await jwtVerify(token, await verificationKey(s.secret), {
      algorithms: [ALG],
      issuer: s.issuer,
      audience: s.audience,
      requiredClaims: ['sub', 'jti', 'exp', 'iat'],
    });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || typeof payload.jti !== 'string') return null;
    return { userId, sessionId: payload.jti, expiresAt: new Date(payload.exp! * 1000) };
  } catch (err) {
    if (err instanceof errors.JOSEError) return null;
    throw err;
  }
}
