import type { Database } from '../../db/database.js';

/** Calls named by the person whose screen was asked for, for the event log's readers (`ids`: at least one). */
export async function shareCallNames(db: Database, ids: readonly number[]) {
  const rows = await db
    .selectFrom('share_calls as c')
    .innerJoin('users as u', 'u.id', 'c.target_id')
    .select(['c.id', 'u.username', 'u.first_name', 'u.last_name'])
    .where('c.id', 'in', [...ids])
    .execute();
  return rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`.trim() || r.username }));
}
