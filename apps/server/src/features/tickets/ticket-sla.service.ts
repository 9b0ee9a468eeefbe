import {
  canSetSlaTargets,
  isTicketDesk,
  TICKET_PRIORITIES,
  ZSlaQuery,
  ZSlaTargetsRequest,
  type TBusEventOf,
  type TSlaQuery,
  type TSlaTarget,
  type TSlaTargets,
  type TSlaTargetsRequest,
  type TTicketDepartment,
} from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import type { AuditSource } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { withTx } from '../../lib/tx.js';
import { recordEvent } from '../event-logs/index.js';
import * as repo from './ticket-sla.repository.js';

type Ctx = Pick<AppContext, 'db' | 'bus'>;

/** Urgent first. */
const PRIORITIES_DESC = [...TICKET_PRIORITIES].reverse();

/** Every priority, urgent first; a priority without a stored row has no targets. */
function allPriorities(rows: readonly repo.SlaTargetRow[]): TSlaTarget[] {
  return PRIORITIES_DESC.map((priority) => {
    const r = rows.find((x) => x.priority === priority);
    return {
      priority,
      first_response_minutes: r?.first_response_minutes ?? null,
      resolution_minutes: r?.resolution_minutes ?? null,
    };
  });
}

const present = (user: UserRow, department: TTicketDepartment, rows: readonly repo.SlaTargetRow[]): TSlaTargets => ({
  department,
  targets: allPriorities(rows),
  can_edit: canSetSlaTargets(user, department),
});

/** Every member of the desk reads its targets; to anyone else the desk does not exist. */
export async function getSlaTargets(ctx: Ctx, user: UserRow, query: TSlaQuery): Promise<TSlaTargets> {
  const { department } = ZSlaQuery.parse(query);
  if (!isTicketDesk(user, department)) throw notFound('deskNotFound');
  return present(user, department, await repo.slaTargets(ctx.db, department));
}

/** The desk's managers set all four rows at once (canSetSlaTargets). */
export async function setSlaTargets(
  ctx: Ctx,
  user: UserRow,
  input: TSlaTargetsRequest,
  source: AuditSource,
): Promise<TSlaTargets> {
  const req = ZSlaTargetsRequest.parse(input);
  if (!isTicketDesk(user, req.department)) throw notFound('deskNotFound');
  if (!canSetSlaTargets(user, req.department)) {
    throw forbidden('slaTargetsManagersOnly');
  }
  return withTx(ctx, async (tx) => {
    const before = allPriorities(await repo.lockSlaTargets(tx.db, req.department));
    const after = allPriorities(req.targets);
    await repo.upsertSlaTargets(tx.db, req.department, after, user.id);
    await recordEvent(tx.db, source, {
      action: 'ticket_sla.updated',
      targetType: 'ticket_sla',
      targetId: req.department,
      details: { department: req.department, before, after },
    });
    tx.publish({
      type: 'desk_settings',
      department: req.department,
      what: 'sla',
    } satisfies TBusEventOf<'desk_settings'>);
    return present(user, req.department, after);
  });
}
