// The notifications feature's public surface: other features notify through this.
import type { ServerFeature } from '../../lib/feature.js';
import { notificationsRoutes } from './notifications.routes.js';
import { purgeOldNotifications } from './notifications.service.js';
export { notify, type NewNotification } from './notify.js';

export const notificationsFeature: ServerFeature = {
  name: 'notifications',
  routes: [notificationsRoutes],
  jobs: (ctx) => [
    {
      name: 'notifications.retention',
      everyMs: 6 * 3600_000,
      run: (db) => purgeOldNotifications(db, ctx.config.NOTIFICATION_RETENTION_DAYS),
    },
  ],
  eventLogActions: ['notification.announced'],
};
