/**
 * Restore of portal backups into fresh embedded directories: a backup made by the schema of
 * an earlier version (the fixture) upgrades with every row, file byte and chain link, and a
 * truncated, corrupted, foreign or too-new file, or a target that holds a portal, is refused
 * with one clear line and leaves the target as it was.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { MIGRATION_NAMES, migrateToLatest } from '../../src/db/migrate.js';
import { createBackup, restoreBackup, BackupError } from '../../src/lib/backup/index.js';
import { verifyChain } from '../../src/features/event-logs/index.js';
import { tempDir } from '../harness.js';
import { FIXTURE, FIXTURE_FILE, FIXTURE_ROWS, OLD_SCHEMA } from '../fixtures/make-old-backup.js';

const dirs: string[] = [];
const fresh = () => {
  const d = tempDir('portal-restore-');
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function withEmbedded<T>(dataDir: string, fn: (h: DatabaseHandle) => Promise<T>): Promise<T> {
  const h = await openDatabase({ dataDir, poolSize: 1 });
  try {
    return await fn(h);
  } finally {
    await h.close();
  }
}

const restoreInto = (dataDir: string, file: string, force = false) =>
  withEmbedded(dataDir, (h) => restoreBackup(h.pool, file, { force, verifyEventLog: (db) => verifyChain(db) }));

/** Every table's rows, as text: the "unchanged" a refused restore must leave. */
async function snapshotOf(dataDir: string): Promise<string> {
  return withEmbedded(dataDir, async (h) => {
    const { rows: tables } = await h.pool.query<{ t: string }>(
      `select tablename as t from pg_tables where schemaname = 'public' order by 1`,
    );
    const parts: string[] = [];
    for (const { t } of tables) {
      const { rows } = await h.pool.query(`select row_to_json(x)::text as j from "${t}" x order by 1`);
      parts.push(`${t}:${rows.map((r) => r.j).join('\n')}`);
    }
    return parts.join('\n---\n');
  });
}

describe('restoring a backup made by an earlier schema', () => {
  it('upgrades it to the latest schema with every row, the file byte-exact and the chain intact', async () => {
    const dir = fresh();
    const report = await restoreInto(dir, FIXTURE);
    expect(report.manifest.schema_version).toBe(OLD_SCHEMA);
    expect(report.upgraded).toEqual(MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf(OLD_SCHEMA) + 1));

    await withEmbedded(dir, async ({ pool, db }) => {
      const { rows: applied } = await pool.query(`select name from portal_migrations order by name`);
      expect(applied.map((r) => r.name)).toEqual(MIGRATION_NAMES);
      const { rows: users } = await pool.query(
        `select id, username, first_name, last_name, user_type from users order by id`,
      );
      expect(users).toEqual(FIXTURE_ROWS.users);
      const { rows: tickets } = await pool.query(`select id, subject, description, created_at from tickets`);
      expect(tickets).toEqual([{ ...FIXTURE_ROWS.ticket, created_at: new Date('2026-02-01T09:30:00.123Z') }]);
      // Microseconds survive too (a Date keeps milliseconds only).
      const { rows: micro } = await pool.query(
        `select to_char(created_at at time zone 'UTC', 'US') as us from tickets`,
      );
      expect(micro[0].us).toBe('123456');
      const { rows: files } = await pool.query(
        `select f.data from ticket_attachments a join files f on f.id = a.file_id where a.ticket_id = 1`,
      );
      expect(Buffer.compare(files[0].data, FIXTURE_FILE)).toBe(0);
      const { rows: leaves } = await pool.query(`select id, start_date, end_date, days, half_day from leave_requests`);
      expect(leaves).toEqual([FIXTURE_ROWS.leave]);
      const { rows: secret } = await pool.query(`select value from portal_settings where key = 'jwt_secret'`);
      expect(secret[0].value).toBe('fixture-signing-secret-0017');
      const chain = await verifyChain(db);
      expect(chain).toEqual({ checked: FIXTURE_ROWS.events, broken: null });
      // New rows continue after the restored ids (sequences were moved past them).
      const { rows: next } = await pool.query(
        `insert into users (username, email, password_hash, user_type) values ('new', 'new@portal.local', 'x', 'IT') returning id`,
      );
      expect(next[0].id).toBe(3);
    });
  });
});

describe('a restore that must not happen changes nothing', () => {
  let good: string;
  let target: string;
  let before: string;
  const work = fresh();

  beforeAll(async () => {
    // A current-schema backup to damage, and a target holding a portal of its own.
    good = path.join(work, 'good.portal.gz');
    const source = fresh();
    await restoreInto(source, FIXTURE);
    await withEmbedded(source, (h) => createBackup(h.db, { to: good }));
    target = fresh();
    await withEmbedded(target, async (h) => {
      await migrateToLatest(h.db);
      await h.pool.query(
        `insert into users (username, email, password_hash, user_type) values ('keeper', 'k@portal.local', 'x', 'ADMIN')`,
      );
    });
    before = await snapshotOf(target);
  });

  const refused = async (file: string, pattern: RegExp) => {
    const err = await restoreInto(target, file).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(BackupError);
    const message = (err as Error).message;
    expect(message).toMatch(pattern);
    expect(message.split('\n')).toHaveLength(1);
    expect(await snapshotOf(target)).toBe(before);
  };

  const gunzipped = () => zlib.gunzipSync(fs.readFileSync(good));
  const write = (name: string, data: Buffer) => {
    const file = path.join(work, name);
    fs.writeFileSync(file, data);
    return file;
  };

  it('a truncated file', async () => {
    const bytes = fs.readFileSync(good);
    await refused(write('cut.portal.gz', bytes.subarray(0, Math.floor(bytes.length * 0.6))), /truncated/);
    // Cut at a line boundary and compressed whole: no trailer.
    const lines = gunzipped().toString('utf8').split('\n');
    const cut = Buffer.from(lines.slice(0, lines.length - 5).join('\n') + '\n');
    await refused(write('cut-lines.portal.gz', zlib.gzipSync(cut)), /truncated/);
  });

  it('a flipped byte, in the compressed stream or in the content', async () => {
    const bytes = Buffer.from(fs.readFileSync(good));
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    await refused(write('flip.portal.gz', bytes), /corrupted|truncated/);
    const text = gunzipped();
    const at = text.indexOf('Printer on floor 2');
    text[at] = 'p'.charCodeAt(0);
    await refused(write('flip-content.portal.gz', zlib.gzipSync(text)), /corrupted: its checksum/);
  });

  it('a foreign file: a PNG, a random gzip, a gzip of other JSON', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    await refused(write('image.png', png), /not a portal backup/);
    await refused(
      write('random.gz', zlib.gzipSync(Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 31) % 251)))),
      /not a portal backup/,
    );
    await refused(
      write('other.json.gz', zlib.gzipSync(Buffer.from('{"name":"something else"}\n'))),
      /not a portal backup/,
    );
    await refused(write('empty.portal.gz', Buffer.alloc(0)), /empty/);
  });

  it('a backup from a newer schema than the code knows', async () => {
    // A newer portal's backup: its schema names a migration this code lacks (checksum made to match).
    const lines = gunzipped().toString('utf8').trimEnd().split('\n');
    const latest = MIGRATION_NAMES.at(-1)!;
    const newer = lines.map((l) =>
      l.split(`"schema_version":"${latest}"`).join('"schema_version":"0099-from-the-future"'),
    );
    const body = newer
      .slice(0, -1)
      .map((l) => `${l}\n`)
      .join('');
    const trailer = JSON.parse(newer.at(-1)!);
    trailer.sha256 = (await import('node:crypto')).createHash('sha256').update(body).digest('hex');
    const file = write('newer.portal.gz', zlib.gzipSync(`${body}${JSON.stringify(trailer)}\n`));
    await refused(file, /newer than this portal/);
  });

  it('a target that holds a portal, without --force; with it, the backup replaces it', async () => {
    await refused(good, /already holds a portal.*--force/);
    const report = await restoreInto(target, good, true);
    expect(report.upgraded).toEqual([]);
    await withEmbedded(target, async ({ pool }) => {
      const { rows } = await pool.query(`select username from users order by id`);
      expect(rows.map((r) => r.username)).toEqual(FIXTURE_ROWS.users.map((u) => u.username));
    });
  });
});
