import { Worker } from 'node:worker_threads';
import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';

/** The embedded database's files live in DATA_DIR/pgdata; its socket and lock beside them. */
export function embeddedPaths(dataDir: string) {
  const dir = path.resolve(dataDir);
  return {
    dir,
    pgdata: path.join(dir, 'pgdata'),
    // libpq convention: `psql -h DATA_DIR` and pg's `host: DATA_DIR` find this file.
    socketPath: path.join(dir, '.s.PGSQL.5432'),
    lockPath: path.join(dir, 'portal.lock'),
  };
}

export class DataDirLockedError extends Error {
  constructor(
    readonly pid: number,
    dir: string,
  ) {
    super(
      `The embedded database in ${dir} is in use by process ${pid}. ` +
        `Stop that process first, or use DATABASE_URL for several servers.`,
    );
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid holding DATA_DIR, or null. A lock left by a killed process is stale. */
export function lockHolder(dataDir: string): number | null {
  const { lockPath } = embeddedPaths(dataDir);
  try {
    const pid = Number(fs.readFileSync(lockPath, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && pidAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Two PGlite processes on one directory corrupt it, so a lock file (O_EXCL) names the
 * one process that may open it; a stale lock from a dead process is taken over.
 */
function acquireLock(dataDir: string): () => void {
  const { lockPath, dir } = embeddedPaths(dataDir);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = lockHolder(dataDir);
      if (holder !== null && holder !== process.pid) throw new DataDirLockedError(holder, dir);
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

export interface EmbeddedServer {
  /** Directory holding the unix socket (pg's `host`). */
  host: string;
  port: number;
  stop(): Promise<void>;
}

/** Opens the embedded database in a worker thread and serves it on DATA_DIR's unix socket. */
export async function startEmbedded(dataDir: string, maxConnections = 10): Promise<EmbeddedServer> {
  const paths = embeddedPaths(dataDir);
  fs.mkdirSync(paths.pgdata, { recursive: true });
  const release = acquireLock(dataDir);
  // A socket file left by a killed server would make listen() fail with EADDRINUSE.
  fs.rmSync(paths.socketPath, { force: true });

  const worker = new Worker(new URL('./embedded-worker.mjs', import.meta.url), {
    workerData: { dataDir: paths.pgdata, socketPath: paths.socketPath, maxConnections },
  });
  const failed = (err: unknown) => console.error('embedded database worker failed:', err);
  try {
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`embedded database exited (${code})`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (m: { type: string; message?: string }) => {
        // Removing only our own listeners: removeAllListeners() would also drop the
        // Worker's internal ones and its later messages would never arrive.
        worker.off('error', reject);
        worker.off('exit', onExit);
        if (m.type === 'ready') resolve();
        else reject(new Error(m.message ?? 'embedded database failed'));
      });
    });
  } catch (err) {
    await worker.terminate();
    release();
    throw err;
  }
  worker.on('error', failed);

  let stopped: Promise<void> | undefined;
  return {
    host: paths.dir,
    port: 5432,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        const done = () => {
          fs.rmSync(paths.socketPath, { force: true });
          release();
          resolve();
        };
        const timer = setTimeout(() => void worker.terminate().then(done), 10_000);
        worker.once('message', () => {
          clearTimeout(timer);
          void worker.terminate().then(done);
        });
        worker.postMessage({ type: 'stop' });
      });
      return stopped;
    },
  };
}

/** True when a server is serving DATA_DIR's socket (used by the CLI). */
export function socketAccepts(dataDir: string): Promise<boolean> {
  const { socketPath } = embeddedPaths(dataDir);
  return new Promise((resolve) => {
    const s = net.connect(socketPath);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}
