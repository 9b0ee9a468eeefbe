import { sql } from 'kysely';
import type { TUserType } from '@portal/contracts';
import type { Database } from '../../db/database.js';

/**
 * Approved leave days of each department's people that fall in [from, to] (dates): a
 * request's days in proportion to its calendar days inside the period (its counted days
 * already leave weekends and holidays out, so the share keeps that). Departments without
 * any are absent.
 */
export async function approvedLeaveDays(
  db: Database,
  departments: readonly TUserType[],
  from: string,
  to: string,
): Promise<{ department: TUserType; days: number }[]> {
  if (departments.length === 0) return [];
  const rows = await db
    .selectFrom('leave_requests as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select([
      'u.user_type as department',
      sql<string>`sum(l.days * ((least(l.end_date, ${to}::date) - greatest(l.start_date, ${from}::date) + 1)::numeric
        / (l.end_date - l.start_date + 1)))`.as('days'),
    ])
    .where('u.user_type', 'in', [...departments])
    .where('l.status', '=', 'approved')
    .where('l.start_date', '<=', to)
    .where('l.end_date', '>=', from)
    .groupBy('u.user_type')
    .execute();
  return rows.map((r) => ({ department: r.department, days: Number(r.days) }));
}
