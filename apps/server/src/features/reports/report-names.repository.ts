import type { Database } from '../../db/database.js';

/** Reports named by their title, for the event log's readers (`ids`: at least one). */
export function reportNames(db: Database, ids: readonly number[]) {
  return db
    .selectFrom('reports')
    .select(['id', 'title as name'])
    .where('id', 'in', [...ids])
    .execute();
}
