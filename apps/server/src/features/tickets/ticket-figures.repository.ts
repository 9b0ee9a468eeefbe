import { sql } from 'kysely';
import type { TUserType } from '@portal/contracts';
import type { Database } from '../../db/database.js';

/** The period's figures of one desk (the reports' admin summaries). */
export interface DeskTicketFigures {
  department: TUserType;
  opened: number;
  closed: number;
  /** Median minutes to the desk's first reply of the tickets opened in the period; null: none answered. */
  first_response_median_minutes: number | null;
}

const dayStart = (d: string) => sql<Date>`(${d}::date)::timestamptz`;
const dayAfter = (d: string) => sql<Date>`(${d}::date + 1)::timestamptz`;

/**
 * Tickets opened and closed in [from, to] (dates, whole days) per desk, and the median
 * minutes to the first desk reply of those opened. Desks with neither are absent.
 */
export async function deskTicketFigures(
  db: Database,
  departments: readonly TUserType[],
  from: string,
  to: string,
): Promise<DeskTicketFigures[]> {
  if (departments.length === 0) return [];
  const rows = await db
    .selectFrom('tickets as t')
    .select([
      't.department',
      sql<string>`count(*) filter (where t.created_at >= ${dayStart(from)} and t.created_at < ${dayAfter(to)})`.as(
        'opened',
      ),
      sql<string>`count(*) filter (where t.closed_at >= ${dayStart(from)} and t.closed_at < ${dayAfter(to)})`.as(
        'closed',
      ),
      sql<
        string | null
      >`percentile_cont(0.5) within group (order by extract(epoch from t.first_response_at - t.created_at) / 60)
        filter (where t.created_at >= ${dayStart(from)} and t.created_at < ${dayAfter(to)} and t.first_response_at is not null)`.as(
        'first_response_median',
      ),
    ])
    .where('t.department', 'in', departments as never)
    .where((eb) =>
      eb.or([
        eb.and([eb('t.created_at', '>=', dayStart(from)), eb('t.created_at', '<', dayAfter(to))]),
        eb.and([eb('t.closed_at', '>=', dayStart(from)), eb('t.closed_at', '<', dayAfter(to))]),
      ]),
    )
    .groupBy('t.department')
    .execute();
  return rows.map((r) => ({
    department: r.department as TUserType,
    opened: Number(r.opened),
    closed: Number(r.closed),
    first_response_median_minutes: r.first_response_median === null ? null : Number(r.first_response_median),
  }));
}
