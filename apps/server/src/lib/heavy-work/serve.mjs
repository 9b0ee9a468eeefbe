// The worker side of a bounded pool (./pool.ts): a worker script calls serve(handler) once.
// Plain JavaScript so that a worker script loads without a TypeScript loader (vitest, plain
// node, `node --import tsx` alike).
import { parentPort } from 'node:worker_threads';

/**
 * An answer the handler gives on purpose ("this input cannot be done, and why"): the caller
 * receives a HeavyWorkRefusal with this code and message, and the thread stays for the next
 * task. Anything else the handler throws counts as a crash (the thread is replaced).
 */
export class TaskRefusal extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'TaskRefusal';
    this.code = code;
  }
}

/** Runs handler(input) for every task the pool sends, one at a time (the pool never sends two). */
export function serve(handler) {
  if (!parentPort) throw new Error('serve() runs inside a worker thread started by a bounded pool');
  const port = parentPort;
  port.on('message', async ({ input }) => {
    let reply;
    try {
      reply = { ok: true, output: await handler(input) };
    } catch (err) {
      reply =
        err instanceof TaskRefusal
          ? { ok: false, refusal: { code: String(err.code), message: String(err.message) } }
          : { ok: false, failure: String(err?.stack ?? err) };
    }
    try {
      port.postMessage(reply);
    } catch (err) {
      // An answer that cannot be copied to the caller (a function, a socket…) is the script's bug.
      port.postMessage({ ok: false, failure: `the answer could not be sent: ${err?.message ?? err}` });
    }
  });
  // The pool starts a task's clock from here, so loading the script's modules is not counted.
  port.postMessage({ ready: true });
}
