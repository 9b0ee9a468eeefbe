import crypto from 'node:crypto';
import type { TChangePasswordRequest, TLoginRequest, TLoginResponse } from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import { auditSource, type Authenticated, type ClientInfo } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import {
  ApiError,
  badRequest,
  fieldError,
  forbidden,
  nonFieldError,
  retryAfter,
  tooManyRequests,
} from '../../lib/errors.js';
import { withTx } from '../../lib/tx.js';
import { recordEvent } from '../event-logs/index.js';
import { notify } from '../notifications/index.js';
import { findLoginUser, isAccountActive, setPasswordHash } from './auth.repository.js';
import {
  beginLoginAttempt,
  clearLoginFailures,
  forgetLoginAttempt,
  pruneLoginFailures,
} from './login-throttle.repository.js';
import { askDirectory, directoryConfigured } from './ldap/directory.js';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.js';
import { hasExternalIdentity } from './provisioning/external-accounts.repository.js';
import { isBreakGlassAccount, localLoginAllowed } from './provisioning/local-login.js';
import { provisionExternalUser, type ProvisionOptions } from './provisioning/provision.js';
import {
  createSession,
  deleteExpiredSessions,
  findSessionUser,
  revokeSession,
  revokeUserSessions,
} from './sessions.repository.js';
import { sessionCacheOf } from './session-cache.js';
import { newSessionId, signAccessToken, verifyAccessToken } from './tokens.js';
import { issueWsTicket, redeemWsTicket } from './ws-tickets.repository.js';
import { secondFactorChallenge, type SignInVia } from './mfa/challenge.js';
import { isWsTicket } from './ws-tickets.js';

/**
 * Who a throttle counts against: the account the identifier resolves to (so a username
 * and an email share one budget), or, for unknown identifiers, a keyed digest of what was
 * typed (never the text: a password typed into the username box must not be stored).
 */
function throttleKey(ctx: AppContext, user: UserRow | undefined, typed: string): string {
  return user ? `user:${user.id}` : `unknown:${typedDigest(ctx, typed)}`;
}

/** A stable, keyed stand-in for text we must not store (an ADMIN can still see repeats). */
function typedDigest(ctx: AppContext, typed: string): string {
  return crypto.createHmac('sha256', ctx.tokens.secret).update(typed.toLowerCase()).digest('hex').slice(0, 16);
}

/**
 * A username (or email) and password checked exactly as sign-in checks them (throttle,
 * failure record, disabled account): answers the user, or throws 400/403/429. Also used
 * by the monitoring agent's enrollment, which exchanges the password for its credential
 * (`forAgent`: a directory person whose mapping is not staff is answered, not refused).
 */
export async function checkCredentials(
  ctx: AppContext,
  req: TLoginRequest,
  client: ClientInfo,
  options: ProvisionOptions = {},
): Promise<UserRow> {
  return (await verifyCredentials(ctx, req, client, options)).user;
}

/**
 * `checkCredentials`, also saying how the password was proven. With a company directory
 * (LDAP_URL), it is asked first: its people sign in with its password (their portal
 * account provisioned from their entry); a name it does not know falls through to the
 * portal's own password (break-glass accounts), which also still works while it is down.
 */
async function verifyCredentials(
  ctx: AppContext,
  req: TLoginRequest,
  client: ClientInfo,
  options: ProvisionOptions = {},
): Promise<{ user: UserRow; via: SignInVia }> {
  const { LOGIN_MAX_FAILURES: max, LOGIN_WINDOW: window } = ctx.config;
  let user = await findLoginUser(ctx.db, req.username);
  const key = throttleKey(ctx, user, req.username);
  // Counted before the password is checked (so concurrent guesses cannot outrun the
  // budget), and checked first, so a correct guess is refused too while throttled.
  const attempt = await beginLoginAttempt(ctx.db, key, client.ip, max, window);
  if ('wait' in attempt) throw tooManyRequests(attempt.wait, 'loginThrottled');

  let via: SignInVia = { method: 'password' };
  let ok: boolean;
  let directoryError: string | undefined;
  // Break-glass accounts never ask the directory: an entry of the same name there (or its
  // outage) must not stand between them and their portal password.
  const directory =
    directoryConfigured(ctx.config) && !(user && isBreakGlassAccount(ctx.config, user))
      ? await askDirectory(ctx.config, req.username, req.password)
      : ({ kind: 'unknown' } as const);
  if (directory.kind === 'signedIn') {
    try {
      user = await provisionExternalUser(ctx, directory.identity, client, options);
    } catch (err) {
      // The password was right: the refusal (no mapping, creation off) is not a guess.
      await forgetLoginAttempt(ctx.db, attempt.id);
      throw err;
    }
    via = { method: 'ldap' };
    ok = true;
  } else if (directory.kind === 'unknown' || directory.kind === 'unavailable') {
    ok = await verifyPassword(user?.password_hash ?? null, req.password);
    if (directory.kind === 'unavailable') directoryError = directory.error;
  } else {
    // A directory user: the directory's word is final, the portal password is not tried
    // (only timed as if it were, so the answer's speed does not tell directory names apart).
    ok = await verifyPassword(null, req.password);
    if (directory.kind === 'ambiguous') directoryError = 'AMBIGUOUS';
  }

  if (user && ok && !user.is_active) return refuseDisabledAccount(ctx, attempt.id, user, client);
  if (!user || !ok) {
    const known = user ?? (directory.kind === 'wrongPassword' ? { username: req.username } : undefined);
    // Nobody could be checked: a wait, not a guess (it must not use up the person's budget).
    const unavailable = directory.kind === 'unavailable';
    await withTx(ctx, async (tx) => {
      if (unavailable) await forgetLoginAttempt(tx.db, attempt.id);
      else await pruneLoginFailures(tx.db, window);
      await recordEvent(tx.db, auditSource(null, client), {
        action: 'auth.login_failed',
        targetType: 'user',
        targetId: user?.id,
        // The typed identifier only when it names an account (then it is that account's name).
        details: {
          ...(known
            ? { username: known.username }
            : { typed: `unknown identifier #${typedDigest(ctx, req.username)}` }),
          reason: unavailable
            ? 'directory unavailable'
            : directory.kind === 'ambiguous'
              ? 'ambiguous directory name'
              : known
                ? 'wrong password'
                : 'unknown user',
          ...(directoryError ? { error: directoryError } : {}),
        },
      });
    });
    if (unavailable) throw new ApiError(503, { code: 'directoryUnavailable' }, undefined, retryAfter(30));
    throw nonFieldError('loginFailed');
  }
  if (via.method === 'password' && !localLoginAllowed(ctx.config, user)) {
    // Portal passwords are off (LOCAL_LOGIN=0): the right one still does not sign in.
    await withTx(ctx, async (tx) => {
      await forgetLoginAttempt(tx.db, attempt.id);
      await recordEvent(tx.db, auditSource(null, client), {
        action: 'auth.login_failed',
        targetType: 'user',
        targetId: user.id,
        details: { username: user.username, reason: 'local login off' },
      });
    });
    throw forbidden('localLoginOff');
  }
  await clearLoginFailures(ctx.db, key, client.ip);
  return { user, via };
}

/**
 * The right password (or passkey) for a disabled account: say so (only someone who holds
 * the credential learns it), so the person asks an administrator instead of retrying; the
 * attempt does not count against them, and the refusal is recorded.
 */
export async function refuseDisabledAccount(
  ctx: AppContext,
  attemptId: number,
  user: UserRow,
  client: ClientInfo,
): Promise<never> {
  await withTx(ctx, async (tx) => {
    await forgetLoginAttempt(tx.db, attemptId);
    await recordEvent(tx.db, auditSource(null, client), {
      action: 'auth.login_failed',
      targetType: 'user',
      targetId: user.id,
      details: { username: user.username, reason: 'inactive' },
    });
  });
  throw forbidden('accountDisabled');
}

export async function login(ctx: AppContext, req: TLoginRequest, client: ClientInfo): Promise<TLoginResponse> {
  const { user, via } = await verifyCredentials(ctx, req, client);
  return finishSignIn(ctx, user, client, via);
}

export type { SignInVia };

/**
 * Every sign-in path ends here once the person is known (password, directory, provider,
 * passkey): the portal's own session and `access` token, the same whatever the path, so
 * revocation, guards and `auth/me/` work alike for all of them. When a second factor is
 * due (or must first be set up) the answer is its challenge instead (mfa/challenge.ts).
 */
export async function finishSignIn(
  ctx: AppContext,
  user: UserRow,
  client: ClientInfo,
  via: SignInVia,
): Promise<TLoginResponse> {
  return (await secondFactorChallenge(ctx, user, via)) ?? issueSession(ctx, user, client, via);
}

/** A new session and its token, the sign-in recorded in the event log. */
export async function issueSession(
  ctx: AppContext,
  user: UserRow,
  client: ClientInfo,
  via: SignInVia,
): Promise<{ access: string }> {
  await deleteExpiredSessions(ctx.db);
  const sessionId = newSessionId();
  const { token, expiresAt } = await signAccessToken(ctx.tokens, user.id, sessionId);
  await withTx(ctx, async (tx) => {
    await createSession(tx.db, { id: sessionId, userId: user.id, expiresAt, ...client });
    await recordEvent(tx.db, auditSource(user, client), {
      action: 'auth.login',
      targetType: 'user',
      targetId: user.id,
      ...(via.method === 'password' && !via.secondFactor
        ? {}
        : { details: { method: via.method, ...(via.secondFactor ? { second_factor: via.secondFactor } : {}) } }),
    });
  });
  return { access: token };
}

/** Bearer token → live session and active user, or null. */
export async function authenticate(ctx: AppContext, token: string): Promise<Authenticated | null> {
  const claims = await verifyAccessToken(ctx.tokens, token);
  if (!claims) return null;
  const cache = sessionCacheOf(ctx.bus, {
    max: ctx.config.SESSION_CACHE_SIZE,
    ttlSeconds: ctx.config.SESSION_CACHE_TTL,
  });
  const cached = cache.get(claims.sessionId, claims.userId);
  if (cached) return cached;
  const stamp = cache.stamp(claims.userId);
  const user = await findSessionUser(ctx.db, claims.sessionId, claims.userId);
  if (!user) return null;
  const auth = { user, sessionId: claims.sessionId };
  cache.set(auth, stamp);
  return auth;
}

/**
 * Why a token `authenticate` refused was refused, when its holder should be told: a
 * genuine token of an account since deactivated (its sessions were ended with it), so
 * the sign-in page can say why instead of appearing unexplained. Null otherwise (an
 * expired, revoked or forged token: the generic 401). Only runs on refusals.
 */
export async function refusalReason(ctx: AppContext, token: string): Promise<'sessionAccountDisabled' | null> {
  const claims = await verifyAccessToken(ctx.tokens, token);
  if (!claims) return null;
  return (await isAccountActive(ctx.db, claims.userId)) === false ? 'sessionAccountDisabled' : null;
}

/** `?token=` of a websocket: a single-use ticket, or (spec §7 clients) an access token. */
export async function authenticateSocket(ctx: AppContext, token: string): Promise<Authenticated | null> {
  if (!isWsTicket(token)) return authenticate(ctx, token);
  const ticket = await redeemWsTicket(ctx.db, token);
  if (!ticket) return null;
  const user = await findSessionUser(ctx.db, ticket.session_id, ticket.user_id);
  return user ? { user, sessionId: ticket.session_id } : null;
}

export function wsTicket(ctx: AppContext, auth: Authenticated) {
  return issueWsTicket(ctx.db, auth.user.id, auth.sessionId);
}

export async function logout(ctx: AppContext, auth: Authenticated, client: ClientInfo) {
  await withTx(ctx, async (tx) => {
    await revokeSession(tx.db, auth.sessionId);
    await recordEvent(tx.db, auditSource(auth.user, client), {
      action: 'auth.logout',
      targetType: 'user',
      targetId: auth.user.id,
    });
    tx.publish({ type: 'sessions.revoked', userId: auth.user.id });
  });
}

/**
 * Ends every other session of the user and answers a fresh token for this one, so the
 * caller stays signed in while a thief holding an old token is locked out.
 */
export async function changePassword(
  ctx: AppContext,
  auth: Authenticated,
  req: TChangePasswordRequest,
  client: ClientInfo,
): Promise<{ access: string }> {
  // The same budget as sign-in, per account whatever the address: a stolen session must
  // not become an unlimited password oracle.
  // The directory or provider holds the password of a linked account: change it there.
  if (await hasExternalIdentity(ctx.db, auth.user.id)) throw badRequest('passwordManagedExternally');
  const key = `password:${auth.user.id}`;
  const { LOGIN_MAX_FAILURES: max, LOGIN_WINDOW: window } = ctx.config;
  const attempt = await beginLoginAttempt(ctx.db, key, '', max, window);
  if ('wait' in attempt) throw tooManyRequests(attempt.wait, 'passwordChangeThrottled');
  if (!(await verifyPassword(auth.user.password_hash, req.old_password))) {
    await withTx(ctx, async (tx) => {
      await pruneLoginFailures(tx.db, window);
      await recordEvent(tx.db, auditSource(auth.user, client), {
        action: 'auth.password_change_failed',
        targetType: 'user',
        targetId: auth.user.id,
        details: { reason: 'wrong old password' },
      });
    });
    throw fieldError('old_password', 'oldPasswordWrong');
  }
  await forgetLoginAttempt(ctx.db, attempt.id);
  const problem = passwordProblem(req.new_password, auth.user.username);
  if (problem) throw fieldError('new_password', problem);
  if (req.new_password === req.old_password) {
    throw fieldError('new_password', 'newPasswordSame');
  }
  const passwordHash = await hashPassword(req.new_password);
  const sessionId = newSessionId();
  const { token, expiresAt } = await signAccessToken(ctx.tokens, auth.user.id, sessionId);
  await withTx(ctx, async (tx) => {
    await setPasswordHash(tx.db, auth.user.id, passwordHash);
    await clearLoginFailures(tx.db, key, '');
    await revokeUserSessions(tx.db, auth.user.id);
    await createSession(tx.db, { id: sessionId, userId: auth.user.id, expiresAt, ...client });
    await recordEvent(tx.db, auditSource(auth.user, client), {
      action: 'auth.password_changed',
      targetType: 'user',
      targetId: auth.user.id,
    });
    await notify(tx, {
      kind: 'passwordChanged',
      params: {},
      url: '/user',
      recipients: [auth.user.id],
    });
    tx.publish({ type: 'sessions.revoked', userId: auth.user.id, exceptSessionId: sessionId });
  });
  return { access: token };
}

/** Whether a session still holds (the gateway re-checks open sockets on revocation). */
export async function sessionAlive(ctx: AppContext, sessionId: string, userId: number): Promise<boolean> {
  return (await findSessionUser(ctx.db, sessionId, userId)) !== undefined;
}
