import type { TEventAction, TEventDetailsOf } from '@portal/contracts';
import type { AuditSource } from '../../lib/actor.js';
import { lastInTransaction, type TxDb } from '../../lib/tx.js';
import { chainHash, GENESIS_HASH, type ChainFields } from './event-log-chain.js';
import { appendEventLog } from './event-logs.repository.js';

/**
 * One record: its action, the record it concerns, and its details, whose fields are those
 * contracts' EVENT_DETAILS declares for the action (readers label and format them from
 * there, so a field it does not declare is refused here).
 */
export type AuditEvent = {
  [A in TEventAction]: {
    action: A;
    targetType?: string;
    targetId?: string | number;
    details?: TEventDetailsOf<A>;
  };
}[TEventAction];

/**
 * Records an action inside the transaction of the change itself (`tx.db` of `withTx`),
 * so no change lands without its record and a rolled-back change leaves none. The row is
 * appended at the end of that transaction: every append serialises on the chain's lock, held
 * until COMMIT, so taking it last lets concurrent changes overlap their own work
 * (ticket creation on PostgreSQL about doubled).
 */
export async function recordEvent(db: TxDb, source: AuditSource | null, event: AuditEvent): Promise<void> {
  const fields: ChainFields = {
    at: new Date(),
    actor_id: source?.actorId ?? null,
    actor_username: source?.actorUsername ?? '',
    action: event.action,
    target_type: event.targetType ?? '',
    target_id: event.targetId === undefined ? '' : String(event.targetId),
    ip: source?.ip ?? '',
    user_agent: (source?.userAgent ?? '').slice(0, 512),
    details: (event.details ?? {}) as Record<string, unknown>,
  };
  await lastInTransaction(db, () =>
    appendEventLog(db, fields, (last) => {
      const prev_hash = last ?? GENESIS_HASH;
      return { prev_hash, hash: chainHash(prev_hash, fields) };
    }),
  );
}
