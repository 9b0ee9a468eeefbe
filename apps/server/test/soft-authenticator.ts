/**
 * A software WebAuthn authenticator for API tests: an ES256 key per credential, 'none'
 * attestation, answers shaped as the browser's `navigator.credentials` JSON
 * (`@simplewebauthn/browser`'s results), built with node:crypto only. Each answer can be
 * bent the ways an attacker or a broken device would (another origin or RP ID, no user
 * verification, a stale counter), so tests can show the server refusing them.
 */
import crypto from 'node:crypto';
import type {
  TAssertionCredential,
  TAssertionOptions,
  TRegistrationCredential,
  TRegistrationOptions,
} from '@portal/contracts';
import { isoCBOR } from '@simplewebauthn/server/helpers';

export interface SoftCredential {
  id: string;
  privateKey: crypto.KeyObject;
  rpId: string;
  /** The account's user handle (base64url), as a discoverable credential keeps it. */
  userHandle: string;
  counter: number;
}

/** How one answer is made; the defaults are an honest browser on `origin`. */
export interface Bend {
  origin?: string;
  rpId?: string;
  /** The person unlocked the device (PIN, fingerprint). */
  userVerified?: boolean;
  /** The counter to report instead of the next one. */
  counter?: number;
  /** Answer with this credential (default: the first the options allow, or the newest). */
  credential?: SoftCredential;
  /** The challenge to sign instead of the options' one (a replay of an older answer's). */
  challenge?: string;
}

const sha256 = (data: Uint8Array | string) => crypto.createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');

/** The credential's public key as COSE (EC2, P-256, ES256). */
function coseKey(key: crypto.KeyObject): Uint8Array {
  const jwk = key.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  constructor(readonly origin: string) {}

  /** `navigator.credentials.create()` for these options: a new credential, 'none' attestation. */
  register(options: TRegistrationOptions, bend: Bend = {}): TRegistrationCredential {
    const rpId = bend.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const rawId = crypto.randomBytes(32);
    const credential: SoftCredential = { id: b64url(rawId), privateKey, rpId, userHandle: options.user.id, counter: 0 };
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(rawId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, rawId, coseKey(publicKey)]);
    const flags = UP | AT | (bend.userVerified === false ? 0 : UV);
    const authData = authenticatorData(rpId, flags, bend.counter ?? 0, attested);
    const clientData = {
      type: 'webauthn.create',
      challenge: bend.challenge ?? options.challenge,
      origin: bend.origin ?? this.origin,
      crossOrigin: false,
    };
    this.credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(Buffer.from(JSON.stringify(clientData))),
        attestationObject: b64url(
          isoCBOR.encode(
            new Map<string, unknown>([
              ['fmt', 'none'],
              ['attStmt', new Map()],
              ['authData', authData],
            ]) as never,
          ),
        ),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** `navigator.credentials.get()` for these options: signed by a credential it holds. */
  assert(options: TAssertionOptions, bend: Bend = {}): TAssertionCredential {
    const allowed = options.allowCredentials?.map((c) => c.id);
    const credential =
      bend.credential ??
      (allowed ? this.credentials.find((c) => allowed.includes(c.id)) : this.credentials.at(-1)) ??
      this.credentials.at(-1);
    if (!credential) throw new Error('the soft authenticator holds no credential');
    const counter = bend.counter ?? ++credential.counter;
    const flags = UP | (bend.userVerified === false ? 0 : UV);
    const authData = authenticatorData(bend.rpId ?? options.rpId ?? credential.rpId, flags, counter);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: bend.challenge ?? options.challenge,
        origin: bend.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
