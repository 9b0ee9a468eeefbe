import { z } from 'zod';
import { ZUserType } from '../users/user-types.js';

export const ZNotification = z
  .object({
    id: z.number().int(),
    message: z.string(),
    url: z.string(),
    timestamp: z.string(),
    is_read: z.boolean(),
    notification_level: z.array(z.string()),
  })
  .meta({ id: 'Notification' });
export type TNotification = z.infer<typeof ZNotification>;

export const NOTIFICATION_PAGE_SIZE = 10;
export const ZNotificationPageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export const ZNotificationPage = z.object({ results: z.array(ZNotification), next: z.string().nullable() });
export type TNotificationPage = z.infer<typeof ZNotificationPage>;

export const ZMarkReadRequest = z.object({ data: z.array(z.number().int().positive()).max(500) });
export type TMarkReadRequest = z.infer<typeof ZMarkReadRequest>;
export const ZMarkReadResponse = z.array(ZNotification);

export const ZUnreadCount = z.object({ count: z.number().int() });

/** A url inside the portal ("/ticket/12") or an http(s) link. */
const ZLink = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (u) => u === '' || /^\/(?!\/)/.test(u) || /^https?:\/\//.test(u),
    'Enter a portal path (/…) or an http(s) link.',
  );

export const ZAnnouncementRequest = z.object({
  message: z.string().trim().min(1, 'Write a message.').max(1000),
  url: ZLink.default(''),
  levels: z.array(ZUserType).min(1, 'Choose at least one user type.'),
});
export type TAnnouncementRequest = z.input<typeof ZAnnouncementRequest>;
