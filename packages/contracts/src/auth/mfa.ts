import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import { schemaMessage } from '../common/messages.js';
import { ZText } from '../common/text.js';
import { ZUserIdParams } from '../users/users.js';
import { ZAccessResponse, ZDetailResponse } from './auth.js';

/** A code from an authenticator app (six digits; spaces a person may type are dropped). */
const ZTotpCode = ZText.transform((v) => v.replace(/\s+/g, '')).pipe(
  ZText.regex(/^\d{6}$/, schemaMessage('mfaCodeFormat')),
);

/** A challenge from `auth/jwt/login/`'s `mfa` answer. */
const ZChallengeToken = ZText.min(1, schemaMessage('blank')).max(200);

export const ZMfaVerifyRequest = z.object({
  challenge: ZChallengeToken,
  method: z.enum(['totp', 'recovery']),
  /** Six digits for `totp`; a recovery code (`xxxxx-xxxxx`, case and dashes ignored) for `recovery`. */
  code: ZText.trim().min(1, schemaMessage('blank')).max(64),
});
export type TMfaVerifyRequest = z.infer<typeof ZMfaVerifyRequest>;

/** The caller's own second factors. */
export const ZMyMfa = z.object({
  totp: z.boolean(),
  recovery_codes_left: z.number().int(),
  /** The account's type must keep a second factor (MFA_REQUIRED_TYPES). */
  required: z.boolean(),
});
export type TMyMfa = z.infer<typeof ZMyMfa>;

/** Enrolment calls take a session, or (forced enrolment at sign-in) an `mfa_enrol` challenge. */
export const ZTotpSetupRequest = z.object({ challenge: ZChallengeToken.optional() });
export type TTotpSetupRequest = z.infer<typeof ZTotpSetupRequest>;

export const ZTotpSetupResponse = z.object({
  /** Base32, for typing into an app by hand. */
  secret: ZText,
  otpauth_url: ZText,
  /** The otpauth URL as a QR code, an SVG image. */
  qr_svg: ZText,
});
export type TTotpSetupResponse = z.infer<typeof ZTotpSetupResponse>;

export const ZTotpConfirmRequest = z.object({ challenge: ZChallengeToken.optional(), code: ZTotpCode });
export type TTotpConfirmRequest = z.infer<typeof ZTotpConfirmRequest>;

/** Shown once: only digests are kept. `access` when enrolment completed a sign-in challenge. */
export const ZRecoveryCodesResponse = z.object({
  recovery_codes: z.array(ZText),
  access: ZText.optional(),
});
export type TRecoveryCodesResponse = z.infer<typeof ZRecoveryCodesResponse>;

export const ZRegenerateRecoveryCodesRequest = z.object({ code: ZTotpCode });
export type TRegenerateRecoveryCodesRequest = z.infer<typeof ZRegenerateRecoveryCodesRequest>;

/** Turning the app off takes a current code, or the password (the phone is lost). */
export const ZTotpRemoveRequest = z
  .object({ code: ZTotpCode.optional(), password: ZText.max(1024).optional() })
  .refine((v) => v.code !== undefined || (v.password ?? '') !== '', {
    message: schemaMessage('mfaProofNeeded'),
    path: ['code'],
  });
export type TTotpRemoveRequest = z.infer<typeof ZTotpRemoveRequest>;

const tags = ['auth'] as const;
const OWN = { rule: 'any signed-in user: their own second factors', outsider: null } as const;
const SESSION_OR_CHALLENGE = {
  rule: "anyone signed in (their own factor), or the holder of an 'mfa_enrol' sign-in challenge",
  outsider: null,
} as const;

/** The second factor: proving it at sign-in, and enrolling, listing and removing one's own. */
export const mfaEndpoints = {
  verifyMfa: defineEndpoint({
    operationId: 'verifyMfa',
    method: 'POST',
    path: '/auth/mfa/verify/',
    tags,
    summary: "Complete a sign-in's second-factor challenge with an app code or a recovery code",
    access: 'public',
    policy: { rule: "anyone holding a live 'mfa' challenge; codes throttled per account", outsider: null },
    security: [],
    body: ZMfaVerifyRequest,
    responses: { 200: ZAccessResponse },
    errors: [400, 429],
  }),
  getMyMfa: defineEndpoint({
    operationId: 'getMyMfa',
    method: 'GET',
    path: '/auth/mfa/',
    tags,
    summary: 'My second factors: the authenticator app, recovery codes left',
    access: 'authenticated',
    policy: OWN,
    responses: { 200: ZMyMfa },
    errors: [401],
  }),
  setupTotp: defineEndpoint({
    operationId: 'setupTotp',
    method: 'POST',
    path: '/auth/mfa/totp/setup/',
    tags,
    summary: 'Start setting up an authenticator app: a new secret and its QR code (pending until confirmed)',
    access: 'public',
    policy: SESSION_OR_CHALLENGE,
    body: ZTotpSetupRequest,
    responses: { 200: ZTotpSetupResponse },
    errors: [400, 401, 409],
  }),
  confirmTotp: defineEndpoint({
    operationId: 'confirmTotp',
    method: 'POST',
    path: '/auth/mfa/totp/confirm/',
    tags,
    summary: 'Turn the authenticator app on with a code from it; answers ten recovery codes, shown once',
    access: 'public',
    policy: SESSION_OR_CHALLENGE,
    body: ZTotpConfirmRequest,
    responses: { 200: ZRecoveryCodesResponse },
    errors: [400, 401, 409, 429],
  }),
  removeTotp: defineEndpoint({
    operationId: 'removeTotp',
    method: 'DELETE',
    path: '/auth/mfa/totp/',
    tags,
    summary: 'Turn the authenticator app off (a current code or the password); recovery codes go with it',
    access: 'authenticated',
    policy: OWN,
    body: ZTotpRemoveRequest,
    responses: { 200: ZDetailResponse },
    errors: [400, 401, 409, 429],
  }),
  regenerateRecoveryCodes: defineEndpoint({
    operationId: 'regenerateRecoveryCodes',
    method: 'POST',
    path: '/auth/mfa/recovery-codes/',
    tags,
    summary: 'Ten new recovery codes (a current app code); the old ones stop working',
    access: 'authenticated',
    policy: OWN,
    body: ZRegenerateRecoveryCodesRequest,
    responses: { 200: ZRecoveryCodesResponse },
    errors: [400, 401, 409, 429],
  }),
  resetAccountMfa: defineEndpoint({
    operationId: 'resetAccountMfa',
    method: 'POST',
    path: '/admin/users/:id/mfa/reset/',
    tags: ['users'],
    summary: "Remove a user's second factors (a lost phone) and end their sessions (ADMIN only)",
    policy: { rule: 'canAdministerAccounts: ADMIN only', outsider: 403 },
    params: ZUserIdParams,
    responses: { 200: ZDetailResponse },
    errors: [401, 403, 404],
  }),
};
