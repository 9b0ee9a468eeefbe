import type { TChangePasswordRequest, TLoginRequest, TUpdateMeRequest } from '@portal/contracts';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { fieldError, nonFieldError, tooManyRequests } from '../../lib/errors.js';
import { findUserByLogin } from '../users/users.repository.js';
import { updateOwnProfile } from '../users/users.service.js';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.js';
import { clearLoginFailures, loginRetryAfter, recordLoginFailure } from './login-throttle.js';
import {
  createSession,
  deleteExpiredSessions,
  findSessionUser,
  revokeSession,
  revokeUserSessions,
} from './sessions.js';
import { newSessionId, signAccessToken, verifyAccessToken } from './tokens.js';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export interface Authenticated {
  user: UserRow;
  sessionId: string;
}

async function issueToken(ctx: AppContext, user: UserRow, client: ClientInfo) {
  const sessionId = newSessionId();
  const { token, expiresAt } = await signAccessToken(ctx.tokens, user.id, sessionId);
  await createSession(ctx.db, { id: sessionId, userId: user.id, expiresAt, ip: client.ip, userAgent: client.userAgent });
  return token;
}

const BAD_CREDENTIALS = 'Unable to log in with provided credentials.';

export async function login(ctx: AppContext, req: TLoginRequest, client: ClientInfo): Promise<{ access: string }> {
  const key = req.username.toLowerCase();
  const { LOGIN_MAX_FAILURES: max, LOGIN_WINDOW: window } = ctx.config;
  const wait = await loginRetryAfter(ctx.db, key, client.ip, max, window);
  // Checked before the password, so a correct guess is refused too while throttled.
  if (wait > 0) throw tooManyRequests('Too many failed login attempts. Try again later.', wait);

  const user = await findUserByLogin(ctx.db, req.username);
  const ok = await verifyPassword(user?.password_hash ?? null, req.password);
  if (!user || !ok || !user.is_active) {
    await recordLoginFailure(ctx.db, key, client.ip, window);
    throw nonFieldError(BAD_CREDENTIALS);
  }
  await clearLoginFailures(ctx.db, key, client.ip);
  await deleteExpiredSessions(ctx.db);
  return { access: await issueToken(ctx, user, client) };
}

/** Bearer token → live session and active user, or null. */
export async function authenticate(ctx: AppContext, token: string): Promise<Authenticated | null> {
  const claims = await verifyAccessToken(ctx.tokens, token);
  if (!claims) return null;
  const user = await findSessionUser(ctx.db, claims.sessionId, claims.userId);
  return user ? { user, sessionId: claims.sessionId } : null;
}

export async function logout(ctx: AppContext, auth: Authenticated) {
  await revokeSession(ctx.db, auth.sessionId);
}

export function updateMe(ctx: AppContext, auth: Authenticated, patch: TUpdateMeRequest) {
  return updateOwnProfile(ctx, auth.user, patch);
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
  if (!(await verifyPassword(auth.user.password_hash, req.old_password))) {
    throw fieldError('old_password', 'Your old password was entered incorrectly.');
  }
  const problem = passwordProblem(req.new_password, auth.user.username);
  if (problem) throw fieldError('new_password', problem);
  if (req.new_password === req.old_password) {
    throw fieldError('new_password', 'The new password must differ from the old one.');
  }
  const passwordHash = await hashPassword(req.new_password);
  const sessionId = newSessionId();
  const { token, expiresAt } = await signAccessToken(ctx.tokens, auth.user.id, sessionId);
  await ctx.db.transaction().execute(async (tx) => {
    await tx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', auth.user.id).execute();
    await revokeUserSessions(tx, auth.user.id);
    await createSession(tx, { id: sessionId, userId: auth.user.id, expiresAt, ...client });
  });
  return { access: token };
}

