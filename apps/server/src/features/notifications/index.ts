// The notifications feature's public surface: other features notify through this.
export { notify, type NewNotification } from './notify.js';
export { purgeOldNotifications } from './notifications.service.js';
export { notificationsRoutes } from './notifications.routes.js';
