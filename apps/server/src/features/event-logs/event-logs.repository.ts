import { sql, type SelectQueryBuilder } from 'kysely';
import type { TEventLogFilter } from '@portal/contracts';
import type { Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

export interface Keyset {
  at: string;
  id: number;
}

function filtered(db: Database, f: TEventLogFilter): SelectQueryBuilder<DB, 'event_logs', object> {
  let q = db.selectFrom('event_logs');
  if (f.actor) q = q.where(sql`lower(actor_username)`, '=', f.actor.toLowerCase());
  if (f.action) q = q.where('action', '=', f.action);
  if (f.target_type) q = q.where('target_type', '=', f.target_type);
  if (f.target_id) q = q.where('target_id', '=', f.target_id);
  if (f.from) q = q.where('at', '>=', new Date(f.from));
  if (f.to) q = q.where('at', '<=', new Date(f.to));
  return q;
}

/** Newest first; keyset on (at, id) so page 1,000 costs what page 1 does. */
export function pageEventLogs(db: Database, f: TEventLogFilter, after: Keyset | null, limit: number) {
  let q = filtered(db, f);
  if (after) q = q.where(sql<boolean>`(at, id) < (${new Date(after.at)}::timestamptz, ${after.id})`);
  return q
    .select([
      'id',
      'at',
      'actor_id',
      'actor_username',
      'action',
      'target_type',
      'target_id',
      'ip',
      'user_agent',
      'details',
    ])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
