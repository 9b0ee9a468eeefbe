import { sql, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';

type Viewer = Pick<UserRow, 'id' | 'user_type'>;

/** Spec §6: shown when the user's type is in notification_level, or they are a named recipient. */
const visibleTo = (v: Viewer): Expression<SqlBool> =>
  sql<SqlBool>`(${v.user_type} = any(notifications.notification_level) or ${v.id} = any(notifications.recipients))`;

function withReadFlag(db: Database, v: Viewer) {
  return db
    .selectFrom('notifications')
    .leftJoin('notification_reads as r', (j) =>
      j.onRef('r.notification_id', '=', 'notifications.id').on('r.user_id', '=', v.id),
    )
    .select([
      'notifications.id',
      'notifications.kind',
      'notifications.params',
      'notifications.url',
      'notifications.timestamp',
      'notifications.notification_level',
      'notifications.recipients',
      sql<boolean>`r.user_id is not null`.as('is_read'),
    ])
    .where(visibleTo(v));
}

export type NotificationRow = Awaited<ReturnType<typeof pageNotifications>>[number];

export function pageNotifications(db: Database, v: Viewer, limit: number, offset: number) {
  return withReadFlag(db, v)
    .orderBy('notifications.timestamp', 'desc')
    .orderBy('notifications.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function notificationsByIds(db: Database, v: Viewer, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return withReadFlag(db, v)
    .where('notifications.id', 'in', ids)
    .orderBy('notifications.timestamp', 'desc')
    .orderBy('notifications.id', 'desc')
    .execute();
}

/** Marks as read those of `ids` the viewer may see; others are ignored, never revealed. */
export async function markRead(db: Database, v: Viewer, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .insertInto('notification_reads')
    .columns(['notification_id', 'user_id'])
    .expression(
      db
        .selectFrom('notifications')
        .select(['notifications.id', sql<number>`${v.id}::integer`.as('user_id')])
        .where('notifications.id', 'in', ids)
        .where(visibleTo(v)),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function unreadCount(db: Database, v: Viewer): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(visibleTo(v))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notification_reads as r')
            .select('r.user_id')
            .whereRef('r.notification_id', '=', 'notifications.id')
            .where('r.user_id', '=', v.id),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findNotification(db: Database, id: number) {
  return db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
}

export function deleteNotificationsOlderThan(db: Database, days: number) {
  return db
    .deleteFrom('notifications')
    .where('timestamp', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirst();
}

export interface NotificationInsert {
  kind: string;
  /** The kind's parameters, already checked against it. */
  params: Record<string, unknown>;
  url: string;
  notification_level: string[];
  recipients: number[];
  sender_id: number | null;
}

export async function insertNotification(db: Database, n: NotificationInsert): Promise<number> {
  const row = await db
    .insertInto('notifications')
    .values({ ...n, params: JSON.stringify(n.params) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
