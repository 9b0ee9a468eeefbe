import type { Database } from '../db/database.js';
import { tryAdvisoryXactLock } from '../db/locks.js';

export interface ScheduledJob {
  name: string;
  everyMs: number;
  /** Runs inside the lock's transaction: use this `db`, never the pool (see ARCHITECTURE.md). */
  run(db: Database): Promise<unknown>;
  /**
   * The job takes its own transactions (one per item, each guarded by a conditional
   * update) and runs on every server at once: no lock transaction is held around it,
   * so on the embedded database (one connection) its transactions can run; `run` gets the pool.
   */
  ownTransactions?: boolean;
}

/** Stable advisory-lock key per job name. */
function lockKey(name: string): number {
  let h = 0;
  for (const ch of name) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

/**
 * Periodic maintenance shared by every server process: each tick, whichever process
 * takes the job's advisory lock runs it; the others skip. Jobs are idempotent, so a
 * crash mid-run only means the next tick does it again.
 */
export function startScheduler(
  db: Database,
  jobs: ScheduledJob[],
  log: { error(obj: unknown, msg?: string): void },
): () => void {
  const timers = jobs.map((job) => {
    const tick = async () => {
      try {
        if (job.ownTransactions) await job.run(db);
        else
          await db.transaction().execute(async (tx) => {
            if (await tryAdvisoryXactLock(tx, lockKey(job.name))) await job.run(tx);
          });
      } catch (err) {
        log.error({ err }, `scheduled job ${job.name} failed`);
      }
    };
    const t = setInterval(() => void tick(), job.everyMs);
    t.unref();
    setTimeout(() => void tick(), 1000).unref();
    return t;
  });
  return () => timers.forEach(clearInterval);
}
