import { z } from 'zod';
import { defineEndpoint, noContent } from '../common/endpoint.js';
import { schemaMessage } from '../common/messages.js';
import { ZId, ZText } from '../common/text.js';
import { ZAccessResponse } from './auth.js';

/**
 * Passkeys (WebAuthn): registered from the own profile (or during forced enrolment at
 * sign-in), used as the second factor after a password, or alone ("Sign in with a
 * passkey": a discoverable credential with user verification). The browser's calls take
 * and give the JSON forms of WebAuthn (`@simplewebauthn/browser`); binary values travel as
 * base64url.
 */

/** base64url text of at most `max` characters (WebAuthn's binary values on the wire). */
const b64url = (max: number) => ZText.max(max).regex(/^[A-Za-z0-9_-]*$/, schemaMessage('passkeyMalformed'));

const ZTransport = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const ZAttachment = z.enum(['platform', 'cross-platform']);

/** A person's name for a passkey ("Work laptop"). */
export const ZPasskeyName = ZText.trim().min(1, schemaMessage('blank')).max(64);

/** Only `credProps` is asked for; whatever else a browser adds is ignored. */
const ZClientExtensionResults = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() });

/** What `navigator.credentials.create()` answered (`startRegistration()`'s result). */
export const ZRegistrationCredential = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4000),
    attestationObject: b64url(16_000),
    authenticatorData: b64url(4000).optional(),
    transports: z.array(ZTransport).max(8).optional(),
    publicKeyAlgorithm: z.number().int().min(-65536).max(65536).optional(),
    publicKey: b64url(4000).optional(),
  }),
  authenticatorAttachment: ZAttachment.optional(),
  clientExtensionResults: ZClientExtensionResults,
});
export type TRegistrationCredential = z.infer<typeof ZRegistrationCredential>;

/** What `navigator.credentials.get()` answered (`startAuthentication()`'s result). */
export const ZAssertionCredential = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4000),
    authenticatorData: b64url(4000),
    signature: b64url(1400),
    userHandle: b64url(200).optional(),
  }),
  authenticatorAttachment: ZAttachment.optional(),
  clientExtensionResults: ZClientExtensionResults,
});
export type TAssertionCredential = z.infer<typeof ZAssertionCredential>;

const ZCredentialDescriptor = z.object({
  id: ZText,
  type: ZText,
  transports: z.array(ZText).optional(),
});

/** Options for `startRegistration({optionsJSON})` (PublicKeyCredentialCreationOptionsJSON). */
export const ZRegistrationOptions = z.object({
  challenge: ZText,
  rp: z.object({ name: ZText, id: ZText.optional() }),
  user: z.object({ id: ZText, name: ZText, displayName: ZText }),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(ZCredentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: ZAttachment.optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
});
export type TRegistrationOptions = z.infer<typeof ZRegistrationOptions>;

/** Options for `startAuthentication({optionsJSON})` (PublicKeyCredentialRequestOptionsJSON). */
export const ZAssertionOptions = z.object({
  challenge: ZText,
  timeout: z.number().int().optional(),
  rpId: ZText.optional(),
  allowCredentials: z.array(ZCredentialDescriptor).optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
});
export type TAssertionOptions = z.infer<typeof ZAssertionOptions>;

/** One of the caller's passkeys. */
export const ZPasskey = z.object({
  id: z.number().int(),
  name: ZText,
  /** Synced between devices (a password manager's or a platform's passkey), or bound to one. */
  device_type: z.enum(['singleDevice', 'multiDevice']),
  backed_up: z.boolean(),
  transports: z.array(ZText),
  created_at: ZText,
  last_used_at: ZText.nullable(),
});
export type TPasskey = z.infer<typeof ZPasskey>;
export const ZPasskeyList = z.array(ZPasskey);

/** A challenge from `auth/jwt/login/`'s `mfa` answer (`mfa_enrol` for registration). */
const ZSignInChallenge = ZText.min(1, schemaMessage('blank')).max(200);

/** Registration takes a session, or (forced enrolment at sign-in) an `mfa_enrol` challenge. */
export const ZPasskeyRegistrationOptionsRequest = z.object({ challenge: ZSignInChallenge.optional() });
export type TPasskeyRegistrationOptionsRequest = z.infer<typeof ZPasskeyRegistrationOptionsRequest>;

export const ZPasskeyRegistrationRequest = z.object({
  challenge: ZSignInChallenge.optional(),
  name: ZPasskeyName,
  credential: ZRegistrationCredential,
});
export type TPasskeyRegistrationRequest = z.infer<typeof ZPasskeyRegistrationRequest>;

/**
 * The new passkey; when it completed a forced enrolment at sign-in, also the session
 * (`access`) and the recovery codes (shown once).
 */
export const ZPasskeyRegistrationResponse = z.object({
  passkey: ZPasskey,
  access: ZText.optional(),
  recovery_codes: z.array(ZText).optional(),
});
export type TPasskeyRegistrationResponse = z.infer<typeof ZPasskeyRegistrationResponse>;

export const ZPasskeyRenameRequest = z.object({ name: ZPasskeyName });
export type TPasskeyRenameRequest = z.infer<typeof ZPasskeyRenameRequest>;

/** Removing one re-proves the person with any of their passkeys (it may be the one removed). */
export const ZPasskeyRemoveRequest = z.object({ assertion: ZAssertionCredential });
export type TPasskeyRemoveRequest = z.infer<typeof ZPasskeyRemoveRequest>;

export const ZPasskeyAssertionRequest = z.object({ assertion: ZAssertionCredential });
export type TPasskeyAssertionRequest = z.infer<typeof ZPasskeyAssertionRequest>;

export const ZMfaPasskeyOptionsRequest = z.object({ challenge: ZSignInChallenge });
export type TMfaPasskeyOptionsRequest = z.infer<typeof ZMfaPasskeyOptionsRequest>;

export const ZMfaPasskeyVerifyRequest = z.object({ challenge: ZSignInChallenge, assertion: ZAssertionCredential });
export type TMfaPasskeyVerifyRequest = z.infer<typeof ZMfaPasskeyVerifyRequest>;

const ZPasskeyIdParams = z.object({ id: ZId });

const tags = ['auth'] as const;
const OWN = { rule: 'any signed-in user: their own passkeys', outsider: null } as const;
const SIGN_IN = {
  rule: 'anyone; the passkey is checked, failures throttled and recorded like passwords',
  outsider: null,
} as const;

export const passkeyEndpoints = {
  listPasskeys: defineEndpoint({
    operationId: 'listPasskeys',
    method: 'GET',
    path: '/auth/passkeys/',
    tags,
    summary: 'My passkeys',
    access: 'authenticated',
    policy: OWN,
    responses: { 200: ZPasskeyList },
    errors: [401],
  }),
  passkeyRegistrationOptions: defineEndpoint({
    operationId: 'passkeyRegistrationOptions',
    method: 'POST',
    path: '/auth/passkeys/registration/options/',
    tags,
    summary: 'Start registering a passkey: options for the browser (valid 5 minutes, once)',
    access: 'public',
    policy: {
      rule: "anyone signed in (their own passkey), or the holder of an 'mfa_enrol' sign-in challenge",
      outsider: null,
    },
    body: ZPasskeyRegistrationOptionsRequest,
    responses: { 200: ZRegistrationOptions },
    errors: [400, 401, 409],
  }),
  registerPasskey: defineEndpoint({
    operationId: 'registerPasskey',
    method: 'POST',
    path: '/auth/passkeys/registration/',
    tags,
    summary: "Finish registering a passkey with the browser's answer",
    access: 'public',
    policy: {
      rule: "anyone signed in (their own passkey), or the holder of an 'mfa_enrol' sign-in challenge",
      outsider: null,
    },
    body: ZPasskeyRegistrationRequest,
    responses: { 201: ZPasskeyRegistrationResponse },
    errors: [400, 401, 409],
  }),
  renamePasskey: defineEndpoint({
    operationId: 'renamePasskey',
    method: 'PATCH',
    path: '/auth/passkeys/:id/',
    tags,
    summary: 'Rename one of my passkeys',
    access: 'authenticated',
    policy: { rule: 'any signed-in user: their own passkeys (another’s answers 404)', outsider: null },
    params: ZPasskeyIdParams,
    body: ZPasskeyRenameRequest,
    responses: { 200: ZPasskey },
    errors: [400, 401, 404],
  }),
  passkeyReauthOptions: defineEndpoint({
    operationId: 'passkeyReauthOptions',
    method: 'POST',
    path: '/auth/passkeys/reauth/options/',
    tags,
    summary: 'Options to prove it is me again with one of my passkeys (before removing one)',
    access: 'authenticated',
    policy: OWN,
    responses: { 200: ZAssertionOptions },
    errors: [401, 409],
  }),
  removePasskey: defineEndpoint({
    operationId: 'removePasskey',
    method: 'POST',
    path: '/auth/passkeys/:id/remove/',
    tags,
    summary: 'Remove one of my passkeys, proving it is me with any of them',
    access: 'authenticated',
    policy: { rule: 'any signed-in user: their own passkeys (another’s answers 404)', outsider: null },
    params: ZPasskeyIdParams,
    body: ZPasskeyRemoveRequest,
    responses: { 204: noContent },
    errors: [400, 401, 404, 409],
  }),
  passkeyLoginOptions: defineEndpoint({
    operationId: 'passkeyLoginOptions',
    method: 'POST',
    path: '/auth/passkeys/login/options/',
    tags,
    summary: 'Start signing in with a passkey alone: options for the browser (valid 5 minutes, once)',
    access: 'public',
    policy: { rule: 'anyone', outsider: null },
    security: [],
    responses: { 200: ZAssertionOptions },
    errors: [429],
  }),
  passkeyLogin: defineEndpoint({
    operationId: 'passkeyLogin',
    method: 'POST',
    path: '/auth/passkeys/login/',
    tags,
    summary: 'Sign in with a passkey (user verification required: no second factor is asked)',
    access: 'public',
    policy: SIGN_IN,
    security: [],
    body: ZPasskeyAssertionRequest,
    responses: { 200: ZAccessResponse },
    errors: [400, 403, 429],
  }),
  mfaPasskeyOptions: defineEndpoint({
    operationId: 'mfaPasskeyOptions',
    method: 'POST',
    path: '/auth/mfa/passkey/options/',
    tags,
    summary: "Options to prove a sign-in's second factor with one of the account's passkeys",
    access: 'public',
    policy: { rule: "anyone holding a live 'mfa' challenge", outsider: null },
    security: [],
    body: ZMfaPasskeyOptionsRequest,
    responses: { 200: ZAssertionOptions },
    errors: [400],
  }),
  mfaPasskeyVerify: defineEndpoint({
    operationId: 'mfaPasskeyVerify',
    method: 'POST',
    path: '/auth/mfa/passkey/verify/',
    tags,
    summary: "Complete a sign-in's second-factor challenge with a passkey",
    access: 'public',
    policy: { rule: "anyone holding a live 'mfa' challenge; failures throttled per account", outsider: null },
    security: [],
    body: ZMfaPasskeyVerifyRequest,
    responses: { 200: ZAccessResponse },
    errors: [400, 429],
  }),
};
