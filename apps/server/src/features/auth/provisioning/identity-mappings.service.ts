import {
  canAdministerAccounts,
  type TIdentityMappingPreview,
  type TIdentityMappingRequest,
  type TMoveIdentityMappingRequest,
} from '@portal/contracts';
import type { UserRow } from '../../../db/schema.js';
import type { AuditSource } from '../../../lib/actor.js';
import type { AppContext } from '../../../lib/context.js';
import { forbidden, notFound } from '../../../lib/errors.js';
import { withTx } from '../../../lib/tx.js';
import { recordEvent } from '../../event-logs/index.js';
import { externalIdentitiesOf, findUserByIdForSignIn, linkedAccounts } from './external-accounts.repository.js';
import {
  deleteIdentityMapping,
  findIdentityMapping,
  insertIdentityMapping,
  listIdentityMappings,
  setIdentityMappingOrder,
  updateIdentityMapping,
  type IdentityMappingRow,
} from './identity-mappings.repository.js';
import { resolveIdentity, sameOutcome, type IdentityRule } from './identity-rules.js';

function requireAdmin(actor: UserRow) {
  if (!canAdministerAccounts(actor)) throw forbidden();
}

/** A rule as the event log and the API tell it (a group rule has no claim name). */
const ruleFields = (r: TIdentityMappingRequest | IdentityMappingRow) => ({
  match_kind: r.match_kind,
  claim: r.match_kind === 'claim' ? r.claim : '',
  value: r.value,
  user_type: r.user_type,
  is_manager: r.is_manager,
  is_director: r.is_director,
});

export function listMappings(ctx: AppContext, actor: UserRow) {
  requireAdmin(actor);
  return listIdentityMappings(ctx.db);
}

export async function createMapping(
  ctx: AppContext,
  actor: UserRow,
  input: TIdentityMappingRequest,
  source: AuditSource,
) {
  requireAdmin(actor);
  const rule = ruleFields(input);
  return withTx(ctx, async (tx) => {
    const row = await insertIdentityMapping(tx.db, rule);
    await recordEvent(tx.db, source, { action: 'identity_mapping.created', details: rule });
    return row;
  });
}

export async function updateMapping(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  input: TIdentityMappingRequest,
  source: AuditSource,
) {
  requireAdmin(actor);
  const old = await findIdentityMapping(ctx.db, id);
  if (!old) throw notFound('identityMappingNotFound');
  const rule = ruleFields(input);
  return withTx(ctx, async (tx) => {
    const row = await updateIdentityMapping(tx.db, id, rule);
    if (!row) throw notFound('identityMappingNotFound');
    await recordEvent(tx.db, source, {
      action: 'identity_mapping.updated',
      details: { before: ruleFields(old), after: rule },
    });
    return row;
  });
}

export async function deleteMapping(ctx: AppContext, actor: UserRow, id: number, source: AuditSource) {
  requireAdmin(actor);
  const old = await findIdentityMapping(ctx.db, id);
  if (!old) throw notFound('identityMappingNotFound');
  await withTx(ctx, async (tx) => {
    if (!(await deleteIdentityMapping(tx.db, id))) throw notFound('identityMappingNotFound');
    await recordEvent(tx.db, source, { action: 'identity_mapping.deleted', details: ruleFields(old) });
  });
}

/** One place up or down (at either end: stays); answers the whole list in its new order. */
export async function moveMapping(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  { direction }: TMoveIdentityMappingRequest,
  source: AuditSource,
) {
  requireAdmin(actor);
  const rules = await listIdentityMappings(ctx.db);
  const at = rules.findIndex((r) => r.id === id);
  if (at < 0) throw notFound('identityMappingNotFound');
  const to = direction === 'up' ? at - 1 : at + 1;
  if (to < 0 || to >= rules.length) return rules;
  const ids = rules.map((r) => r.id);
  [ids[at], ids[to]] = [ids[to]!, ids[at]!];
  await withTx(ctx, async (tx) => {
    await setIdentityMappingOrder(tx.db, ids);
    await recordEvent(tx.db, source, {
      action: 'identity_mapping.moved',
      details: { ...ruleFields(rules[at]!), direction },
    });
  });
  return listIdentityMappings(ctx.db);
}

/**
 * Whom a draft list would change: each linked person whose outcome under the draft
 * differs from the saved rules' (from the groups and claims of their last sign-in), with
 * their account as it is now and what the draft gives at their next sign-in.
 */
export async function previewMappings(
  ctx: AppContext,
  actor: UserRow,
  draft: readonly IdentityRule[],
): Promise<TIdentityMappingPreview> {
  requireAdmin(actor);
  const saved = await listIdentityMappings(ctx.db);
  const people = await linkedAccounts(ctx.db);
  const affected: TIdentityMappingPreview['affected'] = [];
  const seen = new Set<number>();
  // A person linked twice (directory and provider) is judged by their latest sign-in.
  for (const p of people) {
    if (seen.has(p.user_id)) continue;
    seen.add(p.user_id);
    const facts = { groups: p.groups, claims: p.claims };
    const next = resolveIdentity(draft, facts);
    if (sameOutcome(next, resolveIdentity(saved, facts))) continue;
    affected.push({
      user: {
        id: p.user_id,
        username: p.username,
        first_name: p.first_name,
        last_name: p.last_name,
        user_type: p.user_type,
      },
      current: { user_type: p.user_type, is_manager: p.is_manager, is_director: p.is_director },
      next,
    });
  }
  return { count: affected.length, affected };
}

export async function userExternalIdentities(ctx: AppContext, actor: UserRow, userId: number) {
  requireAdmin(actor);
  if (!(await findUserByIdForSignIn(ctx.db, userId))) throw notFound('userNotFound');
  return (await externalIdentitiesOf(ctx.db, userId)).map((e) => ({
    provider: e.provider,
    subject: e.subject,
    groups: e.groups,
    last_sign_in_at: e.last_sign_in_at.toISOString(),
  }));
}
