// The notifications feature's public surface. The bell itself is lazy-loaded by
// app/layout/app-header.tsx from components/ (it stays out of the login page's JS).
export { notificationsSlice, selectNotificationsMuted, type NotificationsState } from './notifications.slice';
export { registerNotificationListeners } from './notifications.listeners';
