import {
  canAdministerAccounts,
  type TAccessResponse,
  type TMfaMethod,
  type TMfaVerifyRequest,
  type TMyMfa,
  type TRecoveryCodesResponse,
  type TTotpRemoveRequest,
  type TTotpSetupResponse,
} from '@portal/contracts';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { UserRow } from '../../../db/schema.js';
import { auditSource, type ClientInfo } from '../../../lib/actor.js';
import type { AppContext } from '../../../lib/context.js';
import { conflict, fieldError, forbidden, nonFieldError, notFound, tooManyRequests } from '../../../lib/errors.js';
import { withTx, type Tx } from '../../../lib/tx.js';
import { recordEvent } from '../../event-logs/index.js';
import { notify } from '../../notifications/index.js';
import { issueSession } from '../auth.service.js';
import { attemptChallenge, dropChallenge, spendChallenge } from '../challenges.repository.js';
import {
  beginLoginAttempt,
  clearLoginFailures,
  forgetLoginAttempt,
  pruneLoginFailures,
} from '../login-throttle.repository.js';
import { verifyPassword } from '../passwords.js';
import { revokeUserSessions } from '../sessions.repository.js';
import { mfaRequiredFor, removeAllSecondFactors, type MfaChallengeData, type SignInVia } from './challenge.js';
import {
  countRecoveryCodesLeft,
  deleteTotp,
  findTotp,
  findUser,
  hasConfirmedTotp,
  replaceRecoveryCodes,
  savePendingTotp,
  spendRecoveryCode,
  useTotpStep,
} from './mfa.repository.js';
import { newRecoveryCodes, openSecret, recoveryCodeDigest, sealSecret } from './secrets.js';

/** Codes tried against one sign-in challenge before it is dropped (the account's throttle also applies). */
export const MFA_CHALLENGE_MAX_ATTEMPTS = 5;
/** The name authenticator apps show beside the account. */
const TOTP_ISSUER = 'Staff Portal';
/** RFC 6238's default step; codes one step either side are accepted (clock drift). */
const TOTP_PERIOD = 30;

type ChallengePurpose = 'mfa' | 'mfa_enrol';
type FailReason = 'wrong code' | 'replayed code' | 'wrong password' | 'too many attempts';

/** The person a live sign-in challenge is for, and how they proved the first factor. */
export interface OpenChallenge {
  user: UserRow;
  via: SignInVia;
}

/**
 * Reads a live challenge of `purpose`, counting an attempt against it: too many and it is
 * dropped. 400 `mfaChallengeInvalid` for a spent, expired, unknown or wrong-purpose one,
 * or one whose account was since deactivated. The passkey feature uses it too.
 */
export async function openMfaChallenge(
  ctx: AppContext,
  token: string,
  purpose: ChallengePurpose,
  client: ClientInfo,
): Promise<OpenChallenge> {
  const ch = await attemptChallenge<MfaChallengeData>(ctx.db, purpose, token);
  const user = ch?.userId != null ? await findUser(ctx.db, ch.userId) : undefined;
  if (!ch || !user?.is_active) throw nonFieldError('mfaChallengeInvalid');
  if (ch.attempts > MFA_CHALLENGE_MAX_ATTEMPTS) {
    await withTx(ctx, async (tx) => {
      await dropChallenge(tx.db, token);
      await logFailure(tx, user, null, client, null, 'too many attempts');
    });
    throw nonFieldError('mfaChallengeInvalid');
  }
  return { user, via: ch.data.via };
}

/**
 * Ends a sign-in challenge the person has met (their second factor proven, or enrolled):
 * spends it (a replay finds nothing) and issues the session, the sign-in logged with the
 * first step's method and `method` as the second factor. The passkey feature calls it too.
 */
export async function completeMfaChallenge(
  ctx: AppContext,
  token: string,
  purpose: ChallengePurpose,
  method: TMfaMethod,
  client: ClientInfo,
): Promise<TAccessResponse> {
  const ch = await spendChallenge<MfaChallengeData>(ctx.db, purpose, token);
  const user = ch?.userId != null ? await findUser(ctx.db, ch.userId) : undefined;
  if (!ch || !user?.is_active) throw nonFieldError('mfaChallengeInvalid');
  return issueSession(ctx, user, client, { ...ch.data.via, secondFactor: method });
}

/**
 * One try of a code, counted per account whatever the address (like passwords), before
 * the code is checked; answers the attempt to forget once the code proves right.
 */
async function beginCodeAttempt(ctx: AppContext, userId: number): Promise<number> {
  const { LOGIN_MAX_FAILURES: max, LOGIN_WINDOW: window } = ctx.config;
  const attempt = await beginLoginAttempt(ctx.db, throttleKey(userId), '', max, window);
  if ('wait' in attempt) throw tooManyRequests(attempt.wait, 'mfaThrottled');
  return attempt.id;
}

const throttleKey = (userId: number) => `mfa:${userId}`;

async function codeAccepted(ctx: AppContext, userId: number, attemptId: number) {
  await forgetLoginAttempt(ctx.db, attemptId);
  await clearLoginFailures(ctx.db, throttleKey(userId), '');
}

function logFailure(
  tx: Tx,
  user: UserRow,
  actor: UserRow | null,
  client: ClientInfo,
  method: TMfaMethod | null,
  reason: FailReason,
) {
  return recordEvent(tx.db, auditSource(actor, client), {
    action: 'auth.mfa_failed',
    targetType: 'user',
    targetId: user.id,
    details: { username: user.username, ...(method ? { method } : {}), reason },
  });
}

/** A refused code: logged (the attempt stays counted), then the caller's error. */
async function refuse(
  ctx: AppContext,
  user: UserRow,
  actor: UserRow | null,
  client: ClientInfo,
  method: TMfaMethod,
  reason: FailReason,
) {
  await withTx(ctx, async (tx) => {
    await pruneLoginFailures(tx.db, ctx.config.LOGIN_WINDOW);
    await logFailure(tx, user, actor, client, method, reason);
  });
}

/**
 * Checks an authenticator code against the user's app (pending when `confirm`), and
 * records its time step so the same code never works twice. Answers why not, or null.
 */
async function checkTotp(
  ctx: AppContext,
  userId: number,
  code: string,
  confirm = false,
): Promise<'wrong code' | 'replayed code' | null> {
  const row = await findTotp(ctx.db, userId);
  const secret = row && openSecret(ctx.tokens.secret, userId, row.secret);
  if (!row || !secret || (row.confirmed_at === null) !== confirm) return 'wrong code';
  const result = await verify({ secret, token: code, period: TOTP_PERIOD, epochTolerance: TOTP_PERIOD });
  // A TOTP result always carries its time step (the union also covers HOTP's).
  if (!result.valid || !('timeStep' in result)) return 'wrong code';
  // Atomic: of two requests racing with one code, only one moves the step on.
  return (await useTotpStep(ctx.db, userId, result.timeStep, confirm)) ? null : 'replayed code';
}

/** `auth/mfa/verify/`: an app code or a recovery code completes the sign-in. */
export async function verifySignIn(
  ctx: AppContext,
  req: TMfaVerifyRequest,
  client: ClientInfo,
): Promise<TAccessResponse> {
  const { user } = await openMfaChallenge(ctx, req.challenge, 'mfa', client);
  const attemptId = await beginCodeAttempt(ctx, user.id);
  let problem: FailReason | null;
  if (req.method === 'totp') {
    const digits = req.code.replace(/\s+/g, '');
    problem = /^\d{6}$/.test(digits) ? await checkTotp(ctx, user.id, digits) : 'wrong code';
  } else {
    problem = (await spendRecoveryCode(ctx.db, user.id, recoveryCodeDigest(ctx.tokens.secret, req.code)))
      ? null
      : 'wrong code';
  }
  if (problem) {
    await refuse(ctx, user, null, client, req.method, problem);
    throw fieldError('code', req.method === 'totp' ? 'mfaCodeWrong' : 'mfaRecoveryCodeWrong');
  }
  await codeAccepted(ctx, user.id, attemptId);
  return completeMfaChallenge(ctx, req.challenge, 'mfa', req.method, client);
}

/** Who an enrolment call is for: the signed-in caller, or an `mfa_enrol` challenge's account. */
export type Enroller = { user: UserRow; challenge?: undefined } | { user: UserRow; challenge: string };

export async function enrollerOf(
  ctx: AppContext,
  session: UserRow | null,
  challenge: string | undefined,
  client: ClientInfo,
): Promise<Enroller | null> {
  if (challenge !== undefined) {
    const { user } = await openMfaChallenge(ctx, challenge, 'mfa_enrol', client);
    return { user, challenge };
  }
  return session ? { user: session } : null;
}

export async function myFactors(ctx: AppContext, user: UserRow): Promise<TMyMfa> {
  return {
    totp: await hasConfirmedTotp(ctx.db, user.id),
    recovery_codes_left: await countRecoveryCodesLeft(ctx.db, user.id),
    required: mfaRequiredFor(ctx, user),
  };
}

/** A new secret (pending until confirmed with a code from it), its URL and QR code. */
export async function setupTotp(ctx: AppContext, user: UserRow): Promise<TTotpSetupResponse> {
  const secret = generateSecret();
  if (!(await savePendingTotp(ctx.db, user.id, sealSecret(ctx.tokens.secret, user.id, secret)))) {
    throw conflict('totpAlreadyOn');
  }
  const url = generateURI({ issuer: TOTP_ISSUER, label: user.username, secret, period: TOTP_PERIOD });
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauth_url: url, qr_svg: svg };
}

/** Fresh recovery codes replace any old ones; only their digests are kept (the passkey feature's enrolment too). */
export async function storeNewRecoveryCodes(tx: Tx, ctx: AppContext, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(
    tx.db,
    userId,
    codes.map((c) => recoveryCodeDigest(ctx.tokens.secret, c)),
  );
  return codes;
}

/**
 * Turns the pending app on with a code from it, and answers ten recovery codes (shown
 * once). Enrolment forced at sign-in completes that sign-in too: `access` with them.
 */
export async function confirmTotp(
  ctx: AppContext,
  who: Enroller,
  code: string,
  client: ClientInfo,
): Promise<TRecoveryCodesResponse> {
  const { user } = who;
  const row = await findTotp(ctx.db, user.id);
  if (!row) throw conflict('totpNotStarted');
  if (row.confirmed_at !== null) throw conflict('totpAlreadyOn');
  const attemptId = await beginCodeAttempt(ctx, user.id);
  const actor = who.challenge === undefined ? user : null;
  const problem = await checkTotp(ctx, user.id, code, true);
  if (problem) {
    await refuse(ctx, user, actor, client, 'totp', problem);
    throw fieldError('code', 'mfaCodeWrong');
  }
  await codeAccepted(ctx, user.id, attemptId);
  const recovery_codes = await withTx(ctx, async (tx) => {
    const codes = await storeNewRecoveryCodes(tx, ctx, user.id);
    await recordEvent(tx.db, auditSource(user, client), {
      action: 'auth.mfa_enrolled',
      targetType: 'user',
      targetId: user.id,
      details: { method: 'totp' },
    });
    return codes;
  });
  if (who.challenge === undefined) return { recovery_codes };
  const { access } = await completeMfaChallenge(ctx, who.challenge, 'mfa_enrol', 'totp', client);
  return { access, recovery_codes };
}

/** A current app code from the signed-in user (throttled, failures logged), or a 4xx. */
async function requireCurrentCode(ctx: AppContext, user: UserRow, code: string, client: ClientInfo) {
  const attemptId = await beginCodeAttempt(ctx, user.id);
  const problem = await checkTotp(ctx, user.id, code);
  if (problem) {
    await refuse(ctx, user, user, client, 'totp', problem);
    throw fieldError('code', 'mfaCodeWrong');
  }
  await codeAccepted(ctx, user.id, attemptId);
}

export async function regenerateRecoveryCodes(
  ctx: AppContext,
  user: UserRow,
  code: string,
  client: ClientInfo,
): Promise<TRecoveryCodesResponse> {
  if (!(await hasConfirmedTotp(ctx.db, user.id))) throw conflict('totpNotOn');
  await requireCurrentCode(ctx, user, code, client);
  const recovery_codes = await withTx(ctx, async (tx) => {
    const codes = await storeNewRecoveryCodes(tx, ctx, user.id);
    await recordEvent(tx.db, auditSource(user, client), {
      action: 'auth.recovery_codes_regenerated',
      targetType: 'user',
      targetId: user.id,
    });
    return codes;
  });
  return { recovery_codes };
}

/** Turns the app off with a current code, or the password when the phone is gone. */
export async function removeTotp(
  ctx: AppContext,
  user: UserRow,
  req: TTotpRemoveRequest,
  client: ClientInfo,
): Promise<void> {
  if (!(await hasConfirmedTotp(ctx.db, user.id))) throw conflict('totpNotOn');
  if (req.code !== undefined) {
    await requireCurrentCode(ctx, user, req.code, client);
  } else {
    const attemptId = await beginCodeAttempt(ctx, user.id);
    if (!(await verifyPassword(user.password_hash, req.password ?? ''))) {
      await refuse(ctx, user, user, client, 'totp', 'wrong password');
      throw fieldError('password', 'mfaPasswordWrong');
    }
    await codeAccepted(ctx, user.id, attemptId);
  }
  await withTx(ctx, async (tx) => {
    await deleteTotp(tx.db, user.id);
    await replaceRecoveryCodes(tx.db, user.id, []);
    await recordEvent(tx.db, auditSource(user, client), {
      action: 'auth.mfa_removed',
      targetType: 'user',
      targetId: user.id,
      details: { method: 'totp' },
    });
  });
}

/**
 * An ADMIN removes every second factor of an account (a lost phone): its sessions end,
 * the person is told, and (if their type requires one) they enrol again at sign-in.
 */
export async function resetFactors(ctx: AppContext, actor: UserRow, id: number, client: ClientInfo): Promise<void> {
  if (!canAdministerAccounts(actor)) throw forbidden();
  const target = await findUser(ctx.db, id);
  if (!target) throw notFound('userNotFound');
  await withTx(ctx, async (tx) => {
    await removeAllSecondFactors(tx.db, id);
    await revokeUserSessions(tx.db, id);
    await recordEvent(tx.db, auditSource(actor, client), {
      action: 'auth.mfa_reset',
      targetType: 'user',
      targetId: id,
      details: { username: target.username },
    });
    await notify(tx, { kind: 'mfaReset', params: {}, url: '/user', recipients: [id], senderId: actor.id });
    tx.publish({ type: 'sessions.revoked', userId: id });
  });
}
