/**
 * The demo feed (PORTAL_SEED_DEMO only) as a pure plan: it plays the telephony platform
 * for the demo cast so the board stays alive. Everything follows from the clock and the
 * current state, so several servers planning the same minute send the same source_id
 * and the change is applied once.
 */

/** The presence sender the feed reports as (its source ids are its own). */
export const DEMO_FEED_SENDER = 'demo-feed';

/** The interpreters the feed plays: interpreter01 … interpreter20 (the seeded history's cast). */
export const DEMO_CAST: readonly string[] = Array.from(
  { length: 20 },
  (_, i) => `interpreter${String(i + 1).padStart(2, '0')}`,
);

export interface DemoFeedChange {
  username: string;
  online: boolean;
  at: string;
  source_id: string;
}

export interface DemoFeedPlan {
  /** Online members whose session gets a sign of life. */
  heartbeat: string[];
  change: DemoFeedChange | null;
}

/** The hour (0–23) on the portal's wall clock. */
export function localHour(now: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now));
}

/** How many of the cast should be online: a working day's crowd 07:00–22:00, a few at night. */
export function demoOnlineBand(hour: number): { min: number; max: number } {
  return hour >= 7 && hour < 22 ? { min: 8, max: 14 } : { min: 0, max: 3 };
}

/** A well-spread integer from the minute (the same on every server). */
function mix(n: number): number {
  let h = n | 0;
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Minutes 0 and 2 of every five: a change every 2 or 3 minutes. */
export const isChangeMinute = (minute: number) => minute % 5 === 0 || minute % 5 === 2;

/**
 * This minute's plan: heartbeat everyone online; on a change minute bring one member
 * online or send one on a break, staying inside the hour's band (outside it, move
 * towards it). `online` is who of the cast is online now.
 */
export function planDemoFeed(now: Date, hour: number, online: readonly string[]): DemoFeedPlan {
  const isOn = new Set(online);
  const on = DEMO_CAST.filter((u) => isOn.has(u));
  const off = DEMO_CAST.filter((u) => !isOn.has(u));
  const minute = Math.floor(now.getTime() / 60_000);
  if (!isChangeMinute(minute)) return { heartbeat: on, change: null };
  const { min, max } = demoOnlineBand(hour);
  const h = mix(minute);
  const goOnline = on.length <= min ? true : on.length >= max ? false : h % 2 === 0;
  const pool = goOnline ? off : on;
  const username = pool[(h >>> 1) % Math.max(pool.length, 1)];
  if (!username) return { heartbeat: on, change: null };
  const at = new Date(minute * 60_000).toISOString();
  return {
    heartbeat: on.filter((u) => u !== username),
    change: { username, online: goOnline, at, source_id: at.slice(0, 16) },
  };
}
