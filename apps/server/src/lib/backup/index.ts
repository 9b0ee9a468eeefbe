/**
 * Backup and restore of the whole portal (decision 0024): one portable file for the
 * embedded database and PostgreSQL alike. The CLI and the scheduled backups use this API.
 */
export { createBackup, type CreateBackupOptions } from './create-backup.js';
export {
  BACKUP_EXTENSION,
  BACKUP_FORMAT_VERSION,
  BackupError,
  type BackupHeader,
  type BackupManifest,
} from './backup-format.js';
export { checkRestorable, restoreBackup, type RestoreOptions, type RestoreReport } from './restore-backup.js';
export { verifyBackup, type VerifiedBackup } from './read-backup.js';
