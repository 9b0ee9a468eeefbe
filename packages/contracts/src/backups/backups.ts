/**
 * Scheduled backups (the server writes them into BACKUP_DIR on BACKUP_SCHEDULE): why one
 * failed, as a code each reader's language names (the event log's `reason`, and which
 * notification the ADMIN users get).
 */
export const BACKUP_FAILURES = [
  /** The disk holding the backup folder is full (or over its quota). */
  'disk_full',
  /** The backup folder cannot be made or written (a read-only disk, no permission, not a folder). */
  'folder_not_writable',
  /** Anything else: reading the database, compressing; the event log's `error` says what. */
  'backup_error',
] as const;
export type TBackupFailure = (typeof BACKUP_FAILURES)[number];
