import { ticketDeskTypes, type TBusEventOf, type TSlaKind } from '@portal/contracts';
import type { AuditSource } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { withTx, type Tx } from '../../lib/tx.js';
import { recordEvent } from '../event-logs/index.js';
import { notify } from '../notifications/index.js';
import * as sla from './ticket-sla.repository.js';
import { activeUsersOfTypes } from './tickets.repository.js';

/** The scheduler itself, in the event log. */
export const SYSTEM_SOURCE: AuditSource = { actorId: null, actorUsername: 'system', ip: '', userAgent: 'scheduler' };

/** Tickets looked at per run: a backlog is worked off a batch a minute. */
export const ESCALATION_BATCH = 100;

/** What the desk's managers are told of a breach. */
const breachParams = (t: sla.EscalatedTicket, kind: TSlaKind) => ({
  sla: kind,
  ticket: t.id,
  subject: t.subject,
  department: t.department,
  priority: t.priority,
  due: t.due_at.toISOString(),
});

/** The desk's managers; when it has none, the ADMIN users. */
async function managersOf(tx: Tx, t: sla.EscalatedTicket): Promise<number[]> {
  const managers = await sla.activeManagersOfTypes(tx.db, ticketDeskTypes(t.department));
  const to = managers.length > 0 ? managers : await activeUsersOfTypes(tx.db, ['ADMIN']);
  return to.map((u) => u.id);
}

/** One breach in its own transaction; false when another run (or server) got there first. */
async function escalate(ctx: Pick<AppContext, 'db' | 'bus'>, id: number, kind: TSlaKind): Promise<boolean> {
  return withTx(ctx, async (tx) => {
    const t = await sla.markEscalated(tx.db, id, kind);
    if (!t) return false;
    const recipients = await managersOf(tx, t);
    if (recipients.length > 0) {
      await notify(tx, {
        kind: 'ticketSlaBreached',
        params: breachParams(t, kind),
        url: `/dashboard/ticket/${id}`,
        recipients,
      });
    }
    await recordEvent(tx.db, SYSTEM_SOURCE, {
      action: 'ticket.sla_breached',
      targetType: 'ticket',
      targetId: id,
      details: { kind, due_at: t.due_at.toISOString() },
    });
    // Open desks re-read the ticket (its SLA now shows as breached).
    tx.publish({
      type: 'ticket',
      id,
      event: 'updated',
      reply: null,
      internal: false,
      status: t.status,
      department: t.department,
      owner: t.owner_id,
    } satisfies TBusEventOf<'ticket'>);
    return true;
  });
}

/**
 * Escalates overdue SLA targets once per ticket and kind: a first response overdue with
 * no reply from the desk yet, a resolution overdue on an active ticket. Each breach is
 * marked by a conditional update in its own small transaction, so every server may run
 * this at once and each breach is still told exactly once. Answers how many it escalated.
 */
export async function escalateSlaBreaches(
  ctx: Pick<AppContext, 'db' | 'bus'>,
  limit: number = ESCALATION_BATCH,
): Promise<number> {
  // Read before any transaction: the embedded pool has one connection.
  const due = await sla.overdueTickets(ctx.db, limit);
  let escalated = 0;
  for (const t of due) {
    for (const kind of ['first_response', 'resolution'] as const) {
      if (t[kind] && (await escalate(ctx, t.id, kind))) escalated++;
    }
  }
  return escalated;
}
