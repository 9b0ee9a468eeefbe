import type { Database } from '../../db/database.js';

/** Tickets named by their subject, for the event log's readers (`ids`: at least one). */
export function ticketNames(db: Database, ids: readonly number[]) {
  return db
    .selectFrom('tickets')
    .select(['id', 'subject as name'])
    .where('id', 'in', [...ids])
    .execute();
}
