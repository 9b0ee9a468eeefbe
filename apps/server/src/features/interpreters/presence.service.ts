import {
  fillMessage,
  type TPresenceEvent,
  type TPresenceEventsResult,
  type TPresenceHeartbeatResult,
} from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import type { AppContext } from '../../lib/context.js';
import { withTx, type Tx } from '../../lib/tx.js';
import { notify } from '../notifications/index.js';
import { DEMO_CAST, DEMO_FEED_SENDER, localHour, planDemoFeed, type DemoFeedPlan } from './demo-feed.js';
import { displayName } from './interpreters.presenter.js';
import { followersToNotify, interpretersByUsername } from './interpreters.repository.js';
import {
  deriveSessions,
  outsideWindow,
  presenceWindow,
  replayStart,
  stateChange,
  type PresenceSource,
} from './presence-rules.js';
import * as repo from './presence.repository.js';

/**
 * Who reports presence: an integration API key, a signed-in user (only an INTERPRETER,
 * for themselves), the demo feed (a stand-in for the telephony platform), or a desktop
 * monitoring agent (for its own user: online on unlock, offline on lock or stop).
 */
export type PresenceSender =
  | { kind: 'key'; keyId: number }
  | { kind: 'user'; user: UserRow }
  | { kind: 'demo' }
  | { kind: 'agent'; agentId: number; username: string };

type Outcome = TPresenceEventsResult['results'][number];

// Outcomes for the sending system, in English (the catalogue's words; no person reads them translated).
const REFUSED = fillMessage('presenceOwnOnly');
const UNKNOWN = fillMessage('activeInterpreterNotFound');
const REPEATED = fillMessage('presenceRepeated');

const senderId = (s: PresenceSender) =>
  s.kind === 'key'
    ? `key:${s.keyId}`
    : s.kind === 'user'
      ? `user:${s.user.id}`
      : s.kind === 'agent'
        ? `agent:${s.agentId}`
        : DEMO_FEED_SENDER;
const sourceOf = (s: PresenceSender): PresenceSource =>
  s.kind === 'user' ? 'self' : s.kind === 'agent' ? 'agent' : 'integration';
const mayReport = (s: PresenceSender, username: string) =>
  s.kind === 'user'
    ? s.user.user_type === 'INTERPRETER' && s.user.username === username
    : s.kind !== 'agent' || s.username === username;

/** Announces a change of someone's current state; coming online tells the followers who want it. */
async function announce(tx: Tx, userId: number, online: boolean, at: Date): Promise<void> {
  const who = await repo.findUsername(tx.db, userId);
  tx.publish({ type: 'presence', user: userId, username: who.username, online, at: at.toISOString() });
  if (!online) return;
  const recipients = await followersToNotify(tx.db, userId);
  if (recipients.length > 0) {
    await notify(tx, {
      kind: 'presenceOnline',
      params: { name: displayName(who) },
      url: `/wfm/${who.username}`,
      recipients,
    });
  }
}

/**
 * Stores one user's new events and rebuilds their sessions from the earliest point the
 * events may change, with the user's row locked (concurrent batches for one user queue).
 * Answers the source ids that were new.
 */
async function applyForUser(ctx: AppContext, userId: number, events: repo.NewPresenceEvent[]): Promise<Set<string>> {
  return withTx(ctx, async (tx) => {
    await repo.lockUser(tx.db, userId);
    const wasOpen = await repo.findOpenSession(tx.db, userId);
    const inserted = await repo.insertEvents(tx.db, events);
    if (inserted.size === 0) return inserted;
    const earliest = new Date(Math.min(...events.filter((e) => inserted.has(e.source_id)).map((e) => e.at.getTime())));
    const affected = await repo.sessionsAffectedFrom(tx.db, userId, earliest);
    const from = replayStart(
      earliest,
      affected.map((s) => s.started_at),
    );
    await repo.deleteSessions(
      tx.db,
      affected.map((s) => s.id),
    );
    const sessions = deriveSessions(await repo.eventsFrom(tx.db, userId, from));
    await repo.insertSessions(tx.db, userId, sessions);
    const last = sessions.at(-1);
    const isOnline = !!last && last.ended_at === null;
    // Heartbeats are not events: keep the open session's last sign of life across the rebuild.
    if (wasOpen && isOnline) await repo.keepLastSeen(tx.db, userId, wasOpen.last_seen_at);
    const change = stateChange(!!wasOpen, isOnline);
    if (change && last)
      await announce(tx, userId, isOnline, isOnline ? last.started_at : (last.ended_at ?? new Date()));
    return inserted;
  });
}

/** Why an event's time is refused (the limit in seconds, in the message), or null when it is within the window. */
function timeRefusal(ctx: AppContext, sender: PresenceSender, at: Date, now: Date): string | null {
  const window = presenceWindow(sourceOf(sender), ctx.config.PRESENCE_MAX_PAST, ctx.config.PRESENCE_CLOCK_SKEW);
  const outside = outsideWindow(at, now, window);
  if (outside === 'past') return fillMessage('presenceTooOld', { count: window.pastSeconds });
  if (outside === 'future') return fillMessage('presenceAhead', { count: window.futureSeconds });
  return null;
}

/**
 * `POST /api/presence/events/`: one outcome per event, in the order sent. Times are
 * bounded by the server's clock (presenceWindow): an event outside it is refused with
 * why and changes nothing, so no sender can rewrite history or open a session forever.
 */
export async function receiveEvents(
  ctx: AppContext,
  sender: PresenceSender,
  events: readonly TPresenceEvent[],
): Promise<TPresenceEventsResult> {
  const now = new Date();
  const results: Outcome[] = events.map((e) => ({ source_id: e.source_id, outcome: 'applied', message: null }));
  const targets = await interpretersByUsername(ctx.db, [...new Set(events.map((e) => e.username))]);
  const seen = new Set<string>();
  const byUser = new Map<number, { index: number; event: repo.NewPresenceEvent }[]>();
  events.forEach((e, index) => {
    if (seen.has(e.source_id)) {
      results[index] = { source_id: e.source_id, outcome: 'duplicate', message: REPEATED };
      return;
    }
    seen.add(e.source_id);
    if (!mayReport(sender, e.username)) {
      results[index] = { source_id: e.source_id, outcome: 'refused', message: REFUSED };
      return;
    }
    const refusal = timeRefusal(ctx, sender, new Date(e.at), now);
    if (refusal) {
      results[index] = { source_id: e.source_id, outcome: 'refused', message: refusal };
      return;
    }
    const target = targets.get(e.username);
    if (!target) {
      results[index] = { source_id: e.source_id, outcome: 'unknown_user', message: UNKNOWN };
      return;
    }
    const event = {
      sender: senderId(sender),
      source_id: e.source_id,
      user_id: target.id,
      online: e.online,
      at: new Date(e.at),
      source: sourceOf(sender),
    };
    const list = byUser.get(target.id) ?? [];
    list.push({ index, event });
    byUser.set(target.id, list);
  });
  // One transaction per user, in id order (never two users' locks held at once).
  for (const [userId, items] of [...byUser].sort(([a], [b]) => a - b)) {
    const inserted = await applyForUser(
      ctx,
      userId,
      items.map((i) => i.event),
    );
    for (const { index, event } of items) {
      if (!inserted.has(event.source_id)) {
        results[index] = { source_id: event.source_id, outcome: 'duplicate', message: REPEATED };
      }
    }
  }
  return { results };
}

/** `POST /api/presence/heartbeat/`: keeps the open session alive. */
export async function heartbeat(
  ctx: AppContext,
  sender: PresenceSender,
  username: string,
): Promise<TPresenceHeartbeatResult> {
  if (!mayReport(sender, username)) return { username, outcome: 'refused' };
  const target = (await interpretersByUsername(ctx.db, [username])).get(username);
  if (!target) return { username, outcome: 'unknown_user' };
  const alive = await withTx(ctx, (tx) => repo.touchOpenSession(tx.db, target.id));
  return { username, outcome: alive ? 'alive' : 'offline' };
}

/** Sessions looked at per run: a backlog is worked off a batch a minute. */
export const EXPIRY_BATCH = 200;

/**
 * Closes open sessions silent for longer than `minutes` at their last sign of life, each
 * in its own transaction behind a conditional update (safe with several servers). The
 * close is stored as an offline event too, so a later rebuild from events keeps it.
 * Answers how many it closed.
 */
export async function expireSilentSessions(ctx: AppContext, minutes: number): Promise<number> {
  let closed = 0;
  for (const s of await repo.silentOpenSessions(ctx.db, minutes, EXPIRY_BATCH)) {
    const done = await withTx(ctx, async (tx) => {
      await repo.lockUser(tx.db, s.user_id);
      const row = await repo.closeIfSilent(tx.db, s.id, minutes);
      if (!row) return false;
      await repo.insertEvents(tx.db, [
        {
          sender: 'system',
          source_id: `expiry:${row.id}`,
          user_id: row.user_id,
          online: false,
          at: row.last_seen_at,
          source: row.source,
        },
      ]);
      await announce(tx, row.user_id, false, row.last_seen_at);
      return true;
    });
    if (done) closed++;
  }
  return closed;
}

const DEMO: PresenceSender = { kind: 'demo' };

/**
 * One minute of the demo feed (scheduled only with PORTAL_SEED_DEMO): through the same
 * heartbeat and events as a real platform, so several servers running it apply each
 * change once (same sender, same source_id). Answers the plan it carried out.
 */
export async function runDemoFeed(ctx: AppContext, now = new Date()): Promise<DemoFeedPlan> {
  const plan = planDemoFeed(now, localHour(now, ctx.config.TIME_ZONE), await repo.onlineAmong(ctx.db, DEMO_CAST));
  for (const username of plan.heartbeat) await heartbeat(ctx, DEMO, username);
  if (plan.change) await receiveEvents(ctx, DEMO, [plan.change]);
  return plan;
}
