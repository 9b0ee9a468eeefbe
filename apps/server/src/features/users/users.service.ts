import {
  canAdministerAccounts,
  ZCreateAccountRequest,
  type TCreateAccountRequest,
  type TUpdateAccountRequest,
  type TUpdateMeRequest,
  type TUserListQuery,
  ZUserListQuery,
} from '@portal/contracts';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, fieldError, forbidden, notFound, uniqueViolationField } from '../../lib/errors.js';
import { hashPassword, passwordProblem } from '../auth/passwords.js';
import { revokeUserSessions } from '../auth/sessions.js';
import {
  findUserById,
  findUserByUsername,
  insertUser,
  listUsers,
  updateUser,
  USER_UNIQUE_FIELDS,
} from './users.repository.js';

function requireAdmin(actor: UserRow) {
  if (!canAdministerAccounts(actor)) throw forbidden();
}

/** Turns a unique-index violation into a 400 on its field; rethrows anything else. */
function asFieldError(err: unknown): never {
  const field = uniqueViolationField(err, USER_UNIQUE_FIELDS);
  if (field) throw fieldError(field, `A user with that ${field} already exists.`);
  throw err;
}

/** `actor` null = the command line, run by whoever holds the server's files. */
export async function createAccount(ctx: Pick<AppContext, 'db'>, actor: UserRow | null, input: TCreateAccountRequest) {
  if (actor) requireAdmin(actor);
  const req = ZCreateAccountRequest.parse(input);
  const problem = passwordProblem(req.password, req.username);
  if (problem) throw fieldError('password', problem);
  const { password, ...fields } = req;
  const password_hash = await hashPassword(password);
  try {
    return await insertUser(ctx.db, { ...fields, password_hash });
  } catch (err) {
    asFieldError(err);
  }
}

export async function updateOwnProfile(ctx: AppContext, me: UserRow, patch: TUpdateMeRequest) {
  try {
    return (await updateUser(ctx.db, me.id, patch)) ?? me;
  } catch (err) {
    asFieldError(err);
  }
}

export async function getProfile(ctx: AppContext, username: string) {
  const user = await findUserByUsername(ctx.db, username);
  if (!user) throw notFound('User not found.');
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

export async function updateAccount(ctx: AppContext, actor: UserRow, id: number, patch: TUpdateAccountRequest) {
  requireAdmin(actor);
  const target = await findUserById(ctx.db, id);
  if (!target) throw notFound('User not found.');
  if (target.id === actor.id && (patch.is_active === false || (patch.user_type && patch.user_type !== 'ADMIN'))) {
    // Locking yourself out of the console helps nobody; another ADMIN must do it.
    throw badRequest('You cannot deactivate your own account or remove your own ADMIN type.');
  }
  const endsSessions = SESSION_FIELDS.some((f) => patch[f] !== undefined && patch[f] !== target[f]);
  try {
    return await ctx.db.transaction().execute(async (tx) => {
      const updated = (await updateUser(tx, id, patch))!;
      if (endsSessions) await revokeUserSessions(tx, id);
      return updated;
    });
  } catch (err) {
    asFieldError(err);
  }
}

export async function resetPassword(ctx: AppContext, actor: UserRow, id: number, newPassword: string) {
  requireAdmin(actor);
  const target = await findUserById(ctx.db, id);
  if (!target) throw notFound('User not found.');
  const problem = passwordProblem(newPassword, target.username);
  if (problem) throw fieldError('new_password', problem);
  const password_hash = await hashPassword(newPassword);
  await ctx.db.transaction().execute(async (tx) => {
    await updateUser(tx, id, { password_hash });
    await revokeUserSessions(tx, id);
  });
}
