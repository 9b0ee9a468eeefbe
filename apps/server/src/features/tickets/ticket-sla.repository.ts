import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { TSlaKind, TTicketDepartment, TTicketPriority, TUserType } from '@portal/contracts';
import type { Database } from '../../db/database.js';

type Db = Database;

export interface SlaTargetRow {
  priority: TTicketPriority;
  first_response_minutes: number | null;
  resolution_minutes: number | null;
}

const TARGET_COLUMNS = ['priority', 'first_response_minutes', 'resolution_minutes'] as const;

/** A desk's stored targets (a priority without a row has none). */
export function slaTargets(db: Db, department: TTicketDepartment): Promise<SlaTargetRow[]> {
  return db.selectFrom('ticket_sla_targets').select(TARGET_COLUMNS).where('department', '=', department).execute();
}

/** The same, locked for this transaction (concurrent changes apply one after the other). */
export function lockSlaTargets(db: Db, department: TTicketDepartment): Promise<SlaTargetRow[]> {
  return db
    .selectFrom('ticket_sla_targets')
    .select(TARGET_COLUMNS)
    .where('department', '=', department)
    .forUpdate()
    .execute();
}

/** Writes a desk's targets, one row per priority, in one statement. */
export async function upsertSlaTargets(
  db: Db,
  department: TTicketDepartment,
  rows: readonly SlaTargetRow[],
  updatedBy: number | null,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('ticket_sla_targets')
    .values(rows.map((r) => ({ department, ...r, updated_by: updatedBy })))
    .onConflict((oc) =>
      oc.columns(['department', 'priority']).doUpdateSet((eb) => ({
        first_response_minutes: eb.ref('excluded.first_response_minutes'),
        resolution_minutes: eb.ref('excluded.resolution_minutes'),
        updated_by: eb.ref('excluded.updated_by'),
        updated_at: sql<Date>`now()`,
      })),
    )
    .execute();
}

// ---------------------------------------------------------------- escalation

/**
 * When a target of kind `kind` is overdue and not yet escalated, on the database's clock
 * (one clock for every server): `t` is the ticket, `s` its desk's targets.
 */
function overdue(kind: TSlaKind): RawBuilder<SqlBool> {
  return kind === 'first_response'
    ? sql<SqlBool>`(s.first_response_minutes is not null
        and t.first_response_at is null
        and t.first_response_escalated_at is null
        and t.created_at + s.first_response_minutes * interval '1 minute' < now())`
    : sql<SqlBool>`(s.resolution_minutes is not null
        and t.resolution_escalated_at is null
        and t.created_at + s.resolution_minutes * interval '1 minute' < now())`;
}

export interface OverdueTicket {
  id: number;
  first_response: boolean;
  resolution: boolean;
}

/** Active tickets with a target overdue and not yet escalated, oldest first, at most `limit`. */
export async function overdueTickets(db: Db, limit: number): Promise<OverdueTicket[]> {
  const { rows } = await sql<OverdueTicket>`
    select t.id, ${overdue('first_response')} as first_response, ${overdue('resolution')} as resolution
      from tickets t
      join ticket_sla_targets s on s.department = t.department and s.priority = t.priority
     where t.status <> 'closed' and (${overdue('first_response')} or ${overdue('resolution')})
     order by t.created_at, t.id
     limit ${limit}
  `.execute(db);
  return rows;
}

export interface EscalatedTicket {
  id: number;
  subject: string;
  department: TTicketDepartment;
  priority: TTicketPriority;
  status: 'open' | 'in_progress' | 'answered';
  owner_id: number;
  due_at: Date;
}

/**
 * Marks the breach of `kind` as escalated if it still is one and nobody marked it yet:
 * of several servers racing on the same ticket exactly one gets the row back.
 */
export async function markEscalated(db: Db, id: number, kind: TSlaKind): Promise<EscalatedTicket | undefined> {
  const column = sql.ref(kind === 'first_response' ? 'first_response_escalated_at' : 'resolution_escalated_at');
  const minutes = sql.ref(kind === 'first_response' ? 's.first_response_minutes' : 's.resolution_minutes');
  const { rows } = await sql<EscalatedTicket>`
    update tickets t set ${column} = now()
      from ticket_sla_targets s
     where t.id = ${id} and s.department = t.department and s.priority = t.priority
       and t.status <> 'closed' and ${overdue(kind)}
    returning t.id, t.subject, t.department, t.priority, t.status, t.owner_id,
              t.created_at + ${minutes} * interval '1 minute' as due_at
  `.execute(db);
  const row = rows[0];
  return row && { ...row, due_at: new Date(row.due_at) };
}

/** Active managers (is_manager) among these user types: the managers of a desk. */
export function activeManagersOfTypes(db: Db, types: readonly TUserType[]): Promise<{ id: number }[]> {
  return db
    .selectFrom('users')
    .select('id')
    .where('is_active', '=', true)
    .where('is_manager', '=', true)
    .where('user_type', 'in', types)
    .orderBy('id')
    .execute();
}
