// Scheduled backups' public surface: the registration (BACKUP_DIR, BACKUP_SCHEDULE, BACKUP_KEEP).
import type { RoutesPlugin, ServerFeature } from '../../lib/feature.js';
import { defineScheduledBackups } from './scheduled-backup.js';
export { BACKUP_QUEUE, runScheduledBackup, type BackupJob, type BackupOutcome } from './scheduled-backup.js';

/** No routes: declares the backup queue and its schedule, as features declare their queue workers. */
const scheduledBackupsQueue: RoutesPlugin = async (app) => {
  defineScheduledBackups(app.ctx, app.log);
};

export const scheduledBackupsFeature: ServerFeature = {
  name: 'scheduled-backups',
  routes: [scheduledBackupsQueue],
  eventLogActions: ['backup.created', 'backup.failed'],
};
