/**
 * Presence as a pure fold: the stored events, in a fixed order, give the
 * sessions. The order depends only on the events themselves (time, then sender and id),
 * so the same set of events in any arrival order gives the same sessions.
 */

export type PresenceSource = 'agent' | 'integration' | 'self';

export interface PresenceFact {
  online: boolean;
  at: Date;
  sender: string;
  source_id: string;
  source: PresenceSource;
}

export interface DerivedSession {
  started_at: Date;
  ended_at: Date | null;
  last_seen_at: Date;
  source: PresenceSource;
}

/** `at` order; ties broken by sender and id, never by arrival. */
export function orderFacts<T extends PresenceFact>(facts: readonly T[]): T[] {
  const key = (f: PresenceFact) => `${f.sender}\u0000${f.source_id}`;
  return [...facts].sort((a, b) => a.at.getTime() - b.at.getTime() || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** A monitoring agent's sender (`agent:<id>`): one machine of the person's, of which they may have several. */
const isMachine = (f: PresenceFact) => f.source === 'agent' && f.sender.startsWith('agent:');

/**
 * Sessions from events, starting with the user offline: online opens a session (or, when
 * one is open, is a sign of life); offline closes the open one (or changes nothing).
 * A person's machines each report their own presence: a machine's offline (locked,
 * stopped) closes the session only when none of their other machines is still online
 * (then it is a sign of life). Any other sender's offline (the platform, the person, the
 * expiry) closes it outright and forgets the machines.
 */
export function deriveSessions(facts: readonly PresenceFact[]): DerivedSession[] {
  const sessions: DerivedSession[] = [];
  let open: DerivedSession | null = null;
  const machinesOnline = new Set<string>();
  for (const f of orderFacts(facts)) {
    if (f.online) {
      if (isMachine(f)) machinesOnline.add(f.sender);
      if (open) open.last_seen_at = f.at;
      else {
        open = { started_at: f.at, ended_at: null, last_seen_at: f.at, source: f.source };
        sessions.push(open);
      }
      continue;
    }
    if (isMachine(f)) {
      machinesOnline.delete(f.sender);
      if (open && machinesOnline.size > 0) {
        open.last_seen_at = f.at;
        continue;
      }
    } else {
      machinesOnline.clear();
    }
    if (open) {
      open.ended_at = f.at;
      open.last_seen_at = f.at;
      open = null;
    }
  }
  return sessions;
}

/**
 * Where a rebuild starts: the earliest new event, or the start of the earliest session it
 * may change (those still open or ending at or after that event), if earlier. Before that
 * point the user was offline and nothing changes.
 */
export function replayStart(earliestNew: Date, affectedStarts: readonly Date[]): Date {
  return new Date(Math.min(earliestNew.getTime(), ...affectedStarts.map((d) => d.getTime())));
}

/** The change a rebuild made to the user's current state, if any. */
export function stateChange(wasOnline: boolean, isOnline: boolean): 'online' | 'offline' | null {
  if (wasOnline === isOnline) return null;
  return isOnline ? 'online' : 'offline';
}

/** Whether an open session last seen at `lastSeen` is past the expiry at `now`. */
export function isExpired(lastSeen: Date, now: Date, expiryMinutes: number): boolean {
  return now.getTime() - lastSeen.getTime() > expiryMinutes * 60_000;
}

/** How far an event's `at` may stray from the server's clock, in seconds each way. */
export interface PresenceWindow {
  pastSeconds: number;
  futureSeconds: number;
}

/**
 * The window for a sender: the platform (an integration key, the demo feed) may be late
 * by up to `maxPast`; a person's own report (their token or their desktop agent) only by
 * the clock skew, so nobody moves their own start back past a shift's grace; nothing may
 * be ahead by more than the skew (a session opened in the future never closes).
 */
export function presenceWindow(source: PresenceSource, maxPast: number, clockSkew: number): PresenceWindow {
  return { pastSeconds: source === 'integration' ? maxPast : Math.min(maxPast, clockSkew), futureSeconds: clockSkew };
}

/** Whether `at` is too old or too far ahead of `now` for the window (null: within it). */
export function outsideWindow(at: Date, now: Date, window: PresenceWindow): 'past' | 'future' | null {
  const ms = at.getTime() - now.getTime();
  if (ms < -window.pastSeconds * 1000) return 'past';
  if (ms > window.futureSeconds * 1000) return 'future';
  return null;
}
