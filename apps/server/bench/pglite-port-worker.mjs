// Experiment (bench/embedded-driver.bench.ts): ONE PGlite instance reached two ways, so
// both paths measure the same database: its wire-protocol socket (what the server uses
// today) and a MessagePort on which the main thread posts queries for `db.query`.
// Plain JavaScript, like src/db/embedded-worker.mjs: a worker must load without tsx.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** @type {{dataDir: string, socketPath: string, queries: import('node:worker_threads').MessagePort}} */
const { dataDir, socketPath, queries } = workerData;
const control = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

async function main() {
  // Rows must come back as the pg path gives them (src/db/database.ts's type parsers):
  // int8 and numeric as numbers, date as its `YYYY-MM-DD` text; timestamptz stays a Date.
  const db = await PGlite.create({
    dataDir,
    parsers: { [types.INT8]: Number, [types.DATE]: (v) => v, [types.NUMERIC]: Number },
  });
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 4 });
  await server.start();

  queries.on('message', async ({ id, sql, params }) => {
    try {
      const r = await db.query(sql, params);
      queries.postMessage({ id, rows: r.rows, affectedRows: r.affectedRows });
    } catch (err) {
      // A structured clone of an Error keeps only its message: send PostgreSQL's fields
      // (code, detail, constraint…) as a plain object for the main thread to rebuild.
      const e = /** @type {Error} */ (err);
      queries.postMessage({ id, error: { ...e, message: e.message } });
    }
  });

  control.on('message', async (msg) => {
    if (msg?.type !== 'stop') return;
    try {
      queries.close();
      await server.stop();
      await db.close();
    } finally {
      control.postMessage({ type: 'stopped' });
    }
  });
  control.postMessage({ type: 'ready' });
}

main().catch((err) => {
  control.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) });
});
