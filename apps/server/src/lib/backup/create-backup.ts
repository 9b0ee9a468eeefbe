import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  ROW_PREFIX,
  currentPortalVersion,
  BackupError,
  EMBEDDED_SECRET_FILE,
  type BackupSecretLine,
  type BackupHeader,
  type BackupManifest,
  type BackupTableLine,
  type BackupTrailer,
} from './backup-format.js';
import {
  closeCursor,
  fetchRows,
  lastMigration,
  listTables,
  openRowCursor,
  serverVersion,
  useUtc,
} from './backup.repository.js';

/** Rows per FETCH: a stored file can be megabytes, so a batch stays a modest size in memory. */
const FETCH_ROWS = 200;

export interface CreateBackupOptions {
  /** The file to write; it appears only once complete. */
  to: string;
  /** Defaults to the version in package.json. */
  portalVersion?: string;
  /** Which engine this is (recorded in the manifest); guessed from the server's version string when absent. */
  databaseKind?: 'embedded' | 'postgres';
  /** The embedded DATA_DIR: its signing key (kept beside the data, not in it) goes into the backup. */
  dataDir?: string;
}

/**
 * Writes one consistent snapshot of every portal table to `opts.to`: all rows are read in
 * one REPEATABLE READ, READ ONLY transaction, so writes that go on meanwhile are either
 * wholly in the backup (committed before it began) or wholly out. The file is written
 * beside `to`, fsynced, then renamed into place: a failure (a full disk) leaves no file
 * at `to` and throws.
 *
 * On the embedded database the server has ONE connection: while the snapshot is read,
 * other queries wait for it (they are queued, not failed). Rows are read through a cursor
 * in batches, so memory stays bounded; the wait is the time to read the data once.
 */
export async function createBackup(db: Database, opts: CreateBackupOptions): Promise<BackupManifest> {
  const target = path.resolve(opts.to);
  const dir = path.dirname(target);
  const temp = path.join(
    dir,
    `.${path.basename(target)}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.partial`,
  );
  let secret: string | undefined;
  if (opts.dataDir) {
    try {
      secret = (await fs.promises.readFile(path.join(path.resolve(opts.dataDir), EMBEDDED_SECRET_FILE), 'utf8')).trim();
    } catch {
      secret = undefined; // JWT_SECRET given, or never started: nothing kept beside the data
    }
  }
  try {
    const manifest = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const kind = opts.databaseKind ?? (await guessKind(trx));
        return writeSnapshot(trx, temp, kind, opts.portalVersion ?? currentPortalVersion(), secret);
      });
    const fh = await fs.promises.open(temp, 'r');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
    await fs.promises.rename(temp, target);
    await syncDir(dir);
    return manifest;
  } catch (err) {
    await fs.promises.rm(temp, { force: true }).catch(() => undefined);
    if (err instanceof BackupError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOSPC' ? 'the disk is full' : err instanceof Error ? err.message : String(err);
    throw new BackupError(`backup to ${target} failed: ${why}`, { cause: err });
  }
}

async function guessKind(db: Kysely<any>): Promise<'embedded' | 'postgres'> {
  return /emscripten|wasm/i.test(await serverVersion(db)) ? 'embedded' : 'postgres';
}

async function writeSnapshot(
  trx: Kysely<any>,
  file: string,
  kind: 'embedded' | 'postgres',
  portalVersion: string,
  secret: string | undefined,
): Promise<BackupManifest> {
  await useUtc(trx);
  const schemaVersion = await lastMigration(trx);
  if (!schemaVersion) throw new BackupError('nothing to back up: the portal database has no schema (never migrated)');
  const tables = await listTables(trx);
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    format_version: BACKUP_FORMAT_VERSION,
    created_at: new Date().toISOString(),
    schema_version: schemaVersion,
    portal_version: portalVersion,
    database_kind: kind,
  };
  const manifest: BackupManifest = { ...header, row_counts: {}, event_log_head: null };
  const hash = crypto.createHash('sha256');

  async function* lines(): AsyncGenerator<Buffer> {
    const emit = (text: string) => {
      const buf = Buffer.from(`${text}\n`, 'utf8');
      hash.update(buf);
      return buf;
    };
    yield emit(JSON.stringify({ t: 'header', ...header }));
    if (secret) {
      const line: BackupSecretLine = { t: 'secret', name: 'jwt_secret', value: secret };
      yield emit(JSON.stringify(line));
    }
    for (const [i, table] of tables.entries()) {
      const line: BackupTableLine = {
        t: 'table',
        name: table.name,
        columns: table.columns,
        ...(table.partitions ? { partitions: table.partitions } : {}),
      };
      yield emit(JSON.stringify(line));
      const cursor = `portal_backup_${i}`;
      await openRowCursor(trx, cursor, table);
      let count = 0;
      let last: string | undefined;
      for (;;) {
        const rows = await fetchRows(trx, cursor, FETCH_ROWS);
        if (rows.length === 0) break;
        count += rows.length;
        last = rows[rows.length - 1];
        yield Buffer.concat(rows.map((r) => emit(`${ROW_PREFIX}${r}}`)));
      }
      await closeCursor(trx, cursor);
      manifest.row_counts[table.name] = count;
      if (table.name === 'event_logs' && last) {
        const row = JSON.parse(last) as { id: number; hash: string };
        manifest.event_log_head = { id: Number(row.id), hash: row.hash };
      }
    }
    const trailer: BackupTrailer = { t: 'trailer', manifest, sha256: hash.digest('hex') };
    yield Buffer.from(`${JSON.stringify(trailer)}\n`, 'utf8');
  }

  await pipeline(Readable.from(lines()), zlib.createGzip({ level: 6 }), fs.createWriteStream(file, { flags: 'wx' }));
  return manifest;
}

async function syncDir(dir: string): Promise<void> {
  // A rename is durable once the directory is; some file systems refuse to fsync one.
  try {
    const fh = await fs.promises.open(dir, 'r');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch {
    /* best effort */
  }
}
