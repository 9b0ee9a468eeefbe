import type { TItDay, TItTimelineSegment } from '@portal/contracts';
import { makeDevice, makeNetwork } from '../../test-data';

export const DAY = '2026-11-23';

export function makeSegment(over: Partial<TItTimelineSegment> = {}): TItTimelineSegment {
  return {
    from: `${DAY}T09:00:00.000Z`,
    to: `${DAY}T09:45:00.000Z`,
    kind: 'app',
    title: 'Inbox - Mail',
    process: 'thunderbird',
    url: null,
    category: 'productive',
    ...over,
  };
}

/** A morning: mail (productive), idle, a video site (unproductive), locked. */
export function makeItDay(over: Partial<TItDay> = {}): TItDay {
  const day: Omit<TItDay, 'machines'> = {
    username: 'hala',
    first_name: 'Hala',
    last_name: 'Rashed',
    date: DAY,
    timeline: [
      makeSegment(),
      makeSegment({
        from: `${DAY}T09:45:00.000Z`,
        to: `${DAY}T10:00:00.000Z`,
        kind: 'idle',
        title: null,
        process: null,
        category: null,
      }),
      makeSegment({
        from: `${DAY}T10:00:00.000Z`,
        to: `${DAY}T10:30:00.000Z`,
        title: 'Cats - VideoTube - Firefox',
        process: 'firefox',
        url: 'https://videotube.example/cats',
        category: 'unproductive',
      }),
      makeSegment({
        from: `${DAY}T10:30:00.000Z`,
        to: `${DAY}T11:00:00.000Z`,
        kind: 'locked',
        title: null,
        process: null,
        category: null,
      }),
    ],
    top_apps: [
      { name: 'thunderbird', seconds: 2700, category: 'productive' },
      { name: 'firefox', seconds: 1800, category: 'unproductive' },
      { name: 'gedit', seconds: 600, category: 'neutral' },
      { name: 'xterm', seconds: 60, category: 'neutral' },
    ],
    top_sites: [{ name: 'videotube.example', seconds: 1800, category: 'unproductive' }],
    categories: { productive: 2700, neutral: 0, unproductive: 1800 },
    active_seconds: 4500,
    idle_seconds: 900,
    locked_seconds: 1800,
    device_monitors: [
      makeDevice({ at: `${DAY}T09:00:00.000Z` }),
      makeDevice({ at: `${DAY}T10:00:00.000Z`, cpu_load: 80 }),
    ],
    network_monitors: [
      makeNetwork({ at: `${DAY}T09:00:00.000Z` }),
      makeNetwork({ at: `${DAY}T09:30:00.000Z`, latency_ms: 120 }),
    ],
    daily_logs: [
      {
        date: DAY,
        hostname: 'desk-01',
        first_activity: `${DAY}T09:00:00.000Z`,
        last_activity: `${DAY}T10:30:00.000Z`,
        active_minutes: 75,
        idle_minutes: 15,
        locked_minutes: 30,
        lock_periods: [{ from: `${DAY}T10:30:00.000Z`, to: `${DAY}T11:00:00.000Z` }],
      },
    ],
    ...over,
  };
  // One machine, whose timeline and totals are the day's (unless the test gives machines).
  return {
    ...day,
    machines: over.machines ?? [
      {
        agent_id: 1,
        hostname: 'desk-01',
        status: 'locked',
        status_since: `${DAY}T10:30:00.000Z`,
        last_seen: `${DAY}T11:00:00.000Z`,
        timeline: day.timeline,
        active_seconds: day.active_seconds,
        idle_seconds: day.idle_seconds,
        locked_seconds: day.locked_seconds,
      },
    ],
  };
}
