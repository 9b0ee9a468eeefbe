/**
 * Acknowledged writes survive a killed server on PostgreSQL too: 20 times, a server on
 * one database is SIGKILLed in the middle of a burst of writes, and the next one finds
 * every write the API acknowledged. (The embedded version: test/embedded/durability.test.ts.)
 * Runs in the PostgreSQL pass only (TEST_DATABASE_URL).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, tempDir } from '../harness.js';
import { sigkillRuns } from '../processes.js';

let drop: (() => Promise<void>) | undefined;
afterAll(async () => drop?.());

describe('SIGKILL on PostgreSQL', () => {
  it('keeps every acknowledged write across 20 SIGKILLs mid-burst', { timeout: 300_000 }, async () => {
    const database = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!);
    drop = database.drop;
    const { runs, lastExit } = await sigkillRuns(
      { DATABASE_URL: database.url, PORTAL_SEED_DEMO: '1', DATA_DIR: tempDir() },
      20,
    );
    expect(runs).toHaveLength(20);
    for (const [i, run] of runs.entries()) {
      expect(run.acknowledged, `run ${i}`).toBeGreaterThanOrEqual(8);
      expect(run.missing, `run ${i}`).toEqual([]);
    }
    expect(lastExit).toBe(0);
  });
});
