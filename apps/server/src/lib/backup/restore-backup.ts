import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from '../../db/database.js';
import { MIGRATION_NAMES, migrateTo, migrateToLatest } from '../../db/migrate.js';
import fs from 'node:fs';
import path from 'node:path';
import { readSettings, writeSetting } from '../settings.repository.js';
import {
  BackupError,
  EMBEDDED_SECRET_FILE,
  SECRET_SETTING,
  type BackupManifest,
  type BackupTableLine,
} from './backup-format.js';
import {
  beginTransaction,
  commitTransaction,
  countRows,
  createPartitions,
  dropPortalTables,
  emptyTables,
  insertRows,
  lastMigration,
  listTables,
  onOneConnection,
  publicTableCount,
  resetSequences,
  rollbackTransaction,
  type TableInfo,
} from './backup.repository.js';
import { readBackup, verifyBackup, type VerifiedBackup } from './read-backup.js';

/** Rows per INSERT, and the JSON text per INSERT: whichever comes first. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

export interface RestoreOptions {
  /** Replace a target that already holds a portal (its accounts and event log). */
  force?: boolean;
  /**
   * Walks the restored event log's chain (features/event-logs `verifyChain`, which shared
   * code cannot import): the restore commits only when it holds and covers every row.
   */
  /**
   * The target's engine and, for the embedded one, its DATA_DIR: the signing key goes where
   * that engine keeps it (DATA_DIR/jwt-secret, or portal_settings on PostgreSQL).
   */
  target?: { kind: 'embedded'; dataDir: string } | { kind: 'postgres' };
  /** The file as `checkRestorable` found it (else it is checked here first). */
  verified?: VerifiedBackup;
  verifyEventLog?: (db: Database) => Promise<{ checked: number; broken: { id: number; reason: string } | null }>;
}

/**
 * Reads and checks the whole file (format, checksum, trailer, counts) and that this code
 * knows its schema: everything a restore checks before it opens the target.
 */
export async function checkRestorable(file: string): Promise<VerifiedBackup> {
  const verified = await verifyBackup(file);
  const version = verified.manifest.schema_version;
  if (!MIGRATION_NAMES.includes(version)) {
    throw new BackupError(
      `the backup's schema (${version}) is newer than this portal's (${MIGRATION_NAMES.at(-1)}): upgrade the portal, then restore`,
    );
  }
  return verified;
}

export interface RestoreReport {
  manifest: BackupManifest;
  /** The migrations applied after the rows were loaded (the backup's schema was older). */
  upgraded: string[];
}

/**
 * Restores a backup into the database behind `pool`, all or nothing:
 * 1. reads and checks the whole file (format, checksum, trailer, counts) before touching anything;
 * 2. refuses a backup whose schema this code does not know (a newer portal wrote it);
 * 3. refuses a target that holds a portal (accounts or event-log rows) unless `force`;
 * 4. in ONE transaction on one connection: drops the target's portal tables, migrates up to
 *    the backup's schema, loads the rows (json_populate_recordset: types exact), moves the
 *    sequences past them, checks the counts, migrates to the latest schema, checks that no
 *    table lost rows and that the event-log chain holds — and commits only then.
 *
 * On the embedded database, stop the server first (the CLI opens DATA_DIR itself, which the
 * lock refuses while a server runs); on PostgreSQL, stop the servers that use the database.
 */
export async function restoreBackup(pool: pg.Pool, file: string, opts: RestoreOptions = {}): Promise<RestoreReport> {
  const verified = opts.verified ?? (await checkRestorable(file));
  const { manifest } = verified;
  const client = await pool.connect();
  // One connection for the whole restore, so that one transaction spans the migrations too.
  const db = onOneConnection(client);
  let open = false;
  try {
    await beginTransaction(db);
    open = true;
    const present = await lastMigration(db);
    if (present) {
      const held = await countRows(db, ['users', 'event_logs']);
      const users = Math.max(0, held.get('users')!);
      const events = Math.max(0, held.get('event_logs')!);
      if ((users > 0 || events > 0) && !opts.force) {
        throw new BackupError(
          `the target already holds a portal (${users} accounts, ${events} event-log rows): restore into an empty DATA_DIR or database, or pass --force to replace it`,
        );
      }
    }
    if (!present && !opts.force && (await publicTableCount(db)) > 0) {
      throw new BackupError(
        "the target database holds tables that are not a portal's: restore into an empty database, or pass --force to drop them",
      );
    }
    await dropPortalTables(db);
    await migrateTo(db, manifest.schema_version, { inOpenTransaction: true });
    const targetTables = new Map((await listTables(db)).map((t) => [t.name, t]));
    checkSchema(verified.tables, targetTables, manifest.schema_version);
    for (const t of verified.tables) if (t.partitions?.length) await createPartitions(db, t.name, t.partitions);
    // The migrations seed some tables (leave types…); the backup brings those rows itself.
    await emptyTables(db, [...targetTables.keys()]);

    await loadRows(db, file);
    const loaded = await countRows(db, Object.keys(manifest.row_counts));
    for (const [name, n] of Object.entries(manifest.row_counts)) {
      if (loaded.get(name) !== n)
        throw new BackupError(`restore failed: table ${name} has ${loaded.get(name)} rows, the backup ${n}`);
    }

    const upgraded = await migrateToLatest(db, { inOpenTransaction: true });
    const after = await countRows(db, Object.keys(manifest.row_counts));
    for (const [name, n] of Object.entries(manifest.row_counts)) {
      const now = after.get(name)!;
      // A later migration may drop a table it replaces (-1); none may lose rows of one it keeps.
      if (now !== -1 && now < n) {
        throw new BackupError(
          `restore failed: upgrading to ${MIGRATION_NAMES.at(-1)} left ${now} of ${n} rows in ${name}`,
        );
      }
    }
    if (opts.verifyEventLog) {
      const report = await opts.verifyEventLog(db);
      if (report.broken) {
        throw new BackupError(
          `restore failed: the event log's chain breaks at row ${report.broken.id} (${report.broken.reason})`,
        );
      }
      const expected = manifest.row_counts.event_logs ?? 0;
      if (report.checked !== expected) {
        throw new BackupError(`restore failed: the event log holds ${report.checked} rows, the backup ${expected}`);
      }
    }
    // The signing key: the one the backup carries beside its data, else the one in its rows.
    const secret = verified.secret ?? (await readSettings(db, [SECRET_SETTING])).get(SECRET_SETTING);
    if (secret && opts.target?.kind === 'postgres') await writeSetting(db, SECRET_SETTING, secret);
    await commitTransaction(db);
    open = false;
    if (secret && opts.target?.kind === 'embedded') {
      const keyFile = path.join(path.resolve(opts.target.dataDir), EMBEDDED_SECRET_FILE);
      await fs.promises.writeFile(keyFile, secret, { mode: 0o600 });
    }
    return { manifest, upgraded };
  } catch (err) {
    if (open) await rollbackTransaction(db).catch(() => undefined);
    if (err instanceof BackupError) throw err;
    throw new BackupError(`restore failed, nothing was changed: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  } finally {
    await db.destroy().catch(() => undefined);
    client.release();
  }
}

function checkSchema(tables: BackupTableLine[], target: Map<string, TableInfo>, version: string) {
  for (const t of tables) {
    const have = target.get(t.name);
    if (!have) throw new BackupError(`the backup holds table ${t.name}, which schema ${version} does not have`);
    const want = t.columns.map((c) => c.name).join(',');
    const got = have.columns.map((c) => c.name).join(',');
    if ([...t.columns.map((c) => c.name)].sort().join(',') !== [...have.columns.map((c) => c.name)].sort().join(',')) {
      throw new BackupError(`table ${t.name} in the backup (${want}) does not match schema ${version} (${got})`);
    }
  }
}

/** Second pass over the (already verified) file: rows in batches, table by table. */
async function loadRows(db: Kysely<any>, file: string): Promise<void> {
  let table: TableInfo | undefined;
  let batch: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (table && batch.length) await insertRows(db, table, batch);
    batch = [];
    bytes = 0;
  };
  const done: TableInfo[] = [];
  // readBackup checks the checksum again at the trailer: a file changed since the first
  // pass fails here, inside the transaction, and nothing is kept.
  for await (const entry of readBackup(file)) {
    if (entry.kind === 'table') {
      await flush();
      table = { name: entry.table.name, columns: entry.table.columns, key: [] };
      done.push(table);
    } else if (entry.kind === 'row') {
      batch.push(entry.json);
      bytes += entry.json.length;
      if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) await flush();
    }
  }
  await flush();
  for (const t of done) await resetSequences(db, t);
}
