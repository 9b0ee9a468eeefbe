import {
  canManageKpiDefinitions,
  canUseKpiPages,
  ZKpiDefinitionRequest,
  type TKpiDefinition,
  type TKpiDefinitionRequest,
  type TKpiDefinitionsQuery,
} from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import type { AuditSource } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { fieldError, forbidden, notFound, uniqueViolationField } from '../../lib/errors.js';
import { withTx } from '../../lib/tx.js';
import { recordEvent } from '../event-logs/index.js';
import { presentDefinition } from './kpi.presenter.js';
import * as repo from './kpi.repository.js';

const NAME_TAKEN = 'kpiNameTaken';

export async function listDefinitions(
  ctx: AppContext,
  caller: UserRow,
  q: TKpiDefinitionsQuery,
): Promise<TKpiDefinition[]> {
  if (!canUseKpiPages(caller)) throw forbidden();
  const active = q.active === undefined ? undefined : q.active === 'true';
  return (await repo.listDefinitions(ctx.db, { active })).map(presentDefinition);
}

/**
 * Adds (`id` null) or changes a definition (QUALITY, WFM, ADMIN). Deactivating keeps its
 * records: past scorecards still show them, and no new values are taken.
 */
export async function saveDefinition(
  ctx: AppContext,
  caller: UserRow,
  id: number | null,
  input: TKpiDefinitionRequest,
  source: AuditSource,
): Promise<TKpiDefinition> {
  if (!canManageKpiDefinitions(caller)) throw forbidden('kpiDefinitionsRestricted');
  const body = ZKpiDefinitionRequest.parse(input);
  const values = { ...body, applies_to: [...new Set(body.applies_to)] };
  try {
    return await withTx(ctx, async (tx) => {
      const saved =
        id === null
          ? await repo.insertDefinition(tx.db, { ...values, created_by: caller.id })
          : await repo.updateDefinition(tx.db, id, values);
      if (!saved) throw notFound();
      await recordEvent(tx.db, source, {
        action: id === null ? 'kpi.definition_created' : 'kpi.definition_changed',
        targetType: 'kpi_definition',
        targetId: saved.id,
        details: { name: saved.name, ...(saved.name_ar ? { name_ar: saved.name_ar } : {}), is_active: saved.is_active },
      });
      return presentDefinition(saved);
    });
  } catch (err) {
    if (uniqueViolationField(err, { kpi_definitions_name_key: 'name' })) throw fieldError('name', NAME_TAKEN);
    throw err;
  }
}
