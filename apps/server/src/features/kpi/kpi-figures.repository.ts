import { sql } from 'kysely';
import type { TUserType } from '@portal/contracts';
import type { Database } from '../../db/database.js';

/**
 * Mean KPI attainment per department (a ratio: value against target, by direction, capped
 * at 1.2 as the scorecards cap it) of the records whose period starts in [from, to]
 * (dates). Departments without records are absent.
 */
export async function kpiAttainmentByDepartment(
  db: Database,
  departments: readonly TUserType[],
  from: string,
  to: string,
): Promise<{ department: TUserType; average: number }[]> {
  if (departments.length === 0) return [];
  const rows = await db
    .selectFrom('kpi_records as k')
    .innerJoin('kpi_definitions as d', 'd.id', 'k.kpi_id')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select([
      'u.user_type as department',
      sql<string>`avg(least(1.2, greatest(0, case
        when d.target = 0 then case when d.direction = 'higher' or k.value = 0 then 1 else 0 end
        when d.direction = 'higher' then k.value / d.target
        when k.value = 0 then 1.2
        else d.target / k.value end)))`.as('average'),
    ])
    .where('u.user_type', 'in', [...departments])
    .where('k.period_start', '>=', from)
    .where('k.period_start', '<=', to)
    .groupBy('u.user_type')
    .execute();
  return rows.map((r) => ({ department: r.department, average: Number(r.average) }));
}
