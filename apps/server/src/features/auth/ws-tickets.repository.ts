import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { WS_TICKET_TTL_SECONDS, wsTicketDigest as digest, WS_TICKET_PREFIX as PREFIX } from './ws-tickets.js';

/**
 * A single-use ticket for opening a websocket, bound to the caller's session: the web
 * client puts this in the URL instead of its access token. Only its hash is stored.
 */
export async function issueWsTicket(db: Database, userId: number, sessionId: string): Promise<string> {
  const ticket = PREFIX + crypto.randomBytes(32).toString('base64url');
  await db
    .insertInto('ws_tickets')
    .values({
      id: digest(ticket),
      user_id: userId,
      session_id: sessionId,
      expires_at: new Date(Date.now() + WS_TICKET_TTL_SECONDS * 1000),
    })
    .execute();
  // Spent and expired tickets are never read again.
  await db
    .deleteFrom('ws_tickets')
    .where('expires_at', '<', sql<Date>`now() - interval '1 hour'`)
    .execute();
  return ticket;
}

/** Spends a ticket (atomically: a second use finds it used). */
export async function redeemWsTicket(db: Database, ticket: string) {
  return db
    .updateTable('ws_tickets')
    .set({ used_at: sql`now()` })
    .where('id', '=', digest(ticket))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'session_id'])
    .executeTakeFirst();
}
