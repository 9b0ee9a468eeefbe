import { z } from 'zod';
import { ZCodedMessage } from '../common/errors.js';
import { messageText, type TMessage } from '../common/messages.js';
import { ZText } from '../common/text.js';
import { ZNotification } from '../notifications/notifications.js';

/** Spec §7: every server→client frame is `{"message": {"command": …, "data": …}}`. */
const frame = <C extends string, D extends z.ZodType>(command: C, data: D) =>
  z.object({ message: z.object({ command: z.literal(command), data }) });

export const ZWsNotification = frame('notification', z.union([ZNotification, z.array(ZNotification)]));
/** An error frame: `data` in English (spec §7), and the same message by code for clients that translate. */
export const ZWsError = z.object({
  message: z.object({
    command: z.literal('error'),
    data: ZText,
    code: ZText.optional(),
    params: ZCodedMessage.shape.params,
  }),
});
export type TWsError = z.infer<typeof ZWsError>;
/** The error frame saying `m`. */
export const errorFrame = (m: TMessage): TWsError => ({
  message: {
    command: 'error',
    data: messageText(m),
    code: m.code,
    ...(m.params ? { params: m.params as TWsError['message']['params'] } : {}),
  },
});
export const ZWsPong = frame('pong', z.null());
export const ZWsServerMessage = z.union([ZWsNotification, ZWsError, ZWsPong]);
export type TWsServerMessage = z.infer<typeof ZWsServerMessage>;

/** Client→server frames the gateway understands on every channel. */
export const ZWsClientMessage = z.object({ command: z.literal('ping') });
export type TWsClientMessage = z.infer<typeof ZWsClientMessage>;

export const ZWsTicketResponse = z.object({ ticket: ZText, expires_in: z.number().int() });
export type TWsTicketResponse = z.infer<typeof ZWsTicketResponse>;

/** Close codes: 4401 = not authenticated (or no longer), 4403 = not allowed on this channel. */
export const WS_CLOSE = { unauthorized: 4401, forbidden: 4403, goingAway: 1001, tooSlow: 1013, policy: 1008 } as const;
