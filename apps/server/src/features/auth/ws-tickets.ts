import crypto from 'node:crypto';

export const WS_TICKET_TTL_SECONDS = 60;
export const WS_TICKET_PREFIX = 'wst_';

/** Only this is stored: a leaked table holds no usable ticket. */
export const wsTicketDigest = (ticket: string) => crypto.createHash('sha256').update(ticket).digest('hex');

/** A websocket `?token=` that is a single-use ticket rather than an access token. */
export const isWsTicket = (token: string) => token.startsWith(WS_TICKET_PREFIX);
