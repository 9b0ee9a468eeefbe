/**
 * Test-only SQL: moves stored instants that the application only ever writes as "now"
 * (a ticket's opening and first reply, a share call's request and start, the last sign
 * of life of a share connection), so rules that look at elapsed time (SLA, reopening,
 * summaries of a past month, the share sweep) can be tested without waiting. Nothing in
 * src/ may import this file; factories use it, and tests that time-travel a record call it.
 */
import { sql } from 'kysely';
import type { Database } from '../src/db/database.js';

/** The database clock moved by `seconds` (negative: the past), as one SQL value. */
const fromNow = (seconds: number) => sql<Date>`now() + make_interval(secs => ${seconds})`;

export interface TicketTimes {
  created_at?: Date;
  updated_at?: Date;
  first_response_at?: Date | null;
  waiting_since?: Date | null;
  closed_at?: Date | null;
}

/** Sets a ticket's clock columns to these instants (the others stay). */
export async function setTicketTimes(db: Database, id: number, times: TicketTimes): Promise<void> {
  if (Object.keys(times).length === 0) return;
  await db.updateTable('tickets').set(times).where('id', '=', id).execute();
}

/** Sets a share call's request and start to this many seconds from now on the database clock (negative: ago). */
export async function setShareCallTimes(
  db: Database,
  id: number,
  secondsFromNow: { requested_at?: number; started_at?: number },
): Promise<void> {
  const set: { requested_at?: ReturnType<typeof fromNow>; started_at?: ReturnType<typeof fromNow> } = {};
  if (secondsFromNow.requested_at !== undefined) set.requested_at = fromNow(secondsFromNow.requested_at);
  if (secondsFromNow.started_at !== undefined) set.started_at = fromNow(secondsFromNow.started_at);
  if (Object.keys(set).length === 0) return;
  await db.updateTable('share_calls').set(set).where('id', '=', id).execute();
}

/** A share connection last vouched for `seconds` from now on the database clock (negative: ago). */
export async function setEndpointSeen(db: Database, id: string, seconds: number): Promise<void> {
  await db
    .updateTable('share_endpoints')
    .set({ seen_at: fromNow(seconds) })
    .where('id', '=', id)
    .execute();
}

/** An OCR job's retention ending this many seconds from now on the database clock (negative: already over). */
export async function setOcrJobExpiry(db: Database, id: number, secondsFromNow: number): Promise<void> {
  await db
    .updateTable('ocr_jobs')
    .set({ expires_at: fromNow(secondsFromNow) })
    .where('id', '=', id)
    .execute();
}

/**
 * A monitoring agent last heard from `seconds` from now on the database clock (negative:
 * ago), its state's period begun `sinceSeconds` from now: an agent gone silent that long.
 */
export async function setAgentSeen(db: Database, agentId: number, seconds: number, sinceSeconds = seconds) {
  await db
    .updateTable('it_agents')
    .set({ last_seen_at: fromNow(seconds), state_since: fromNow(sinceSeconds) })
    .where('id', '=', agentId)
    .execute();
}

/** Moves the last sign of life of a user's open presence session to `seconds` from now (negative: ago). */
export async function setPresenceSeen(db: Database, userId: number, seconds: number) {
  await db
    .updateTable('presence_sessions')
    .set({ last_seen_at: fromNow(seconds) })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute();
}
