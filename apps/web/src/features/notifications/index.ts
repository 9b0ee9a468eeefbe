// The notifications feature's public surface: its registration (data holder, listeners)
// for app/features.ts. The bell itself is lazy-loaded by
// app/layout/app-header.tsx from components/ (it stays out of the login page's JS).
import { type WebFeature } from '../../lib/feature';
import { registerNotificationListeners } from './notifications.listeners';
import { notificationsSlice } from './notifications.slice';
export { selectNotificationsMuted, type NotificationsState } from './notifications.slice';

export const notificationsFeature = {
  name: 'notifications',
  reducers: { notifications: notificationsSlice.reducer },
  listeners: registerNotificationListeners,
} satisfies WebFeature;
