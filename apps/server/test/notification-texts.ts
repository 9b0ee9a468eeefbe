import { notificationText, parseNotificationContent } from '@portal/contracts';
import { sql } from 'kysely';
import type { Database } from '../src/db/database.js';

/**
 * The English texts of the notifications addressed to user `userId` (by id, not by type)
 * that match `like` (SQL LIKE: `%` any text, `_` one character), oldest first. Tests
 * state what a person was told in words; rows hold it by kind and parameters.
 */
export async function notificationTextsOf(db: Database, userId: number, like: string): Promise<string[]> {
  const { rows } = await sql<{ kind: string; params: Record<string, unknown>; timestamp: Date }>`
    select kind, params, timestamp from notifications where ${userId} = any(recipients) order by id`.execute(db);
  const pattern = new RegExp(
    `^${like
      .split(/([%_])/)
      .map((part) => (part === '%' ? '.*' : part === '_' ? '.' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
    's',
  );
  return rows
    .map((r) => {
      const content = parseNotificationContent(r.kind, r.params);
      if (!content)
        throw new Error(`a stored notification does not fit its kind: ${r.kind} ${JSON.stringify(r.params)}`);
      return notificationText(content, new Date(r.timestamp));
    })
    .filter((text) => pattern.test(text));
}
