import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001-users-and-sessions.js';
import * as m0002 from './migrations/0002-live-notifications-eventlogs.js';
import * as m0003 from './migrations/0003-tickets.js';
import * as m0004 from './migrations/0004-ticket-assignee.js';
import * as m0005 from './migrations/0005-rate-limits.js';
import * as m0006 from './migrations/0006-files-uploader.js';
import * as m0007 from './migrations/0007-help-desk.js';
import * as m0008 from './migrations/0008-leaves.js';
import * as m0009 from './migrations/0009-interpreters-presence.js';
import * as m0010 from './migrations/0010-wfm.js';
import * as m0011 from './migrations/0011-kpi-reports.js';
import * as m0012 from './migrations/0012-it-monitoring.js';
import * as m0013 from './migrations/0013-ocr.js';
import * as m0014 from './migrations/0014-share.js';
import * as m0015 from './migrations/0015-presence-future-times.js';
import * as m0016 from './migrations/0016-it-agent-daily-rows.js';
import * as m0017 from './migrations/0017-notification-kinds.js';
import * as m0018 from './migrations/0018-it-machine-status.js';
import * as m0019 from './migrations/0019-ocr-search-forms.js';
import * as m0020 from './migrations/0020-split-shifts.js';
import * as m0021 from './migrations/0021-arabic-names.js';
import * as m0022 from './migrations/0022-sign-in-challenges.js';
import * as m0023 from './migrations/0023-second-factor.js';
import * as m0024 from './migrations/0024-passkeys.js';
import * as m0025 from './migrations/0025-identity-mappings.js';

/** Numbered, forward-only; listed here so bundling and tests never scan the disk. */
const migrations: Record<string, Migration> = {
  '0001-users-and-sessions': m0001,
  '0002-live-notifications-eventlogs': m0002,
  '0003-tickets': m0003,
  '0004-ticket-assignee': m0004,
  '0005-rate-limits': m0005,
  '0006-files-uploader': m0006,
  '0007-help-desk': m0007,
  '0008-leaves': m0008,
  '0009-interpreters-presence': m0009,
  '0010-wfm': m0010,
  '0011-kpi-reports': m0011,
  '0012-it-monitoring': m0012,
  '0013-ocr': m0013,
  '0014-share': m0014,
  '0015-presence-future-times': m0015,
  '0016-it-agent-daily-rows': m0016,
  '0017-notification-kinds': m0017,
  '0018-it-machine-status': m0018,
  '0019-ocr-search-forms': m0019,
  '0020-split-shifts': m0020,
  '0021-arabic-names': m0021,
  '0022-sign-in-challenges': m0022,
  '0023-second-factor': m0023,
  '0024-passkeys': m0024,
  '0025-identity-mappings': m0025,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The migrations this code knows, oldest first. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations).sort();

export interface MigrateOptions {
  /**
   * The caller already holds a transaction on `db`'s one connection (a restore runs every
   * step in one): the migrator opens none of its own. So a migration never opens or commits
   * a transaction itself: it would commit the restore's half-way.
   */
  inOpenTransaction?: boolean;
}

const migrator = (db: Kysely<any>, opts: MigrateOptions = {}) =>
  new Migrator({
    db,
    provider,
    migrationTableName: 'portal_migrations',
    migrationLockTableName: 'portal_migrations_lock',
    disableTransactions: opts.inOpenTransaction ?? false,
  });

function applied({ error, results }: Awaited<ReturnType<Migrator['migrateToLatest']>>): string[] {
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function migrateToLatest(db: Kysely<any>, opts?: MigrateOptions): Promise<string[]> {
  return applied(await migrator(db, opts).migrateToLatest());
}

/** Up to and including `name`: a test of a migration's data conversion starts from the one before it. */
export async function migrateUpTo(db: Kysely<any>, name: string, opts?: MigrateOptions): Promise<string[]> {
  return applied(await migrator(db, opts).migrateTo(name));
}

/** Up to and including `name` (a restore rebuilds the schema its backup was written by). */
export const migrateTo = migrateUpTo;

/** The migrations not yet applied, oldest first (`migrate --dry-run`). */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const all = await migrator(db).getMigrations();
  return all.filter((m) => !m.executedAt).map((m) => m.name);
}
