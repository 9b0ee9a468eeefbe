import { notificationParamsSchema, type TNotificationContent } from '@portal/contracts';
import type { Tx } from '../../lib/tx.js';
import { insertNotification } from './notifications.repository.js';

/** What a notification says (a kind of contracts' NOTIFICATION_KINDS and its parameters), and to whom. */
export type NewNotification = TNotificationContent & {
  url?: string;
  /** User types that should see it (spec: notification_level). */
  levels?: readonly string[];
  /** Explicit recipients (user ids), whatever their type. */
  recipients?: readonly number[];
  senderId?: number | null;
};

/**
 * The one way features create notifications: stored by kind and parameters in the
 * caller's transaction (each reader sees it in their own language) and pushed live (to
 * exactly the users who may see it) once that transaction commits. Parameters that do not
 * fit their kind are a bug: refused here, before anything is stored.
 */
export async function notify(tx: Tx, n: NewNotification): Promise<number> {
  const params = notificationParamsSchema(n.kind).parse(n.params) as Record<string, unknown>;
  const id = await insertNotification(tx.db, {
    kind: n.kind,
    params,
    url: n.url ?? '',
    notification_level: [...(n.levels ?? [])],
    recipients: [...(n.recipients ?? [])],
    sender_id: n.senderId ?? null,
  });
  tx.publish({ type: 'notification', id });
  return id;
}
