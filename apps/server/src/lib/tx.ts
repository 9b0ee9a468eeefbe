import type { Transaction } from 'kysely';
import type { AppContext } from './context.js';
import type { DB } from '../db/schema.js';
import type { BusEvent } from '../plugins/realtime/event-bus.js';

/** A database handle that is inside a transaction (for writes that must go with another). */
export type TxDb = Transaction<DB>;

/** A transaction plus the live events to publish once it has committed. */
export interface Tx {
  db: TxDb;
  /** Queues a bus event; sent only if the transaction commits. */
  publish(event: BusEvent): void;
}

/**
 * Runs `fn` in one transaction. Events queued with `publish` go out after COMMIT, so
 * no server ever announces a change that then rolled back.
 */
export async function withTx<T>(ctx: Pick<AppContext, 'db' | 'bus'>, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const events: BusEvent[] = [];
  const result = await ctx.db.transaction().execute((db) => fn({ db, publish: (e) => void events.push(e) }));
  for (const e of events) {
    // The change has landed; a lost live event costs a refresh, never data.
    await ctx.bus.publish(e).catch(() => undefined);
  }
  return result;
}
