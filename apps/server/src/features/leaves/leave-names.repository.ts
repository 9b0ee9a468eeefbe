import type { Database } from '../../db/database.js';

/** Leave requests named by whose they are, for the event log's readers (`ids`: at least one). */
export async function leaveNames(db: Database, ids: readonly number[]) {
  const rows = await db
    .selectFrom('leave_requests as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.id', 'u.username', 'u.first_name', 'u.last_name'])
    .where('l.id', 'in', [...ids])
    .execute();
  return rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`.trim() || r.username }));
}

/** Leave types by name, with the code readers translate a seeded type by (`ids`: at least one). */
export function leaveTypeNames(db: Database, ids: readonly number[]) {
  return db
    .selectFrom('leave_types')
    .select(['id', 'name', 'code'])
    .where('id', 'in', [...ids])
    .execute();
}
