import { z } from 'zod';
import { ZText } from '../common/text.js';
import { ZPassword } from '../users/users.js';
import { schemaMessage } from '../common/messages.js';

/** `username` also accepts an email address. */
export const ZLoginRequest = z.object({
  username: ZText.trim().min(1, schemaMessage('blank')).max(254),
  // Max only: the login form must not leak the password policy, and a 2 KB cap stops
  // hashing attacks with huge inputs.
  password: ZText.min(1, schemaMessage('blank')).max(1024),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** Ways to prove a second factor: an authenticator app's code, a recovery code, a passkey. */
export const ZMfaMethod = z.enum(['totp', 'recovery', 'passkey']);
export type TMfaMethod = z.infer<typeof ZMfaMethod>;

/**
 * The password (or directory, or provider) step succeeded but a second factor is due:
 * no `access` yet. `enrol: false`: prove one of `methods` with the challenge
 * (`auth/mfa/verify/`, or the passkey calls). `enrol: true`: the account must set one up
 * first; the challenge authorises enrolment only, and the confirming call answers `access`.
 */
export const ZMfaChallenge = z.object({
  challenge: ZText,
  methods: z.array(ZMfaMethod),
  enrol: z.boolean(),
  /** Seconds the challenge stays valid. */
  expires_in: z.number().int(),
});
export type TMfaChallenge = z.infer<typeof ZMfaChallenge>;

export const ZAccessResponse = z.object({ access: ZText });
export type TAccessResponse = z.infer<typeof ZAccessResponse>;

/** Either a session (`access`, as the spec has it) or, when a second factor is due, `mfa`. */
export const ZLoginResponse = z.union([ZAccessResponse, z.object({ mfa: ZMfaChallenge })]);
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZChangePasswordRequest = z.object({
  old_password: ZText.min(1, schemaMessage('blank')).max(1024),
  new_password: ZPassword,
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** change_password answers a fresh token: every other session of the user has ended. */
export const ZChangePasswordResponse = z.object({ detail: ZText, access: ZText });
export type TChangePasswordResponse = z.infer<typeof ZChangePasswordResponse>;

export const ZDetailResponse = z.object({ detail: ZText });
export type TDetailResponse = z.infer<typeof ZDetailResponse>;

/** Claims of our access tokens (beyond iss/aud/exp/iat). */
export interface AccessTokenClaims {
  sub: string; // user id
  jti: string; // session id
}
