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

const deferred = new WeakMap<TxDb, (() => Promise<void>)[]>();

/**
 * Runs `write` at the end of `db`'s transaction, just before COMMIT, when `withTx` opened it
 * (else at once). For writes that take a lock every transaction contends for
 * (the event log's chain): held from the end of the work to COMMIT instead of across it.
 */
export async function lastInTransaction(db: TxDb, write: () => Promise<void>): Promise<void> {
  const queue = deferred.get(db);
  if (queue) queue.push(write);
  else await write();
}

/**
 * Runs `fn` in one transaction. Events queued with `publish` go out after COMMIT, so
 * no server ever announces a change that then rolled back.
 */
export async function withTx<T>(ctx: Pick<AppContext, 'db' | 'bus'>, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const events: BusEvent[] = [];
  const result = await ctx.db.transaction().execute(async (db) => {
    const last: (() => Promise<void>)[] = [];
    deferred.set(db, last);
    const value = await fn({ db, publish: (e) => void events.push(e) });
    for (const write of last) await write();
    return value;
  });
  for (const e of events) {
    // The change has landed; a lost live event costs a refresh, never data.
    await ctx.bus.publish(e).catch(() => undefined);
  }
  return result;
}
