import {
  canAdministerAccounts,
  msg,
  ZCreateAccountRequest,
  type TCreateAccountRequest,
  type TUpdateAccountRequest,
  type TUpdateMeRequest,
  type TUserListQuery,
  ZUserListQuery,
} from '@portal/contracts';
import type { AppContext } from '../../lib/context.js';
import type { UserRow } from '../../db/schema.js';
import { CLI_SOURCE, type AuditSource } from '../../lib/actor.js';
import {
  badRequest,
  fieldError,
  fieldsError,
  forbidden,
  notFound,
  uniqueViolationField,
  type FieldMessages,
} from '../../lib/errors.js';
import { withTx } from '../../lib/tx.js';
import { hashPassword, passwordProblem, revokeUserSessions } from '../auth/index.js';
import { recordEvent } from '../event-logs/index.js';
import { notify } from '../notifications/index.js';
import {
  findUserById,
  findUserByUsername,
  insertUser,
  listUsers,
  takenAccountFields,
  updateUser,
  USER_UNIQUE_FIELDS,
} from './users.repository.js';

function requireAdmin(actor: UserRow) {
  if (!canAdministerAccounts(actor)) throw forbidden();
}

const takenCode = (field: string) => (field === 'email' ? 'emailTaken' : 'usernameTaken');

/** Turns a unique-index violation into a 400 on its field; rethrows anything else. */
function asFieldError(err: unknown): never {
  const field = uniqueViolationField(err, USER_UNIQUE_FIELDS);
  if (field) throw fieldError(field, takenCode(field));
  throw err;
}

/** `actor` null = the command line, run by whoever holds the server's files. */
export async function createAccount(
  ctx: Pick<AppContext, 'db' | 'bus'>,
  actor: UserRow | null,
  input: TCreateAccountRequest,
  source: AuditSource = CLI_SOURCE,
) {
  if (actor) requireAdmin(actor);
  const req = ZCreateAccountRequest.parse(input);
  // Every problem at once (a taken username and a weak password are told together), so
  // the form shows them all on the first try; the unique indexes still catch races.
  const problems: FieldMessages = {};
  for (const field of await takenAccountFields(ctx.db, req.username, req.email)) {
    problems[field] = [msg(takenCode(field))];
  }
  const problem = passwordProblem(req.password, req.username);
  if (problem) problems.password = [msg(problem)];
  if (Object.keys(problems).length) throw fieldsError(problems);
  const { password, ...fields } = req;
  const password_hash = await hashPassword(password);
  try {
    return await withTx(ctx, async (tx) => {
      const user = await insertUser(tx.db, { ...fields, password_hash });
      const { password: _p, ...details } = req;
      await recordEvent(tx.db, source, { action: 'account.created', targetType: 'user', targetId: user.id, details });
      await notify(tx, {
        kind: 'accountWelcome',
        params: { name: user.first_name || user.username },
        url: '/user',
        recipients: [user.id],
      });
      const account = { userType: user.user_type, username: user.username };
      await notify(tx, {
        ...(source.actorUsername
          ? { kind: 'accountCreated', params: { by: source.actorUsername, ...account } }
          : { kind: 'accountCreatedUnattributed', params: account }),
        url: `/profile/${encodeURIComponent(user.username)}`,
        levels: ['ADMIN'],
        senderId: source.actorId,
      });
      return user;
    });
  } catch (err) {
    asFieldError(err);
  }
}

export async function updateOwnProfile(ctx: AppContext, me: UserRow, patch: TUpdateMeRequest, source: AuditSource) {
  try {
    return await withTx(ctx, async (tx) => {
      const updated = (await updateUser(tx.db, me.id, patch)) ?? me;
      tx.publish({ type: 'user.changed', userId: me.id });
      await recordEvent(tx.db, source, {
        action: 'profile.updated',
        targetType: 'user',
        targetId: me.id,
        details: { ...patch },
      });
      return updated;
    });
  } catch (err) {
    asFieldError(err);
  }
}

export async function getProfile(ctx: AppContext, username: string) {
  const user = await findUserByUsername(ctx.db, username);
  if (!user) throw notFound('userNotFound');
  return user;
}

export async function listAccounts(ctx: AppContext, actor: UserRow, query: TUserListQuery) {
  requireAdmin(actor);
  const q = ZUserListQuery.parse(query);
  const { rows, count } = await listUsers(ctx.db, {
    search: q.search || undefined,
    user_type: q.user_type,
    is_active: q.is_active === undefined ? undefined : q.is_active === 'true',
    limit: q.page_size,
    offset: (q.page - 1) * q.page_size,
  });
  return { rows, count, page: q.page, pageSize: q.page_size };
}

/** Type, flags and active state decide what a token may do, so changing them ends sessions. */
const SESSION_FIELDS = ['user_type', 'is_director', 'is_manager', 'is_active'] as const;

export async function updateAccount(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  patch: TUpdateAccountRequest,
  source: AuditSource,
) {
  requireAdmin(actor);
  const target = await findUserById(ctx.db, id);
  if (!target) throw notFound('userNotFound');
  if (target.id === actor.id && (patch.is_active === false || (patch.user_type && patch.user_type !== 'ADMIN'))) {
    // Locking yourself out of the console helps nobody; another ADMIN must do it.
    throw badRequest('ownAccountLockout');
  }
  const endsSessions = SESSION_FIELDS.some((f) => patch[f] !== undefined && patch[f] !== target[f]);
  try {
    return await withTx(ctx, async (tx) => {
      const updated = (await updateUser(tx.db, id, patch))!;
      tx.publish({ type: 'user.changed', userId: id });
      if (endsSessions) {
        await revokeUserSessions(tx.db, id);
        tx.publish({ type: 'sessions.revoked', userId: id });
      }
      const changes = Object.fromEntries(
        Object.entries(patch).filter(([k, v]) => v !== undefined && v !== target[k as keyof UserRow]),
      );
      await recordEvent(tx.db, source, {
        action: 'account.updated',
        targetType: 'user',
        targetId: id,
        details: changes,
      });
      return updated;
    });
  } catch (err) {
    asFieldError(err);
  }
}

export async function resetPassword(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  newPassword: string,
  source: AuditSource,
) {
  requireAdmin(actor);
  const target = await findUserById(ctx.db, id);
  if (!target) throw notFound('userNotFound');
  const problem = passwordProblem(newPassword, target.username);
  if (problem) throw fieldError('new_password', problem);
  const password_hash = await hashPassword(newPassword);
  await withTx(ctx, async (tx) => {
    await updateUser(tx.db, id, { password_hash });
    await revokeUserSessions(tx.db, id);
    await recordEvent(tx.db, source, { action: 'account.password_reset', targetType: 'user', targetId: id });
    await notify(tx, {
      kind: 'passwordReset',
      params: {},
      url: '/user',
      recipients: [id],
      senderId: actor.id,
    });
    tx.publish({ type: 'sessions.revoked', userId: id });
  });
}
