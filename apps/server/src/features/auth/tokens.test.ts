import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './tokens.js';

const settings = (secret = crypto.randomBytes(32)) => ({
  secret: new Uint8Array(secret),
  ttlSeconds: 60,
  issuer: 'staff-portal',
  audience: 'staff-portal-api',
});

describe('access tokens, verified once and remembered', () => {
  it('gives the same claims on a repeat, and null once the token has expired though remembered', async () => {
    const s = settings();
    const { token, expiresAt } = await signAccessToken(s, 7, 'session-1');
    const first = await verifyAccessToken(s, token);
    expect(first).toEqual({ userId: 7, sessionId: 'session-1', expiresAt });
    expect(await verifyAccessToken(s, token)).toEqual(first);
    expect(await verifyAccessToken(s, token, expiresAt.getTime())).toBeNull();
    // Never seen and already past its expiry: refused by the signature check itself.
    const old = await signAccessToken(s, 7, 'session-0', new Date(Date.now() - 120_000));
    expect(await verifyAccessToken(s, old.token)).toBeNull();
  });

  it('refuses a remembered token under another secret, and a token with one changed character', async () => {
    const s = settings();
    const { token } = await signAccessToken(s, 7, 'session-2');
    expect(await verifyAccessToken(s, token)).not.toBeNull();
    expect(await verifyAccessToken(settings(), token)).toBeNull();
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    expect(await verifyAccessToken(s, `${token.slice(0, -2)}${last}${token.at(-1)}`)).toBeNull();
  });
});
