import {
  canAnnounce,
  canSeeNotificationLevel,
  NOTIFICATION_PAGE_SIZE,
  notificationText,
  parseNotificationContent,
  type TAnnouncement,
  type TNotification,
  type TWsServerMessage,
} from '@portal/contracts';
import type { AppContext } from '../../lib/context.js';
import type { UserRow } from '../../db/schema.js';
import { forbidden } from '../../lib/errors.js';
import { withTx } from '../../lib/tx.js';
import type { AuditSource } from '../../lib/actor.js';
import { recordEvent } from '../event-logs/index.js';
import { notify } from './notify.js';
import * as repo from './notifications.repository.js';

type Presentable = Pick<repo.NotificationRow, 'id' | 'kind' | 'params' | 'url' | 'timestamp' | 'notification_level'> & {
  is_read: boolean;
};

/**
 * The English `message` of a stored notification. A kind this server does not know (a
 * newer server's, during a rolling upgrade) still says its text when it carries one.
 */
function englishText(n: Pick<Presentable, 'kind' | 'params' | 'timestamp'>): string {
  const content = parseNotificationContent(n.kind, n.params);
  if (content) return notificationText(content, new Date(n.timestamp));
  return typeof n.params.text === 'string' ? n.params.text : '';
}

export function presentNotification(n: Presentable): TNotification {
  return {
    id: n.id,
    message: englishText(n),
    url: n.url,
    timestamp: new Date(n.timestamp).toISOString(),
    is_read: n.is_read,
    notification_level: n.notification_level,
    kind: n.kind,
    params: n.params,
  };
}

export async function listNotifications(ctx: AppContext, user: UserRow, page: number) {
  const rows = await repo.pageNotifications(
    ctx.db,
    user,
    NOTIFICATION_PAGE_SIZE + 1,
    (page - 1) * NOTIFICATION_PAGE_SIZE,
  );
  return {
    results: rows.slice(0, NOTIFICATION_PAGE_SIZE).map(presentNotification),
    next: rows.length > NOTIFICATION_PAGE_SIZE ? `/api/notifications/all/?page=${page + 1}` : null,
  };
}

export async function markNotificationsRead(ctx: AppContext, user: UserRow, ids: number[]) {
  const unique = [...new Set(ids)];
  await repo.markRead(ctx.db, user, unique);
  return (await repo.notificationsByIds(ctx.db, user, unique)).map(presentNotification);
}

export function countUnread(ctx: AppContext, user: UserRow) {
  return repo.unreadCount(ctx.db, user);
}

/** `req` was validated once by the route's contract (the link is already in its normal form). */
export async function announce(ctx: AppContext, user: UserRow, req: TAnnouncement, source: AuditSource) {
  if (!canAnnounce(user)) throw forbidden('announceRestricted');
  const levels = [...new Set(req.levels)];
  return withTx(ctx, async (tx) => {
    const id = await notify(tx, {
      kind: 'announcement',
      params: { text: req.message },
      url: req.url,
      levels,
      senderId: user.id,
    });
    await recordEvent(tx.db, source, {
      action: 'notification.announced',
      targetType: 'notification',
      targetId: id,
      details: { levels, message: req.message },
    });
    return id;
  });
}

/** Who gets a stored notification live: the same rule as the list endpoint. */
export function isVisible(
  user: Pick<UserRow, 'id' | 'user_type'>,
  n: { notification_level: string[]; recipients: number[] },
) {
  return canSeeNotificationLevel(user, n.notification_level) || n.recipients.includes(user.id);
}

export async function deliver(
  ctx: AppContext,
  id: number,
  connections: Iterable<{ user: UserRow; send(m: string): void }>,
) {
  const n = await repo.findNotification(ctx.db, id);
  if (!n) return 0;
  const frame: TWsServerMessage = {
    message: { command: 'notification', data: presentNotification({ ...n, is_read: false }) },
  };
  const message = JSON.stringify(frame);
  let sent = 0;
  for (const c of connections) {
    if (!isVisible(c.user, n)) continue;
    c.send(message);
    sent++;
  }
  return sent;
}

export async function purgeOldNotifications(db: AppContext['db'], retentionDays: number) {
  const r = await repo.deleteNotificationsOlderThan(db, retentionDays);
  return Number(r.numDeletedRows);
}
