import { z } from 'zod';
import { ZBodyId, ZText } from '../common/text.js';
import { ZUserType } from '../users/user-types.js';
import { schemaMessage } from '../common/messages.js';

/**
 * Spec §3's notification, plus what it says by code: `kind` and `params` (see
 * `notification-kinds.ts`), which clients render in their reader's language. `message` is
 * the same in English, for clients that do not read kinds; a kind a client does not know
 * (a newer server's) is shown by its `message`.
 */
export const ZNotification = z
  .object({
    id: z.number().int(),
    message: ZText,
    url: ZText,
    timestamp: ZText,
    is_read: z.boolean(),
    notification_level: z.array(ZText),
    kind: ZText,
    params: z.record(ZText, z.unknown()),
  })
  .meta({ id: 'Notification' });
export type TNotification = z.infer<typeof ZNotification>;

export const NOTIFICATION_PAGE_SIZE = 10;
export const ZNotificationPageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export const ZNotificationPage = z.object({ results: z.array(ZNotification), next: ZText.nullable() });
export type TNotificationPage = z.infer<typeof ZNotificationPage>;

export const ZMarkReadRequest = z.object({ data: z.array(ZBodyId).max(500) });
export type TMarkReadRequest = z.infer<typeof ZMarkReadRequest>;
export const ZMarkReadResponse = z.array(ZNotification);

export const ZUnreadCount = z.object({ count: z.number().int() });

const ORIGIN = 'http://portal.invalid';
const LINK_RULE = schemaMessage('portalPath');

/** A portal path as typed, or as normalised: starts with one `/`, no backslash, space or control character. */
const isPortalPath = (u: string) => /^\/(?![/\\])/.test(u) && !/[\\\s\u0000-\u001f\u007f]/.test(u);

/**
 * A link inside the portal ("/ticket/12"), normalised: a same-origin path only. Refuses
 * other sites, protocol-relative tricks (`//evil`, `/\evil`), backslashes, spaces and
 * control characters (an announcement must not send staff elsewhere). The rule is checked
 * on the text as typed and again on its normal form (`/..//evil` normalises to `//evil`),
 * so what passes is a path that parses to itself.
 */
const ZLink = ZText.trim()
  .max(2048)
  .transform((u, ctx) => {
    if (u === '') return u;
    if (isPortalPath(u)) {
      const url = new URL(u, ORIGIN);
      const normal = url.pathname + url.search + url.hash;
      if (url.origin === ORIGIN && isPortalPath(normal)) return normal;
    }
    ctx.addIssue({ code: 'custom', message: LINK_RULE });
    return z.NEVER;
  });

export const ZAnnouncementRequest = z.object({
  message: ZText.trim().min(1, schemaMessage('announcementMissing')).max(1000),
  url: ZLink.default(''),
  levels: z.array(ZUserType).min(1, schemaMessage('chooseLevels')),
});
export type TAnnouncementRequest = z.input<typeof ZAnnouncementRequest>;
/** An announcement as validated (the link normalised): what the server acts on. */
export type TAnnouncement = z.output<typeof ZAnnouncementRequest>;
