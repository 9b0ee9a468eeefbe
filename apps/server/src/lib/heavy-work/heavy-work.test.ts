import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { createBoundedPool, HeavyWorkError, HeavyWorkRefusal, type BoundedPool } from './index.js';

type Input = { kind: string; value?: unknown };
type Output = { value: unknown; thread: number };

const SCRIPT = new URL('./fixtures/tasks.worker.mjs', import.meta.url);
let pool: BoundedPool<Input, Output>;
const open = (size = 1, timeoutMs = 60_000) =>
  (pool = createBoundedPool<Input, Output>({ name: 'test pool', script: SCRIPT, size, maxHeapMb: 48, timeoutMs }));

afterEach(() => pool?.close());

/** The failure a task ended with. */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => err,
  );

/** The main thread keeps turning while a task runs: a timer fires before the task ends. */
async function loopStaysResponsive(task: Promise<unknown>): Promise<void> {
  const tick = new Promise<'tick'>((resolve) => setTimeout(() => resolve('tick'), 1));
  expect(
    await Promise.race([
      tick,
      task.then(
        () => 'task',
        () => 'task',
      ),
    ]),
  ).toBe('tick');
}

describe('bounded pool', () => {
  it('answers in a thread of its own, reusing it for the next task', async () => {
    open();
    const a = await pool.run({ kind: 'echo', value: 1 });
    const b = await pool.run({ kind: 'echo', value: [2] });
    expect(a.value).toBe(1);
    expect(b.value).toEqual([2]);
    expect(a.thread).not.toBe(threadId);
    expect(b.thread).toBe(a.thread);
  });

  it('fails a task past the heap cap as out_of_memory, and the next task succeeds', async () => {
    open();
    const task = pool.run({ kind: 'allocate' });
    await loopStaysResponsive(task);
    const err = await failure(task);
    expect(err).toBeInstanceOf(HeavyWorkError);
    expect((err as HeavyWorkError).reason).toBe('out_of_memory');
    expect((await pool.run({ kind: 'echo', value: 'after' })).value).toBe('after');
  });

  it('fails an endless task as timed_out, and the next task succeeds on a fresh thread', async () => {
    open();
    const first = await pool.run({ kind: 'echo' });
    const task = pool.run({ kind: 'loop' }, { timeoutMs: 1_000 });
    await loopStaysResponsive(task);
    const err = await failure(task);
    expect((err as HeavyWorkError).reason).toBe('timed_out');
    const next = await pool.run({ kind: 'echo', value: 'after' });
    expect(next.value).toBe('after');
    expect(next.thread).not.toBe(first.thread);
  });

  it.each(['exit', 'timer-throw', 'bug'])('fails a task whose thread crashes (%s) as crashed', async (kind) => {
    open();
    const first = await pool.run({ kind: 'echo' });
    const err = await failure(pool.run({ kind }));
    expect(err).toBeInstanceOf(HeavyWorkError);
    expect((err as HeavyWorkError).reason).toBe('crashed');
    const next = await pool.run({ kind: 'echo', value: 'after' });
    expect(next.value).toBe('after');
    expect(next.thread).not.toBe(first.thread);
  });

  it('hands a refusal to the caller with its code and message, keeping the thread', async () => {
    open();
    const first = await pool.run({ kind: 'echo' });
    const err = await failure(pool.run({ kind: 'refuse', value: 7 }));
    expect(err).toBeInstanceOf(HeavyWorkRefusal);
    expect(err).toMatchObject({ code: 'too_large', message: 'refused 7' });
    expect((await pool.run({ kind: 'echo' })).thread).toBe(first.thread);
  });

  it('lets other tasks finish while one thread fails', async () => {
    open(2);
    const stuck = failure(pool.run({ kind: 'loop' }, { timeoutMs: 2_000 }));
    const others = await Promise.all([1, 2, 3].map((value) => pool.run({ kind: 'echo', value })));
    expect(others.map((o) => o.value)).toEqual([1, 2, 3]);
    expect(((await stuck) as HeavyWorkError).reason).toBe('timed_out');
  });

  it('rejects tasks still waiting when it closes', async () => {
    open();
    const running = failure(pool.run({ kind: 'loop' }));
    const waiting = failure(pool.run({ kind: 'echo' }));
    await pool.close();
    expect(await running).toBeInstanceOf(Error);
    expect(await waiting).toBeInstanceOf(Error);
    await expect(pool.run({ kind: 'echo' })).rejects.toThrow(/closed/);
  });
});
