/**
 * Heavy work on untrusted content (decoding images and PDFs, recognising text, laying out
 * PDFs…) runs here, never on the event loop: a bounded pool of worker threads, each with a
 * heap cap (`resourceLimits`) and each task with a wall-clock limit.
 *
 *   const pool = createBoundedPool<In, Out>({ name, script, size, maxHeapMb, timeoutMs });
 *   const out = await pool.run(input, { transferList?, timeoutMs? });
 *
 * The worker script (plain `.mjs`, so it loads without a TypeScript loader; it may load
 * TypeScript itself with tsx's `tsImport`) calls `serve(async (input) => output)` from
 * `./serve.mjs`, and throws `new TaskRefusal(code, message)` for an input it refuses on
 * purpose.
 *
 * - Threads start when work comes, up to `size`; each runs one task at a time, the rest
 *   queue. An idle thread never keeps the process alive.
 * - A task's time counts from when a loaded thread takes it; a new thread has `timeoutMs`
 *   more to load its script (so a cold start never eats a task's time).
 * - A refusal rejects with `HeavyWorkRefusal` (its `code` and message); the thread stays.
 * - A task whose thread crashes (uncaught error, exit, anything else the handler throws),
 *   passes the heap cap or its time rejects with `HeavyWorkError` and its `reason`
 *   (`crashed`, `out_of_memory`, `timed_out`); that thread is terminated and a fresh one
 *   takes the next task, so no state survives a failure. Other tasks go on.
 * - What is not bounded here: memory outside the V8 heap (WebAssembly memories, native
 *   buffers) and a native abort, which ends the whole process — use a child process where
 *   that must be contained.
 */
export {
  createBoundedPool,
  HeavyWorkError,
  HeavyWorkRefusal,
  type BoundedPool,
  type BoundedPoolOptions,
  type HeavyWorkFailure,
  type RunOptions,
} from './pool.js';
