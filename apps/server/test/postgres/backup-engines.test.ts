/**
 * The office that outgrows one machine: an embedded backup restores into PostgreSQL, and a
 * PostgreSQL backup into the embedded database, with every row the same (a backup of the
 * restored database holds the very same row lines), files byte-exact, the chain intact and
 * the signing key where the target engine keeps it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { createBackup, restoreBackup } from '../../src/lib/backup/index.js';
import { verifyChain } from '../../src/features/event-logs/index.js';
import { factories, TINY_PNG } from '../factories.js';
import { freshPostgresDatabase, startTestServer, tempDir } from '../harness.js';
import { FIXTURE } from '../fixtures/make-old-backup.js';

const adminUrl = process.env.TEST_DATABASE_URL!;
const work = tempDir('portal-backup-pg-');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  fs.rmSync(work, { recursive: true, force: true });
});

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
const pdf = (size: number) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(size), Buffer.from('\n%%EOF\n')]);

/** Each table's row lines in a backup file (settings aside: the signing key moves between them). */
function rowsOf(file: string): Map<string, string[]> {
  const tables = new Map<string, string[]>();
  let current: string[] = [];
  for (const line of zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n')) {
    if (line.startsWith('{"t":"table"')) {
      const name = JSON.parse(line).name as string;
      current = [];
      if (name !== 'portal_settings') tables.set(name, current);
    } else if (line.startsWith('{"r":')) current.push(line);
  }
  return tables;
}

async function open(kind: 'embedded' | 'postgres', place: string): Promise<DatabaseHandle> {
  const h = await openDatabase(
    kind === 'postgres' ? { databaseUrl: place, dataDir: work, poolSize: 2 } : { dataDir: place, poolSize: 1 },
  );
  cleanups.push(() => h.close());
  return h;
}

async function fileHashes(h: DatabaseHandle) {
  const { rows } = await h.pool.query(`select id, encode(sha256(data), 'hex') as sha from files order by id`);
  return rows;
}

describe('moving between the embedded database and PostgreSQL', () => {
  it('an embedded backup restores into PostgreSQL', async () => {
    // An embedded portal with history (the old fixture, upgraded) and new rows beside it.
    const dataDir = path.join(work, 'embedded-source');
    const source = await open('embedded', dataDir);
    await restoreBackup(source.pool, FIXTURE, { target: { kind: 'embedded', dataDir } });
    const f = factories(source.db);
    const owner = await f.user({ user_type: 'HR', first_name: 'ريم' });
    const attachment = pdf(40_000);
    await f.ticket({ owner, files: [{ filename: 'scan.pdf', data: attachment }] });
    await f.ocrJob({ owner, texts: ['Contract 7'] });
    const agent = await f.agent({ user: owner });
    await f.telemetry({ samples: [{ agent, at: Date.UTC(2026, 10, 20, 8), kind: 'network', data: { rx: 12.5 } }] });
    const key = fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8');
    const from = path.join(work, 'embedded.portal.gz');
    const manifest = await createBackup(source.db, { to: from, dataDir });
    expect(manifest.database_kind).toBe('embedded');

    const database = await freshPostgresDatabase(adminUrl);
    cleanups.push(() => database.drop());
    const target = await open('postgres', database.url);
    await restoreBackup(target.pool, from, { target: { kind: 'postgres' }, verifyEventLog: (db) => verifyChain(db) });

    expect(await fileHashes(target)).toEqual(await fileHashes(source));
    expect((await fileHashes(target)).map((r) => r.sha)).toContain(sha(attachment));
    expect(await verifyChain(target.db)).toEqual({ checked: manifest.row_counts.event_logs, broken: null });
    const { rows } = await target.pool.query(`select value from portal_settings where key = 'jwt_secret'`);
    expect(rows[0].value).toBe(key);
    const again = path.join(work, 'from-postgres-again.portal.gz');
    await createBackup(target.db, { to: again });
    expect(rowsOf(again)).toEqual(rowsOf(from));
  });

  it('a PostgreSQL backup restores into the embedded database', async () => {
    const s = await startTestServer(); // on PostgreSQL (TEST_DATABASE_URL), demo seeded
    cleanups.push(() => s.stop());
    const f = factories(s.database.db);
    const owner = await f.user({ user_type: 'IT' });
    await f.ticket({ owner, files: [{ filename: 'dot.png', data: TINY_PNG }] });
    await f.leave({ user: owner, start_date: '2026-12-01', end_date: '2026-12-03', days: 3 });
    const from = path.join(work, 'postgres.portal.gz');
    const manifest = await createBackup(s.database.db, { to: from });
    expect(manifest.database_kind).toBe('postgres');
    const { rows: key } = await s.database.pool.query(`select value from portal_settings where key = 'jwt_secret'`);

    const dataDir = path.join(work, 'embedded-target');
    const target = await open('embedded', dataDir);
    await restoreBackup(target.pool, from, {
      target: { kind: 'embedded', dataDir },
      verifyEventLog: (db) => verifyChain(db),
    });
    expect(await fileHashes(target)).toEqual(await fileHashes(s.database));
    expect(await verifyChain(target.db)).toEqual({ checked: manifest.row_counts.event_logs, broken: null });
    expect(fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(key[0].value);
    const again = path.join(work, 'from-embedded-again.portal.gz');
    await createBackup(target.db, { to: again });
    expect(rowsOf(again)).toEqual(rowsOf(from));
  });

  it('never drops the tables of a database that is not a portal’s (unless --force)', async () => {
    const database = await freshPostgresDatabase(adminUrl);
    cleanups.push(() => database.drop());
    const target = await open('postgres', database.url);
    await target.pool.query(
      `create table customers (id int primary key, name text); insert into customers values (1, 'Acme')`,
    );
    const err = await restoreBackup(target.pool, FIXTURE, { target: { kind: 'postgres' } }).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toMatch(/tables that are not a portal's.*--force/);
    const { rows } = await target.pool.query(`select name from customers`);
    expect(rows).toEqual([{ name: 'Acme' }]);
  });
});
