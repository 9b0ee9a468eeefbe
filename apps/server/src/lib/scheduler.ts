import type { Database } from '../db/database.js';
import { tryAdvisoryXactLock } from '../db/locks.js';

export interface ScheduledJob {
  name: string;
  everyMs: number;
  /** Runs inside the lock's transaction: use this `db`, never the pool (see ARCHITECTURE.md). */
  run(db: Database): Promise<unknown>;
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
