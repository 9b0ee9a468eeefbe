import type { Tx } from '../../lib/tx.js';
import { insertNotification } from './notifications.repository.js';

export interface NewNotification {
  message: string;
  url?: string;
  /** User types that should see it (spec: notification_level). */
  levels?: readonly string[];
  /** Explicit recipients (user ids), whatever their type. */
  recipients?: readonly number[];
  senderId?: number | null;
}

/**
 * The one way features create notifications: stored in the caller's transaction and
 * pushed live (to exactly the users who may see it) once that transaction commits.
 */
export async function notify(tx: Tx, n: NewNotification): Promise<number> {
  const id = await insertNotification(tx.db, {
    message: n.message.slice(0, 1000),
    url: n.url ?? '',
    notification_level: [...(n.levels ?? [])],
    recipients: [...(n.recipients ?? [])],
    sender_id: n.senderId ?? null,
  });
  tx.publish({ type: 'notification', id });
  return id;
}
