import {
  canManageItAgents,
  type TCategoryRule,
  type TCategoryRuleRequest,
  type TRedactionRule,
  type TRedactionRuleRequest,
} from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import type { AuditSource } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { fieldError, forbidden, notFound } from '../../lib/errors.js';
import { withTx } from '../../lib/tx.js';
import { recordEvent } from '../event-logs/index.js';
import { presentCategoryRule, presentRedactionRule } from './it.presenter.js';
import * as repo from './it.repository.js';
import { vetPattern } from './pattern-safety.js';

/**
 * The rules IT defines (canManageItAgents: IT and ADMIN): redaction patterns, applied by
 * the ingest to titles before they are stored, and category patterns, applied when
 * monitoring is read (so a new rule re-colours the past too).
 */
function mustManage(user: UserRow): void {
  if (!canManageItAgents(user)) throw forbidden();
}

/** A pattern that could backtrack for seconds on some text is refused on its field. */
async function mustBeFast(pattern: string): Promise<void> {
  if ((await vetPattern(pattern)) !== 'safe') throw fieldError('pattern', 'patternTooSlow');
}

export async function listRedactionRules(ctx: AppContext, user: UserRow): Promise<TRedactionRule[]> {
  mustManage(user);
  return (await repo.listRedactionRules(ctx.db)).map(presentRedactionRule);
}

export async function addRedactionRule(
  ctx: AppContext,
  user: UserRow,
  input: TRedactionRuleRequest,
  source: AuditSource,
): Promise<TRedactionRule> {
  mustManage(user);
  await mustBeFast(input.pattern);
  return withTx(ctx, async (tx) => {
    const id = await repo.insertRedactionRule(
      tx.db,
      { pattern: input.pattern, description: input.description },
      user.id,
    );
    await recordEvent(tx.db, source, {
      action: 'it.redaction_rule_created',
      targetType: 'it_redaction_rule',
      targetId: id,
      details: { pattern: input.pattern, description: input.description },
    });
    const [row] = await repo.listRedactionRules(tx.db, id);
    return presentRedactionRule(row!);
  });
}

export async function removeRedactionRule(
  ctx: AppContext,
  user: UserRow,
  id: number,
  source: AuditSource,
): Promise<void> {
  mustManage(user);
  await withTx(ctx, async (tx) => {
    const gone = await repo.deleteRedactionRule(tx.db, id);
    if (!gone) throw notFound('redactionRuleNotFound');
    await recordEvent(tx.db, source, {
      action: 'it.redaction_rule_deleted',
      targetType: 'it_redaction_rule',
      targetId: id,
      details: { pattern: gone.pattern },
    });
  });
}

export async function listCategoryRules(ctx: AppContext, user: UserRow): Promise<TCategoryRule[]> {
  mustManage(user);
  return (await repo.listCategoryRules(ctx.db)).map(presentCategoryRule);
}

export async function addCategoryRule(
  ctx: AppContext,
  user: UserRow,
  input: TCategoryRuleRequest,
  source: AuditSource,
): Promise<TCategoryRule> {
  mustManage(user);
  await mustBeFast(input.pattern);
  return withTx(ctx, async (tx) => {
    const id = await repo.insertCategoryRule(tx.db, input, user.id);
    await recordEvent(tx.db, source, {
      action: 'it.category_rule_created',
      targetType: 'it_category_rule',
      targetId: id,
      details: { ...input },
    });
    const [row] = await repo.listCategoryRules(tx.db, id);
    return presentCategoryRule(row!);
  });
}

export async function removeCategoryRule(
  ctx: AppContext,
  user: UserRow,
  id: number,
  source: AuditSource,
): Promise<void> {
  mustManage(user);
  await withTx(ctx, async (tx) => {
    const gone = await repo.deleteCategoryRule(tx.db, id);
    if (!gone) throw notFound('categoryRuleNotFound');
    await recordEvent(tx.db, source, {
      action: 'it.category_rule_deleted',
      targetType: 'it_category_rule',
      targetId: id,
      details: { field: gone.field, pattern: gone.pattern, category: gone.category },
    });
  });
}
