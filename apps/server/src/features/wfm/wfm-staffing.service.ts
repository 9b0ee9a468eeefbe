import { canSetStaffing, languagePairKey, type TStaffingList, type TStaffingRequirement } from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import type { AuditSource } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { withTx } from '../../lib/tx.js';
import { recordEvent } from '../event-logs/index.js';
import { mustUseWfm } from './wfm-reads.service.js';
import { presentStaffing } from './wfm.presenter.js';
import * as repo from './wfm.repository.js';

const NO_REQUIREMENT = 'staffingNotFound';

function mustSetStaffing(user: UserRow): void {
  if (!canSetStaffing(user)) throw forbidden();
}

/** `GET /api/wfm/staffing/`: the required online count per pair and hour. */
export async function listStaffing(ctx: AppContext, user: UserRow): Promise<TStaffingList> {
  mustUseWfm(user);
  return presentStaffing(await repo.listStaffing(ctx.db));
}

/** `PUT /api/wfm/staffing/`: one pair's 24 hours, kept under the pair's key (either order is one pair). */
export async function saveStaffing(
  ctx: AppContext,
  user: UserRow,
  input: TStaffingRequirement,
  source: AuditSource,
): Promise<TStaffingList> {
  mustSetStaffing(user);
  const language = input.language.trim();
  const key = languagePairKey(language);
  return withTx(ctx, async (tx) => {
    await repo.upsertStaffing(tx.db, key, language, input.hours, user.id);
    await recordEvent(tx.db, source, {
      action: 'wfm.staffing_set',
      targetType: 'staffing',
      targetId: key,
      details: { language, hours: input.hours },
    });
    return presentStaffing(await repo.listStaffing(tx.db));
  });
}

/** `DELETE /api/wfm/staffing/?language=`: 404 when none is set for the pair. */
export async function deleteStaffing(
  ctx: AppContext,
  user: UserRow,
  language: string,
  source: AuditSource,
): Promise<void> {
  mustSetStaffing(user);
  const key = languagePairKey(language);
  await withTx(ctx, async (tx) => {
    if (!(await repo.deleteStaffing(tx.db, key))) throw notFound(NO_REQUIREMENT);
    await recordEvent(tx.db, source, { action: 'wfm.staffing_removed', targetType: 'staffing', targetId: key });
  });
}
