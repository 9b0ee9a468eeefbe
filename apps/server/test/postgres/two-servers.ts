import { afterAll } from 'vitest';
import { DEMO_PASSWORD, freshPostgresDatabase, makeApi, tempDir } from '../harness.js';
import { spawnServer, type ServerProcess } from '../processes.js';

/**
 * Two server processes on one fresh database of the PostgreSQL at TEST_DATABASE_URL
 * (demo data seeded), each with its own DATA_DIR; stopped and dropped after the file.
 */
export function twoServersOnPostgres() {
  const procs: ServerProcess[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const p of procs) p.child.kill('SIGTERM');
    await Promise.all(procs.map((p) => p.exited));
    await drop?.();
  });
  return async () => {
    const database = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!);
    drop = database.drop;
    const env = { DATABASE_URL: database.url, PORTAL_SEED_DEMO: '1' };
    for (let i = 0; i < 2; i++) procs.push(await spawnServer({ ...env, DATA_DIR: tempDir() }));
    return [procs[0]!, procs[1]!] as const;
  };
}

/** A demo user's access token from the server at `baseUrl` (tokens are valid on every server). */
export async function tokenFor(baseUrl: string, username: string): Promise<string> {
  const res = await makeApi(baseUrl)('POST', '/api/auth/jwt/login/', { body: { username, password: DEMO_PASSWORD } });
  return res.body.access as string;
}
