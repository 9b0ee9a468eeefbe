import crypto from 'node:crypto';
import type {
  TAccessResponse,
  TAssertionCredential,
  TAssertionOptions,
  TPasskey,
  TPasskeyRegistrationRequest,
  TPasskeyRegistrationResponse,
  TRegistrationOptions,
} from '@portal/contracts';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { UserRow } from '../../../db/schema.js';
import { auditSource, type ClientInfo } from '../../../lib/actor.js';
import type { AppContext } from '../../../lib/context.js';
import { badRequest, conflict, nonFieldError, notFound, tooManyRequests, unauthorized } from '../../../lib/errors.js';
import { withTx } from '../../../lib/tx.js';
import { recordEvent } from '../../event-logs/index.js';
import {
  createChallenge,
  createOpenChallenge,
  OPEN_SIGN_INS_PER_ADDRESS,
  spendChallenge,
} from '../challenges.repository.js';
import { beginLoginAttempt, clearLoginFailures, pruneLoginFailures } from '../login-throttle.repository.js';
import { finishSignIn, refuseDisabledAccount } from '../auth.service.js';
import { mfaRequiredFor } from '../mfa/challenge.js';
import {
  completeMfaChallenge,
  enrollerOf,
  openMfaChallenge,
  registerSecondFactor,
  secondFactorMethods,
  storeNewRecoveryCodes,
  type Enroller,
} from '../mfa/index.js';
import { countRecoveryCodesLeft } from '../mfa/mfa.repository.js';
import {
  countPasskeys,
  deleteAllPasskeys,
  deletePasskey,
  findOwnPasskey,
  findPasskeyByCredential,
  findPasskeyUser,
  insertPasskey,
  listPasskeys,
  recordPasskeyUse,
  renamePasskey,
  type PasskeyRow,
} from './passkeys.repository.js';
import { presentPasskey } from './passkeys.presenter.js';
import { RP_NAME, type RelyingParty } from './relying-party.js';

/** A WebAuthn challenge lives 5 minutes and is spent by its first answer, right or wrong. */
export const WEBAUTHN_TTL_SECONDS = 5 * 60;
/** Enough for every device a person owns; bounds the list and each sign-in's allowCredentials. */
export const MAX_PASSKEYS_PER_USER = 20;

// A passkey is a second factor whenever its owner has one (and an ADMIN's reset removes them).
// Recovery codes made when a passkey completed a forced enrolment are offered beside it.
registerSecondFactor({
  methods: async (db, userId) =>
    (await countPasskeys(db, userId)) > 0
      ? ['passkey', ...((await countRecoveryCodesLeft(db, userId)) > 0 ? (['recovery'] as const) : [])]
      : [],
  removeAll: deleteAllPasskeys,
});

/** What a WebAuthn challenge remembers: what it is for and what the browser was asked to sign for. */
interface WebauthnChallenge extends RelyingParty {
  kind: 'register' | 'login' | 'mfa' | 'reauth';
  /** For `mfa` (and registration during enrolment): a digest of the sign-in challenge it serves. */
  signIn?: string;
}

const digest = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * The account's WebAuthn user handle: stable (an authenticator replaces the account's old
 * passkey instead of keeping two), opaque (no id or name in it), derived, so nothing is stored.
 */
function userHandle(ctx: AppContext, userId: number) {
  const mac = crypto.createHmac('sha256', ctx.tokens.secret).update(`webauthn-user:${userId}`).digest();
  return new Uint8Array(mac.subarray(0, 16));
}

/** A new single-use challenge; its token is the WebAuthn challenge the browser signs. */
async function newChallenge(ctx: AppContext, userId: number | null, data: WebauthnChallenge) {
  const token = await createChallenge(ctx.db, { purpose: 'webauthn', userId, data, ttlSeconds: WEBAUTHN_TTL_SECONDS });
  return new Uint8Array(isoBase64URL.toBuffer(token));
}

/**
 * Spends the challenge the browser signed (read from its client data: the answer says which
 * one it is). Spent before the signature is checked, so a refused answer cannot be retried
 * and a replayed one finds nothing. Undefined: unknown, expired, spent, or of another kind.
 */
async function spendSignedChallenge(
  ctx: AppContext,
  clientDataJSON: string,
  kind: WebauthnChallenge['kind'],
): Promise<{ token: string; userId: number | null; data: WebauthnChallenge } | undefined> {
  let token: unknown;
  try {
    token = (JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown })
      .challenge;
  } catch {
    return undefined;
  }
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) return undefined;
  const found = await spendChallenge<WebauthnChallenge>(ctx.db, 'webauthn', token);
  if (!found || found.data.kind !== kind) return undefined;
  return { token, userId: found.userId, data: found.data };
}

const descriptors = (rows: PasskeyRow[]) =>
  rows.map((p) => ({ id: p.credential_id, transports: p.transports as AuthenticatorTransportFuture[] }));
type AuthenticatorTransportFuture = 'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb';

/**
 * Checks an assertion against the stored passkey; the counter must rise (else a cloned
 * authenticator is suspected). True only when it holds and the new counter was recorded.
 */
async function checkAssertion(
  ctx: AppContext,
  assertion: TAssertionCredential,
  token: string,
  rp: RelyingParty,
  passkey: PasskeyRow,
  requireUserVerification: boolean,
): Promise<boolean> {
  let counter: number;
  let backedUp: boolean;
  try {
    const result = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: token,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      requireUserVerification,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: Number(passkey.sign_count),
        transports: passkey.transports as AuthenticatorTransportFuture[],
      },
    });
    if (!result.verified) return false;
    counter = result.authenticationInfo.newCounter;
    backedUp = result.authenticationInfo.credentialBackedUp;
  } catch {
    // A wrong origin, RP ID, signature, type, flag or a counter that did not rise.
    return false;
  }
  return recordPasskeyUse(ctx.db, { id: passkey.id, previous: Number(passkey.sign_count), counter, backedUp });
}

// ---------------------------------------------------------------------------------------
// Own passkeys (signed in)

export async function myPasskeys(ctx: AppContext, user: UserRow): Promise<TPasskey[]> {
  return (await listPasskeys(ctx.db, user.id)).map(presentPasskey);
}

export async function registrationOptions(
  ctx: AppContext,
  user: UserRow,
  rp: RelyingParty,
  signIn?: string,
): Promise<TRegistrationOptions> {
  const own = await listPasskeys(ctx.db, user.id);
  if (own.length >= MAX_PASSKEYS_PER_USER) throw conflict('passkeyLimit', { count: MAX_PASSKEYS_PER_USER });
  const challenge = await newChallenge(ctx, user.id, {
    kind: 'register',
    ...rp,
    ...(signIn ? { signIn: digest(signIn) } : {}),
  });
  return (await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpId,
    userName: user.username,
    userDisplayName: [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username,
    userID: userHandle(ctx, user.id),
    challenge,
    timeout: WEBAUTHN_TTL_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: descriptors(own),
    // Discoverable and verified, so the same passkey also signs in on its own.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  })) as TRegistrationOptions;
}

/**
 * Checks the browser's new credential against the challenge it was made for and stores it.
 * `signIn`: the enrolment challenge when registering during a forced enrolment (the
 * caller completes that sign-in afterwards).
 */
async function registerPasskey(
  ctx: AppContext,
  user: UserRow,
  req: TPasskeyRegistrationRequest,
  client: ClientInfo,
  signIn?: string,
): Promise<TPasskey> {
  const spent = await spendSignedChallenge(ctx, req.credential.response.clientDataJSON, 'register');
  if (!spent || spent.userId !== user.id || spent.data.signIn !== (signIn ? digest(signIn) : undefined)) {
    throw badRequest('passkeyRefused');
  }
  let info;
  try {
    const result = await verifyRegistrationResponse({
      response: req.credential,
      expectedChallenge: spent.token,
      expectedOrigin: spent.data.origin,
      expectedRPID: spent.data.rpId,
      requireUserVerification: true,
    });
    if (!result.verified) throw badRequest('passkeyRefused');
    info = result.registrationInfo;
  } catch {
    throw badRequest('passkeyRefused');
  }
  if ((await countPasskeys(ctx.db, user.id)) >= MAX_PASSKEYS_PER_USER) {
    throw conflict('passkeyLimit', { count: MAX_PASSKEYS_PER_USER });
  }
  return withTx(ctx, async (tx) => {
    const row = await insertPasskey(tx.db, {
      userId: user.id,
      credentialId: info.credential.id,
      publicKey: info.credential.publicKey,
      signCount: info.credential.counter,
      transports: req.credential.response.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name: req.name,
    });
    if (!row) throw conflict('passkeyAlreadyRegistered');
    await recordEvent(tx.db, auditSource(user, client), {
      action: 'auth.passkey_added',
      targetType: 'user',
      targetId: user.id,
      details: { name: row.name },
    });
    return presentPasskey(row);
  });
}

/** Who registers: the signed-in caller, or the account of an `mfa_enrol` sign-in challenge. */
export async function registrant(
  ctx: AppContext,
  session: UserRow | null,
  challenge: string | undefined,
  client: ClientInfo,
): Promise<Enroller> {
  const who = await enrollerOf(ctx, session, challenge, client);
  if (!who) throw unauthorized();
  return who;
}

/**
 * Registers the passkey; when it completed a forced enrolment at sign-in, also makes the
 * recovery codes (shown once) and completes that sign-in, as confirming an app does.
 */
export async function register(
  ctx: AppContext,
  who: Enroller,
  req: TPasskeyRegistrationRequest,
  client: ClientInfo,
): Promise<TPasskeyRegistrationResponse> {
  const passkey = await registerPasskey(ctx, who.user, req, client, who.challenge);
  if (who.challenge === undefined) return { passkey };
  const recovery_codes = await withTx(ctx, async (tx) => {
    const codes = await storeNewRecoveryCodes(tx, ctx, who.user.id);
    await recordEvent(tx.db, auditSource(who.user, client), {
      action: 'auth.mfa_enrolled',
      targetType: 'user',
      targetId: who.user.id,
      details: { method: 'passkey' },
    });
    return codes;
  });
  const { access } = await completeMfaChallenge(ctx, who.challenge, 'mfa_enrol', 'passkey', client);
  return { passkey, access, recovery_codes };
}

export async function renameOwnPasskey(
  ctx: AppContext,
  user: UserRow,
  id: number,
  name: string,
  client: ClientInfo,
): Promise<TPasskey> {
  const before = await findOwnPasskey(ctx.db, user.id, id);
  if (!before) throw notFound('passkeyNotFound');
  return withTx(ctx, async (tx) => {
    const row = await renamePasskey(tx.db, user.id, id, name);
    if (!row) throw notFound('passkeyNotFound');
    if (before.name !== name) {
      await recordEvent(tx.db, auditSource(user, client), {
        action: 'auth.passkey_renamed',
        targetType: 'user',
        targetId: user.id,
        details: { before: before.name, after: name },
      });
    }
    return presentPasskey(row);
  });
}

/** Options to prove it is the person again with any of their passkeys (before a removal). */
export async function reauthOptions(ctx: AppContext, user: UserRow, rp: RelyingParty): Promise<TAssertionOptions> {
  const own = await listPasskeys(ctx.db, user.id);
  if (own.length === 0) throw conflict('passkeyNone');
  const challenge = await newChallenge(ctx, user.id, { kind: 'reauth', ...rp });
  return generateAuthenticationOptions({
    rpID: rp.rpId,
    challenge,
    timeout: WEBAUTHN_TTL_SECONDS * 1000,
    allowCredentials: descriptors(own),
    userVerification: 'preferred',
  });
}

/**
 * Removes one of the person's passkeys once they proved themselves with one of theirs
 * (a stolen session alone cannot strip an account of its factors). An account whose type
 * must keep a second factor cannot remove its last one.
 */
export async function removeOwnPasskey(
  ctx: AppContext,
  user: UserRow,
  id: number,
  assertion: TAssertionCredential,
  client: ClientInfo,
): Promise<void> {
  const target = await findOwnPasskey(ctx.db, user.id, id);
  if (!target) throw notFound('passkeyNotFound');
  const spent = await spendSignedChallenge(ctx, assertion.response.clientDataJSON, 'reauth');
  const prover = await findPasskeyByCredential(ctx.db, assertion.id);
  if (
    !spent ||
    spent.userId !== user.id ||
    prover?.user_id !== user.id ||
    !(await checkAssertion(ctx, assertion, spent.token, spent.data, prover, false))
  ) {
    throw badRequest('passkeyRefused');
  }
  if (mfaRequiredFor(ctx, user)) {
    const others = (await countPasskeys(ctx.db, user.id)) - 1;
    const methods = await secondFactorMethods(ctx.db, user.id);
    if (others === 0 && !methods.includes('totp')) throw conflict('passkeyLastFactor');
  }
  await withTx(ctx, async (tx) => {
    if (!(await deletePasskey(tx.db, user.id, id))) throw notFound('passkeyNotFound');
    await recordEvent(tx.db, auditSource(user, client), {
      action: 'auth.passkey_removed',
      targetType: 'user',
      targetId: user.id,
      details: { name: target.name },
    });
  });
}

// ---------------------------------------------------------------------------------------
// Signing in

/** Options for "Sign in with a passkey": any discoverable passkey of this portal, verified. */
export async function loginOptions(ctx: AppContext, rp: RelyingParty, client: ClientInfo): Promise<TAssertionOptions> {
  // Anyone may ask, before anyone is known: live ones are bounded per address.
  const token = await createOpenChallenge(ctx.db, {
    purpose: 'webauthn',
    data: { kind: 'login', ...rp } satisfies WebauthnChallenge,
    ttlSeconds: WEBAUTHN_TTL_SECONDS,
    address: client.ip,
    maxOpen: OPEN_SIGN_INS_PER_ADDRESS,
  });
  if (!token) throw tooManyRequests(WEBAUTHN_TTL_SECONDS, 'signInStartThrottled');
  const challenge = new Uint8Array(isoBase64URL.toBuffer(token));
  return generateAuthenticationOptions({
    rpID: rp.rpId,
    challenge,
    timeout: WEBAUTHN_TTL_SECONDS * 1000,
    userVerification: 'required',
  });
}

/** A keyed digest of a credential id nobody registered (recorded and throttled, never stored as sent). */
function unknownCredentialDigest(ctx: AppContext, credentialId: string): string {
  return crypto.createHmac('sha256', ctx.tokens.secret).update(credentialId).digest('hex').slice(0, 16);
}

/**
 * A passkey alone proves who signs in (the device and its unlock: two factors), checked
 * as sign-in checks a password: the account's throttle, a failure record, a disabled
 * account refused. Answers the passkey's active owner; an unknown passkey, a wrong
 * signature, origin or RP ID, a counter that did not rise and a spent challenge all
 * answer the generic refusal.
 */
export async function checkPasskeySignIn(
  ctx: AppContext,
  assertion: TAssertionCredential,
  client: ClientInfo,
): Promise<UserRow> {
  const { LOGIN_MAX_FAILURES: max, LOGIN_WINDOW: window } = ctx.config;
  const spent = await spendSignedChallenge(ctx, assertion.response.clientDataJSON, 'login');
  const passkey = await findPasskeyByCredential(ctx.db, assertion.id);
  const user = passkey && (await findPasskeyUser(ctx.db, passkey.user_id));
  const key = user ? `user:${user.id}` : `unknown-passkey:${unknownCredentialDigest(ctx, assertion.id)}`;
  // The password's budget: a passkey is no way around a throttled account.
  const attempt = await beginLoginAttempt(ctx.db, key, client.ip, max, window);
  if ('wait' in attempt) throw tooManyRequests(attempt.wait, 'loginThrottled');

  const handleMatches =
    !user ||
    assertion.response.userHandle === undefined ||
    assertion.response.userHandle === isoBase64URL.fromBuffer(userHandle(ctx, user.id));
  const ok =
    spent !== undefined &&
    passkey !== undefined &&
    handleMatches &&
    (await checkAssertion(ctx, assertion, spent.token, spent.data, passkey, true));
  if (user && ok && !user.is_active) return refuseDisabledAccount(ctx, attempt.id, user, client);
  if (!user || !ok) {
    await withTx(ctx, async (tx) => {
      await pruneLoginFailures(tx.db, window);
      await recordEvent(tx.db, auditSource(null, client), {
        action: 'auth.login_failed',
        targetType: 'user',
        targetId: user?.id,
        details: user
          ? { username: user.username, reason: 'passkey refused' }
          : { typed: `unknown identifier #${unknownCredentialDigest(ctx, assertion.id)}`, reason: 'unknown passkey' },
      });
    });
    throw nonFieldError('loginFailed');
  }
  await clearLoginFailures(ctx.db, key, client.ip);
  return user;
}

/** "Sign in with a passkey": a session (a verified passkey is never challenged again). */
export async function signIn(
  ctx: AppContext,
  assertion: TAssertionCredential,
  client: ClientInfo,
): Promise<TAccessResponse> {
  const user = await checkPasskeySignIn(ctx, assertion, client);
  const answer = await finishSignIn(ctx, user, client, { method: 'passkey' });
  if (!('access' in answer)) throw new Error('a passkey sign-in was challenged for a second factor');
  return answer;
}

/** Options to prove a sign-in's second factor with one of the account's passkeys. */
export async function mfaOptions(
  ctx: AppContext,
  signIn: string,
  rp: RelyingParty,
  client: ClientInfo,
): Promise<TAssertionOptions> {
  // Counts an attempt against the sign-in challenge: each try needs new options.
  const { user } = await openMfaChallenge(ctx, signIn, 'mfa', client);
  const own = await listPasskeys(ctx.db, user.id);
  if (own.length === 0) throw badRequest('passkeyNone');
  const challenge = await newChallenge(ctx, user.id, { kind: 'mfa', signIn: digest(signIn), ...rp });
  return generateAuthenticationOptions({
    rpID: rp.rpId,
    challenge,
    timeout: WEBAUTHN_TTL_SECONDS * 1000,
    allowCredentials: descriptors(own),
    userVerification: 'preferred',
  });
}

/**
 * Completes a sign-in's second factor with a passkey: the WebAuthn challenge must have been
 * made for this sign-in challenge and the passkey be its account's. A refusal is recorded;
 * the sign-in challenge's attempt limit bounds the tries.
 */
export async function verifyMfa(
  ctx: AppContext,
  signIn: string,
  assertion: TAssertionCredential,
  client: ClientInfo,
): Promise<TAccessResponse> {
  const { user } = await openMfaChallenge(ctx, signIn, 'mfa', client);
  if (!(await checkMfaAssertion(ctx, user, signIn, assertion))) {
    await withTx(ctx, (tx) =>
      recordEvent(tx.db, auditSource(null, client), {
        action: 'auth.mfa_failed',
        targetType: 'user',
        targetId: user.id,
        details: { username: user.username, method: 'passkey', reason: 'passkey refused' },
      }),
    );
    throw badRequest('passkeyRefused');
  }
  return completeMfaChallenge(ctx, signIn, 'mfa', 'passkey', client);
}

async function checkMfaAssertion(
  ctx: AppContext,
  user: UserRow,
  signIn: string,
  assertion: TAssertionCredential,
): Promise<boolean> {
  const spent = await spendSignedChallenge(ctx, assertion.response.clientDataJSON, 'mfa');
  if (!spent || spent.userId !== user.id || spent.data.signIn !== digest(signIn)) return false;
  const passkey = await findPasskeyByCredential(ctx.db, assertion.id);
  if (passkey?.user_id !== user.id) return false;
  return checkAssertion(ctx, assertion, spent.token, spent.data, passkey, false);
}
