import type { Database } from '../../db/database.js';

/** KPI definitions by name, for the event log's readers (`ids`: at least one). */
export function kpiDefinitionNames(db: Database, ids: readonly number[]) {
  return db
    .selectFrom('kpi_definitions')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
}
