/**
 * Scheduled backups with two servers on one PostgreSQL: both declare the same schedule
 * (every minute here) and both work the queue, each into its own BACKUP_DIR; every run is
 * made once, by one of them. Runs in the PostgreSQL pass only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { eventLogEndpoints as E, type TEventLog } from '@portal/contracts';
import { call } from '../client.js';
import { freshPostgresDatabase, makeApi, tempDir } from '../harness.js';
import { spawnServer, type ServerProcess } from '../processes.js';
import { tokenFor } from './two-servers.js';

const running: ServerProcess[] = [];
let drop: (() => Promise<void>) | undefined;
afterAll(async () => {
  for (const p of running) p.child.kill('SIGTERM');
  await Promise.all(running.map((p) => p.exited));
  await drop?.();
});

describe('scheduled backups on two servers', () => {
  it('makes each scheduled run once, on one server or the other', { timeout: 480_000 }, async () => {
    const database = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!);
    drop = database.drop;
    const dirs = [tempDir('portal-backups-a-'), tempDir('portal-backups-b-')];
    for (const dir of dirs) {
      running.push(
        await spawnServer({
          DATABASE_URL: database.url,
          PORTAL_SEED_DEMO: '1',
          DATA_DIR: tempDir(),
          BACKUP_DIR: dir,
          BACKUP_SCHEDULE: '* * * * *',
          BACKUP_KEEP: '100',
        }),
      );
    }
    const api = makeApi(running[0]!.url);
    const token = await tokenFor(running[0]!.url, 'admin');

    // Two runs made: by then both servers were up for the whole first run.
    const rows = await vi.waitFor(
      async () => {
        const res = await call(api, E.listEventLogs, { token, query: { action: 'backup.created', limit: 200 } });
        expect(res.status).toBe(200);
        expect(res.body.results.length).toBeGreaterThanOrEqual(2);
        return res.body.results;
      },
      { timeout: 420_000, interval: 500 },
    );
    const runs = rows.map((r: TEventLog) => r.details as { filename: string; scheduled_for: string });
    // One backup per scheduled time: had each server run the schedule itself, each time would have two.
    const times = runs.map((r) => r.scheduled_for);
    expect(times.every((t) => typeof t === 'string' && new Date(t).getUTCSeconds() === 0)).toBe(true);
    expect(new Set(times).size).toBe(times.length);
    // Each is a file in exactly one server's folder.
    for (const { filename } of runs) {
      const where = dirs.filter((dir) => fs.existsSync(path.join(dir, filename)));
      expect(where, filename).toHaveLength(1);
    }
    const failed = await call(api, E.listEventLogs, { token, query: { action: 'backup.failed' } });
    expect(failed.body.results).toEqual([]);
  });
});
