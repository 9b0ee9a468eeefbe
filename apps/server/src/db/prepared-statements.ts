import crypto from 'node:crypto';
import pg from 'pg';
import { LRUCache } from 'lru-cache';

type Callback = (err: Error | null, result?: unknown) => void;

/**
 * A pg Client that sends every parameterised query as a named prepared statement, kept per
 * connection in an LRU of `size` texts (the least used is DEALLOCATEd). A repeated query then
 * travels as Bind/Execute only, without its text (the ticket list's is 4 KB) and without
 * PostgreSQL parsing it again: +10–25 % on the ticket lists (BENCHMARKS.md).
 *
 * Only queries with parameters are named: the others keep the simple protocol, which also
 * allows several statements in one text. Names carry a per-process prefix, so a CLI attached
 * to the embedded database's one shared session never collides with the server. When another
 * process's migration changes a table under a prepared `select *`, PostgreSQL refuses it once
 * (0A000, "cached plan must not change result type"): the statement is then forgotten, and
 * the next run prepares it afresh.
 */
export function preparingClient(size: number): typeof pg.Client {
  const prefix = `p${crypto.randomBytes(3).toString('hex')}_`;
  let next = 0;
  class PreparingClient extends pg.Client {
    private readonly statements = new LRUCache<string, string>({
      max: size,
      dispose: (name, _text, reason) => {
        if (reason !== 'evict' && reason !== 'delete') return;
        // Queued behind whatever this connection runs now; a failure (an aborted transaction)
        // only leaves one statement allocated until the connection closes.
        super.query(`deallocate "${name}"`).catch(() => {});
        delete (this as unknown as { connection: { parsedStatements: Record<string, string> } }).connection
          .parsedStatements[name];
      },
    });

    override query(config: unknown, values?: unknown, callback?: unknown): any {
      const run = super.query as (...args: unknown[]) => unknown;
      if (typeof config !== 'string' || !Array.isArray(values) || values.length === 0) {
        return run.call(this, config, values, callback);
      }
      let name = this.statements.get(config);
      if (name === undefined) this.statements.set(config, (name = `${prefix}${next++}`));
      const forgetIfStale = (err: unknown) => {
        if ((err as { code?: string } | null)?.code === '0A000') this.statements.delete(config);
      };
      const named = { name, text: config, values };
      if (typeof callback === 'function') {
        return run.call(this, named, (err: Error | null, result?: unknown) => {
          forgetIfStale(err);
          (callback as Callback)(err, result);
        });
      }
      return (run.call(this, named) as Promise<unknown>).catch((err: unknown) => {
        forgetIfStale(err);
        throw err;
      });
    }
  }
  return PreparingClient;
}
