import { Worker, type Transferable } from 'node:worker_threads';

export type HeavyWorkFailure = 'crashed' | 'out_of_memory' | 'timed_out';

/** A task that ended without an answer: its thread crashed, ran out of heap or out of time. */
export class HeavyWorkError extends Error {
  constructor(
    readonly reason: HeavyWorkFailure,
    message: string,
  ) {
    super(message);
    this.name = 'HeavyWorkError';
  }
}

/** The worker's handler refused the input on purpose (serve.mjs's TaskRefusal): its code and message. */
export class HeavyWorkRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HeavyWorkRefusal';
  }
}

export interface BoundedPoolOptions {
  /** Named in error messages and logs. */
  name: string;
  /** A worker script that calls serve(handler) from serve.mjs. */
  script: URL;
  /** Threads at most (started when work comes, one task each at a time). */
  size: number;
  /** Each thread's V8 heap cap (old generation), in MB. */
  maxHeapMb: number;
  /**
   * Wall-clock limit of a task, from the moment a started thread takes it; a new thread has
   * as long again to load its script.
   */
  timeoutMs: number;
}

export interface RunOptions {
  /** Buffers to move to the thread instead of copying (the caller loses them). */
  transferList?: readonly Transferable[];
  /** This task's own limit instead of the pool's. */
  timeoutMs?: number;
}

export interface BoundedPool<I, O> {
  run(input: I, opts?: RunOptions): Promise<O>;
  /** Ends every thread; tasks not yet answered reject. */
  close(): Promise<void>;
}

interface Task {
  input: unknown;
  opts: RunOptions;
  resolve(output: unknown): void;
  reject(err: Error): void;
}

interface Thread {
  worker: Worker;
  task: Task | null;
  timer: NodeJS.Timeout | undefined;
  /** Its script has loaded and called serve(). */
  ready: boolean;
  retired: boolean;
}

type Reply =
  | { ready: true; ok?: never }
  | { ok: true; output: unknown }
  | { ok: false; refusal: { code: string; message: string } }
  | { ok: false; failure: string };

/** See index.ts. */
export function createBoundedPool<I, O>(options: BoundedPoolOptions): BoundedPool<I, O> {
  const { name, script, size, maxHeapMb, timeoutMs } = options;
  const threads: Thread[] = [];
  const queue: Task[] = [];
  let closed = false;

  /** Ends a thread for good (its task, if any, rejects with err) and lets the queue move on. */
  function retire(thread: Thread, err: Error): void {
    if (thread.retired) return;
    thread.retired = true;
    clearTimeout(thread.timer);
    threads.splice(threads.indexOf(thread), 1);
    const task = thread.task;
    thread.task = null;
    task?.reject(err);
    void thread.worker.terminate();
    pump();
  }

  /** Starts the clock of the thread's task. */
  function clock(thread: Thread, task: Task): void {
    const limit = task.opts.timeoutMs ?? timeoutMs;
    thread.timer = setTimeout(
      () => retire(thread, new HeavyWorkError('timed_out', `${name}: the task ran past ${limit} ms`)),
      limit,
    );
    thread.timer.unref();
  }

  function spawn(): Thread {
    const worker = new Worker(script, { resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } });
    const thread: Thread = { worker, task: null, timer: undefined, ready: false, retired: false };
    thread.timer = setTimeout(
      () => retire(thread, new HeavyWorkError('timed_out', `${name}: the thread did not start within ${timeoutMs} ms`)),
      timeoutMs,
    );
    thread.timer.unref();
    worker.on('message', (reply: Reply) => {
      if ('ready' in reply) {
        thread.ready = true;
        clearTimeout(thread.timer);
        if (thread.task) clock(thread, thread.task);
        return;
      }
      const task = thread.task;
      if (!task || thread.retired) return;
      if (!reply.ok && 'failure' in reply) {
        // The handler threw something unplanned: whatever state it left (a WebAssembly
        // engine's memory, a half-built cache) goes with the thread.
        retire(thread, new HeavyWorkError('crashed', `${name}: ${reply.failure}`));
        return;
      }
      clearTimeout(thread.timer);
      thread.task = null;
      // Idle threads never keep the process alive; busy ones do, until their answer is in.
      worker.unref();
      if (reply.ok) task.resolve(reply.output);
      else task.reject(new HeavyWorkRefusal(reply.refusal.code, reply.refusal.message));
      pump();
    });
    worker.on('error', (err: Error & { code?: string }) => {
      const oom = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      retire(
        thread,
        new HeavyWorkError(
          oom ? 'out_of_memory' : 'crashed',
          oom ? `${name}: the task passed the ${maxHeapMb} MB heap cap` : `${name}: ${err.stack ?? err.message}`,
        ),
      );
    });
    worker.on('exit', (code) => retire(thread, new HeavyWorkError('crashed', `${name}: the thread exited (${code})`)));
    threads.push(thread);
    return thread;
  }

  /** Hands queued tasks to idle threads, starting threads up to the pool's size. */
  function pump(): void {
    while (queue.length > 0 && !closed) {
      const thread = threads.find((t) => t.task === null) ?? (threads.length < size ? spawn() : null);
      if (!thread) return;
      const task = queue.shift()!;
      thread.task = task;
      thread.worker.ref();
      try {
        thread.worker.postMessage({ input: task.input }, task.opts.transferList);
        if (thread.ready) clock(thread, task);
      } catch (err) {
        // An input that cannot be copied to a thread: the caller's mistake, the thread is fine.
        clearTimeout(thread.timer);
        thread.task = null;
        thread.worker.unref();
        task.reject(err as Error);
      }
    }
  }

  return {
    run(input, opts = {}) {
      if (closed) return Promise.reject(new Error(`${name}: the pool is closed`));
      return new Promise<O>((resolve, reject) => {
        queue.push({ input, opts, resolve: resolve as (output: unknown) => void, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      const err = new Error(`${name}: the pool is closed`);
      for (const task of queue.splice(0)) task.reject(err);
      const ending = threads.map((t) => t.worker.terminate());
      for (const t of [...threads]) retire(t, err);
      await Promise.all(ending);
    },
  };
}
