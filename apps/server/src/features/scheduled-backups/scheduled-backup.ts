import fs from 'node:fs/promises';
import path from 'node:path';
import cronParser from 'cron-parser';
import type { TBackupFailure, TNotificationKind } from '@portal/contracts';
import type { AuditSource } from '../../lib/actor.js';
import { createBackup } from '../../lib/backup/index.js';
import type { AppContext } from '../../lib/context.js';
import { recordBackup } from '../../lib/metrics.js';
import { withTx } from '../../lib/tx.js';
import { recordEvent } from '../event-logs/index.js';
import { notify } from '../notifications/index.js';
import {
  backupFailure,
  backupFileName,
  errorText,
  nextBackupName,
  pruneBackups,
  removeStalePartials,
} from './backup-files.js';

/** The pg-boss queue of scheduled backups (one schedule in the database, whichever servers declare it). */
export const BACKUP_QUEUE = 'scheduled-backup';

/** A backup job's data: `scheduled` when pg-boss's schedule sent it (else it was sent by hand). */
export interface BackupJob {
  scheduled?: boolean;
}

/** The server itself, in the event log. */
const BACKUP_SOURCE: AuditSource = { actorId: null, actorUsername: 'system', ip: '', userAgent: 'scheduled backup' };

/** What the ADMIN users are told, by why it failed. */
const FAILURE_KINDS = {
  disk_full: 'backupFailedDiskFull',
  folder_not_writable: 'backupFailedFolder',
  backup_error: 'backupFailed',
} as const satisfies Record<TBackupFailure, TNotificationKind>;

interface Log {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/**
 * With BACKUP_DIR set: declares the backup queue (worked by this server when its role works
 * queues, into its own BACKUP_DIR) and its schedule, BACKUP_SCHEDULE on TIME_ZONE's clock.
 * pg-boss keeps the schedule in the database and sends each run's job once, so a backup is
 * made once per run however many servers declare it. A server without BACKUP_DIR neither
 * declares nor works it.
 */
export function defineScheduledBackups(ctx: AppContext, log: Log): void {
  if (!ctx.config.BACKUP_DIR) return;
  ctx.queue.define<BackupJob>({
    name: BACKUP_QUEUE,
    // Only when the outcome could not be recorded (the database away) or the process died:
    // a failed backup is recorded and told, and the next run tries again.
    retryLimit: 2,
    retryDelay: 60,
    // Longer than any backup takes; a job still running then is handed to another attempt.
    expireInSeconds: 6 * 3600,
    concurrency: 1,
    handler: async (job) => void (await runScheduledBackup(ctx, job.data, log)),
  });
  ctx.queue.schedule<BackupJob>(BACKUP_QUEUE, ctx.config.BACKUP_SCHEDULE, ctx.config.TIME_ZONE, { scheduled: true });
}

/** The latest time the schedule names at or before `at` (the run a scheduled job is for). */
export function scheduledTime(cron: string, timeZone: string, at: Date): Date {
  return cronParser
    .parseExpression(cron, { tz: timeZone, currentDate: new Date(at.getTime() + 1000) })
    .prev()
    .toDate();
}

export type BackupOutcome =
  | { ok: true; filename: string; size: number; rows: number; removed: string[] }
  | { ok: false; filename: string; reason: TBackupFailure; error: string };

/** Writes the backup and prunes the folder; never throws (a failure is an outcome). */
async function writeBackup(ctx: AppContext, dir: string, at: Date, log: Log): Promise<BackupOutcome> {
  let filename = backupFileName(at);
  try {
    filename = await nextBackupName(dir, at);
    // A killed process's partial file is never counted; clear it (never a running backup's).
    const stale = await removeStalePartials(dir, at);
    if (stale.length > 0) log.warn({ dir, removed: stale }, 'removed partial backup files left by an earlier run');
    const file = path.join(dir, filename);
    const manifest = await createBackup(ctx.db, {
      to: file,
      databaseKind: ctx.config.DATABASE_URL ? 'postgres' : 'embedded',
    });
    const { size } = await fs.stat(file);
    const rows = Object.values(manifest.row_counts).reduce((sum, n) => sum + n, 0);
    // Pruning counts only finished backups; one that cannot be removed is tried again next run.
    const removed = await pruneBackups(dir, ctx.config.BACKUP_KEEP).catch((err: unknown) => {
      log.warn({ err, dir }, 'could not remove older backups');
      return [];
    });
    return { ok: true, filename, size, rows, removed };
  } catch (err) {
    log.error({ err, dir }, 'scheduled backup failed');
    return { ok: false, filename, reason: backupFailure(err), error: errorText(err) };
  }
}

/**
 * One backup into BACKUP_DIR as `portal-YYYYMMDD-HHmmss.portal.gz` (UTC), then the folder
 * pruned to the newest BACKUP_KEEP. Every run is in the event log (`backup.created` with
 * its file, size and rows; `backup.failed` with why); a failed one tells every ADMIN, in
 * their language, and leaves no file counted as a backup.
 */
export async function runScheduledBackup(ctx: AppContext, job: BackupJob, log: Log): Promise<BackupOutcome> {
  const dir = path.resolve(ctx.config.BACKUP_DIR!);
  const at = new Date();
  const scheduled = job.scheduled
    ? { scheduled_for: scheduledTime(ctx.config.BACKUP_SCHEDULE, ctx.config.TIME_ZONE, at).toISOString() }
    : {};
  const outcome = await writeBackup(ctx, dir, at, log);
  recordBackup(outcome.ok ? 'success' : 'failure', outcome.ok ? outcome.size : undefined);
  await withTx(ctx, async (tx) => {
    if (outcome.ok) {
      const { filename, size, rows, removed } = outcome;
      await recordEvent(tx.db, BACKUP_SOURCE, {
        action: 'backup.created',
        details: { filename, size, rows, removed: removed.length, ...scheduled },
      });
      return;
    }
    await notify(tx, {
      kind: FAILURE_KINDS[outcome.reason],
      params: { at: at.toISOString() },
      url: '/eventlogs?action=backup.failed',
      levels: ['ADMIN'],
    });
    const { filename, reason, error } = outcome;
    await recordEvent(tx.db, BACKUP_SOURCE, {
      action: 'backup.failed',
      details: { filename, reason, error, ...scheduled },
    });
  });
  if (outcome.ok)
    log.info({ file: outcome.filename, bytes: outcome.size, rows: outcome.rows }, 'scheduled backup made');
  return outcome;
}
