// Runs PGlite and its PostgreSQL wire-protocol server in a worker thread: PGlite
// executes queries synchronously inside WASM, and here that only blocks this thread,
// never the event loop that serves HTTP and websockets.
// Plain JavaScript on purpose: a worker thread must load without a TypeScript loader
// (under tsx, Vitest and plain node alike).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** @type {{dataDir: string, socketPath: string, maxConnections: number}} */
const { dataDir, socketPath, maxConnections } = workerData;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

async function main() {
  // No fsync to the platter: writes reach the OS page cache, so they survive a
  // killed process but not a power cut (documented in README.md).
  const db = await PGlite.create({ dataDir });
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections });
  await server.start();
  port.postMessage({ type: 'ready' });

  port.on('message', async (msg) => {
    if (msg?.type !== 'stop') return;
    try {
      await server.stop();
      await db.close();
    } finally {
      port.postMessage({ type: 'stopped' });
    }
  });
}

main().catch((err) => {
  port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) });
});
