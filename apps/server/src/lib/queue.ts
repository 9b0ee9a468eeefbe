import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Database } from '../db/database.js';
import { queueSchemaExists } from './queue.repository.js';
import { jobDuration, jobsCompleted, jobsRunning, jobsSent } from './metrics.js';

/** Runs one job's handler, counted: running now, how long, and whether it failed. */
async function measureJob(queue: string, run: () => Promise<void>): Promise<void> {
  jobsRunning.inc({ queue });
  const end = jobDuration.startTimer({ queue });
  try {
    await run();
    jobsCompleted.inc({ queue, result: 'success' });
  } catch (err) {
    jobsCompleted.inc({ queue, result: 'failure' });
    throw err;
  } finally {
    end();
    jobsRunning.dec({ queue });
  }
}

/** A job as a handler receives it: its data, and which attempt this is. */
export interface QueuedJob<T> {
  id: string;
  data: T;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
}

export interface QueueDefinition<T> {
  name: string;
  retryLimit: number;
  /** Seconds before the first retry; doubles (with jitter) after each. */
  retryDelay: number;
  /** A handler still running after this is failed (and retried); so is one whose process died. */
  expireInSeconds: number;
  /** Jobs of this queue run at once in this process. */
  concurrency: number;
  handler(job: QueuedJob<T>): Promise<void>;
}

export interface JobQueue {
  /** Declares a queue and its handler; worked here only when `work` was true at creation. */
  define<T extends object>(def: QueueDefinition<T>): void;
  send<T extends object>(name: string, data: T): Promise<void>;
  /**
   * Sends a job of queue `name` (defined here) with `data` at every time `cron` names in time
   * zone `tz`. pg-boss keeps one schedule per queue in the database and, however many servers
   * declare it, sends each time's job once. A server that declares one starts its queue at boot.
   */
  schedule<T extends object>(name: string, cron: string, tz: string, data: T): void;
  /**
   * Starts pg-boss if its schema exists (a job was ever sent here), so a restarted server
   * picks up the jobs left behind. Cheap when already started; called at boot and on a timer.
   */
  resume(): Promise<void>;
  /** Starts it now (creating pg-boss's schema if needed): worker processes work from their first second. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** For health: started, idle (starts on first use), stopped, or failed to start. */
  status(): 'started' | 'idle' | 'stopped' | 'failed';
  /** Jobs waiting per queue (all processes), for metrics; empty while not started here. */
  depth(): Promise<Record<string, number>>;
}

/**
 * The durable job queue: pg-boss on the server's own pool (on the embedded database its one
 * connection: pg-boss then opens no second socket, which pglite-socket would interleave).
 * Started lazily on the first `send` or `resume`, so a server that never queues anything
 * pays nothing (no schema, no polling). Handlers must be idempotent: a job runs at least once.
 */
export function createJobQueue(opts: {
  pool: pg.Pool;
  db: Database;
  work: boolean;
  maintenanceSeconds: number;
  log: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
}): JobQueue {
  const defs = new Map<string, QueueDefinition<any>>();
  /** This process's fetch loops per queue, woken when this process sends them work. */
  const workers = new Map<string, string[]>();
  let boss: PgBoss | undefined;
  let starting: Promise<PgBoss> | undefined;
  let stopped = false;
  const schedules = new Map<string, { cron: string; tz: string; data: object }>();
  let failed = false;

  /** Creates each defined queue and, when working here, its fetch loops. */
  const setUp = async (b: PgBoss) => {
    for (const def of defs.values()) {
      await b.createQueue(def.name, {
        name: def.name,
        policy: 'standard',
        retryLimit: def.retryLimit,
        retryDelay: def.retryDelay,
        retryBackoff: true,
        expireInSeconds: def.expireInSeconds,
      });
      if (opts.work) {
        // One fetch loop per slot: each takes one job at a time, so `concurrency` bounds the work.
        for (let i = 0; i < def.concurrency; i++) {
          let id = '';
          id = await b.work(
            def.name,
            { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
            async (jobs) => {
              for (const j of jobs as unknown as PgBoss.JobWithMetadata<object>[])
                await measureJob(def.name, () =>
                  def.handler({ id: j.id, data: j.data, retryCount: j.retryCount, retryLimit: j.retryLimit }),
                );
              // pg-boss waits out the polling interval after every job; while there is work, fetch again at once.
              b.notifyWorker(id);
            },
          );
          (workers.get(def.name) ?? workers.set(def.name, []).get(def.name)!).push(id);
        }
      }
    }
  };

  const start = () =>
    (starting ??= (async () => {
      const b = new PgBoss({
        db: { executeSql: (text: string, values?: unknown[]) => opts.pool.query(text, values) },
        // pg-boss's clock (its cron monitor) runs only where a schedule is declared.
        schedule: schedules.size > 0,
        supervise: true,
        maintenanceIntervalSeconds: opts.maintenanceSeconds,
      } as unknown as PgBoss.ConstructorOptions);
      b.on('error', (err) => opts.log.error({ err }, 'job queue error'));
      await b.start();
      try {
        await setUp(b);
        for (const [name, s] of schedules) await b.schedule(name, s.cron, s.data, { tz: s.tz });
      } catch (err) {
        // Half started (the database went away meanwhile): stopped, so a later start begins afresh.
        await b.stop({ graceful: false, close: false }).catch(() => undefined);
        throw err;
      }
      boss = b;
      return b;
    })().then(
      (b) => {
        failed = false;
        return b;
      },
      (err: unknown) => {
        // Not started (the database was away): the next send or resume tries again, and
        // health says so meanwhile.
        failed = true;
        starting = undefined;
        workers.clear();
        throw err;
      },
    ));

  return {
    define(def) {
      // First definition wins: a second app built on the same context (tests) reuses the queue.
      if (defs.has(def.name)) return;
      if (boss || starting) throw new Error(`queue ${def.name} defined after the queue started`);
      defs.set(def.name, def);
    },
    schedule(name, cron, tz, data) {
      if (!defs.has(name)) throw new Error(`queue ${name} scheduled before it was defined`);
      if (schedules.has(name)) return;
      if (boss || starting) throw new Error(`queue ${name} scheduled after the queue started`);
      schedules.set(name, { cron, tz, data });
    },
    async send(name, data) {
      if (stopped) throw new Error('job queue stopped');
      const b = await start();
      await b.send(name, data);
      jobsSent.inc({ queue: name });
      for (const id of workers.get(name) ?? []) b.notifyWorker(id);
    },
    async resume() {
      if (stopped || starting || defs.size === 0) return;
      if (schedules.size > 0 || (await queueSchemaExists(opts.db))) await start();
    },
    async start() {
      if (!stopped) await start();
    },
    status() {
      if (stopped) return 'stopped';
      if (failed) return 'failed';
      return boss ? 'started' : 'idle';
    },
    async depth() {
      if (!boss || stopped) return {};
      const b = boss;
      const sizes = await Promise.all(
        [...defs.keys()].map(async (name) => [name, await b.getQueueSize(name)] as const),
      );
      return Object.fromEntries(sizes);
    },
    async stop() {
      stopped = true;
      const b = boss ?? (starting ? await starting.catch(() => undefined) : undefined);
      // Jobs still running are failed back to the queue (to be retried), not lost.
      await b?.stop({ graceful: true, wait: true, timeout: 5000, close: false }).catch(() => undefined);
    },
  };
}
