import crypto from 'node:crypto';
import { isStaff, ZUsername, type MessageCode, type TIdentityOutcome } from '@portal/contracts';
import type { UserRow } from '../../../db/schema.js';
import { auditSource, type ClientInfo } from '../../../lib/actor.js';
import type { AppContext } from '../../../lib/context.js';
import { forbidden, uniqueViolationField } from '../../../lib/errors.js';
import { withTx } from '../../../lib/tx.js';
import { recordEvent } from '../../event-logs/index.js';
import { revokeUserSessions } from '../sessions.repository.js';
import {
  emailTakenByOther,
  externalIdentitiesOf,
  findExternalIdentity,
  findUserByEmailFolded,
  findUserByIdForSignIn,
  findUserByUsernameFolded,
  insertExternalUser,
  refreshExternalUser,
  upsertExternalIdentity,
} from './external-accounts.repository.js';
import { listIdentityMappings } from './identity-mappings.repository.js';
import { claimsToKeep, resolveIdentity } from './identity-rules.js';
import { isBreakGlassAccount } from './local-login.js';

/** A person as a directory (LDAP) or an OpenID provider describes them at sign-in. */
export interface ExternalIdentity {
  provider: 'oidc' | 'ldap';
  /** Stable id at the source: the OpenID `sub`, the directory entry's DN (or entryUUID). */
  subject: string;
  username: string;
  email?: string;
  /**
   * The source vouches that `email` belongs to this person (OpenID `email_verified`; a
   * directory the company administers may say true). Only then may the sign-in link an
   * existing portal account by its email: otherwise anyone who could set their email at
   * the provider to an ADMIN's address would take that account over.
   */
  emailVerified?: boolean;
  firstName?: string;
  lastName?: string;
  /** Group names or DNs (directory `memberOf`, the provider's groups claim). */
  groups: string[];
  /** Every claim the provider sent (claim-based mappings read them); empty for LDAP. */
  claims?: Record<string, unknown>;
}

type RefusalReason = 'no mapping' | 'not staff' | 'inactive' | 'no account' | 'username clash' | 'invalid username';
const REFUSAL_CODES = {
  'no mapping': 'ssoNoMapping',
  'not staff': 'ssoNotStaff',
  inactive: 'accountDisabled',
  'no account': 'ssoNoAccount',
  'username clash': 'ssoUsernameClash',
  'invalid username': 'ssoUsernameInvalid',
} as const satisfies Record<RefusalReason, MessageCode>;

/**
 * A local password that can never match: not an argon2 string, so `verifyPassword`
 * answers false whatever is typed (the person signs in through the directory or provider;
 * an ADMIN's password reset gives one on purpose).
 */
const unusablePassword = () => `!external:${crypto.randomBytes(16).toString('hex')}`;

/**
 * The address kept when the source gives none, or one another account already has (the
 * email index is unique): `.invalid` can never receive mail (RFC 2606).
 */
const placeholderEmail = (username: string) => `${username.toLowerCase()}@users.invalid`;

const name = (s: string | undefined) => (s ?? '').trim().slice(0, 100);

/**
 * The portal account for an external identity, created on first sign-in and refreshed on
 * each (type and flags from ADMIN's mapping of groups and claims): answers the user, or
 * throws the refusal to show (no mapping, not staff, deactivated, creation turned off,
 * username taken by another directory account). Every refusal is recorded; a refused
 * person keeps their account (history), and an INTERPRETER or GUEST mapped from the
 * directory has theirs created and refreshed (the desktop agent and presence use it)
 * but does not sign in to the portal.
 *
 * Which account: the one already linked to (provider, subject); else an existing account
 * with the same username (case-insensitive), or, only when the source verified it, the
 * same email; else a new one when SSO_CREATE_USERS is on. An account already linked to
 * another subject of the same provider, or a break-glass account (LOCAL_LOGIN_ACCOUNTS),
 * is never taken over: refused as a username clash.
 */
export async function provisionExternalUser(
  ctx: AppContext,
  identity: ExternalIdentity,
  client: ClientInfo,
  options: ProvisionOptions = {},
): Promise<UserRow> {
  try {
    return await provisionOnce(ctx, identity, client, options);
  } catch (err) {
    // Two first sign-ins at once (two tabs, two servers): the loser finds the winner's
    // account (or its email now taken) on a second look, instead of a 500.
    if (!uniqueViolationField(err, RACE_INDEXES)) throw err;
    return provisionOnce(ctx, identity, client, options);
  }
}

export interface ProvisionOptions {
  /**
   * Not a portal sign-in but the desktop agent's enrolment (directory password): an
   * INTERPRETER or GUEST is answered, not refused, since the agent is what their account is for.
   */
  forAgent?: boolean;
}

const RACE_INDEXES = {
  users_username_key: 'username',
  users_email_key: 'email',
  external_identities_provider_subject_key: 'subject',
};

async function provisionOnce(
  ctx: AppContext,
  identity: ExternalIdentity,
  client: ClientInfo,
  options: ProvisionOptions,
): Promise<UserRow> {
  const claims = claimsToKeep(identity.claims);
  const outcome = resolveIdentity(await listIdentityMappings(ctx.db), { groups: identity.groups, claims });
  const linked = await findExternalIdentity(ctx.db, identity.provider, identity.subject);
  const seen = { provider: identity.provider, subject: identity.subject, groups: identity.groups, claims };

  const refuse = async (reason: RefusalReason, user: UserRow | undefined): Promise<never> => {
    await withTx(ctx, async (tx) => {
      // What the source said is kept for a linked person, so the preview stays true.
      if (user && linked) await upsertExternalIdentity(tx.db, { userId: user.id, ...seen });
      await recordEvent(tx.db, auditSource(null, client), {
        action: 'auth.external_sign_in_refused',
        targetType: 'user',
        targetId: user?.id,
        details: { provider: identity.provider, username: user?.username ?? identity.username, reason },
      });
    });
    throw forbidden(REFUSAL_CODES[reason]);
  };

  let user = linked ? await findUserByIdForSignIn(ctx.db, linked.user_id) : undefined;
  if (!user) {
    const candidate =
      (await findUserByUsernameFolded(ctx.db, identity.username)) ??
      (identity.email && identity.emailVerified ? await findUserByEmailFolded(ctx.db, identity.email) : undefined);
    if (candidate) {
      const others = await externalIdentitiesOf(ctx.db, candidate.id);
      if (others.some((e) => e.provider === identity.provider) || isBreakGlassAccount(ctx.config, candidate)) {
        return refuse('username clash', undefined);
      }
      user = candidate;
    }
  }
  if (user && !user.is_active) return refuse('inactive', user);
  if (!outcome) return refuse('no mapping', user);
  if (!user && !ctx.config.SSO_CREATE_USERS) return refuse('no account', undefined);
  // A new account's username must be one the portal accepts (its profile address, its searches).
  if (!user && !ZUsername.safeParse(identity.username).success) return refuse('invalid username', undefined);

  const account = user
    ? await refresh(ctx, user, outcome, identity, !linked, client)
    : await create(ctx, outcome, identity, client);
  if (!isStaff(account) && !options.forAgent) return refuse('not staff', account);
  return account;
}

async function usableEmail(ctx: AppContext, identity: ExternalIdentity, userId: number | null): Promise<string | null> {
  const email = identity.email?.trim();
  if (!email || email.length > 254) return null;
  return (await emailTakenByOther(ctx.db, email, userId)) ? null : email;
}

async function create(
  ctx: AppContext,
  outcome: NonNullable<TIdentityOutcome>,
  identity: ExternalIdentity,
  client: ClientInfo,
): Promise<UserRow> {
  const email = (await usableEmail(ctx, identity, null)) ?? placeholderEmail(identity.username);
  const claims = claimsToKeep(identity.claims);
  return withTx(ctx, async (tx) => {
    const user = await insertExternalUser(tx.db, {
      username: identity.username,
      email,
      password_hash: unusablePassword(),
      first_name: name(identity.firstName),
      last_name: name(identity.lastName),
      ...outcome,
    });
    await upsertExternalIdentity(tx.db, { userId: user.id, ...identity, claims });
    await recordEvent(tx.db, auditSource(null, client), {
      action: 'auth.external_account_created',
      targetType: 'user',
      targetId: user.id,
      details: { provider: identity.provider, username: user.username, email, ...outcome },
    });
    tx.publish({ type: 'user.changed', userId: user.id });
    return user;
  });
}

/** Type and flags decide what a token may do: a change ends the account's other sessions. */
const SESSION_FIELDS = ['user_type', 'is_manager', 'is_director'] as const;

async function refresh(
  ctx: AppContext,
  user: UserRow,
  outcome: NonNullable<TIdentityOutcome>,
  identity: ExternalIdentity,
  linking: boolean,
  client: ClientInfo,
): Promise<UserRow> {
  const email = await usableEmail(ctx, identity, user.id);
  const wanted = {
    ...outcome,
    ...(identity.firstName !== undefined ? { first_name: name(identity.firstName) } : {}),
    ...(identity.lastName !== undefined ? { last_name: name(identity.lastName) } : {}),
    ...(email ? { email } : {}),
  };
  const changed = Object.entries(wanted).filter(([k, v]) => user[k as keyof UserRow] !== v);
  const before = Object.fromEntries(changed.map(([k]) => [k, user[k as keyof UserRow]]));
  const after = Object.fromEntries(changed);
  const claims = claimsToKeep(identity.claims);
  return withTx(ctx, async (tx) => {
    const source = auditSource(null, client);
    await upsertExternalIdentity(tx.db, { userId: user.id, ...identity, claims });
    if (linking) {
      await recordEvent(tx.db, source, {
        action: 'auth.external_account_linked',
        targetType: 'user',
        targetId: user.id,
        details: { provider: identity.provider, username: user.username },
      });
    }
    if (!changed.length) return user;
    const updated = await refreshExternalUser(tx.db, user.id, after);
    tx.publish({ type: 'user.changed', userId: user.id });
    if (SESSION_FIELDS.some((f) => f in after)) {
      await revokeUserSessions(tx.db, user.id);
      tx.publish({ type: 'sessions.revoked', userId: user.id });
    }
    await recordEvent(tx.db, source, {
      action: 'auth.external_account_updated',
      targetType: 'user',
      targetId: user.id,
      details: { provider: identity.provider, before, after },
    });
    return updated;
  });
}
