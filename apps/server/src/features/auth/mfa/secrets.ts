import crypto from 'node:crypto';

/**
 * Keys for second-factor material, derived (HKDF) from the portal's signing secret, so a
 * backup restored with its signing key reads the same secrets, and a leaked database
 * alone reads none. One key per use: the authenticator secrets' cipher and the recovery
 * codes' keyed digest never share a key.
 */
const keys = new WeakMap<Uint8Array, { cipher: Buffer; digest: Buffer }>();

function keysOf(signingSecret: Uint8Array) {
  let k = keys.get(signingSecret);
  if (!k) {
    const derive = (info: string) => Buffer.from(crypto.hkdfSync('sha256', signingSecret, 'portal-mfa', info, 32));
    k = { cipher: derive('totp-secret-aes-256-gcm'), digest: derive('recovery-code-hmac') };
    keys.set(signingSecret, k);
  }
  return k;
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` (base64url); the user id is bound in as AAD. */
export function sealSecret(signingSecret: Uint8Array, userId: number, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keysOf(signingSecret).cipher, iv);
  cipher.setAAD(Buffer.from(`user:${userId}`));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret, or null when it cannot be opened (another signing key, or tampered with). */
export function openSecret(signingSecret: Uint8Array, userId: number, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keysOf(signingSecret).cipher, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`user:${userId}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Unambiguous letters and digits (no 0/o, 1/l/i) for codes people copy from paper. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of ten characters (about 49 bits each), shown as `xxxxx-xxxxx`. */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What a person typed, as stored: case, spaces and dashes do not matter. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');

/** The stored form: a keyed digest (the codes are random, so a fast MAC suffices). */
export function recoveryCodeDigest(signingSecret: Uint8Array, code: string): string {
  return crypto.createHmac('sha256', keysOf(signingSecret).digest).update(normaliseRecoveryCode(code)).digest('hex');
}
