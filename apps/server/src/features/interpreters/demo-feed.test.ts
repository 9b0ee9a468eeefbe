import { describe, expect, it } from 'vitest';
import { DEMO_CAST, demoOnlineBand, isChangeMinute, localHour, planDemoFeed } from './demo-feed.js';

const MINUTE = 60_000;
/** 2026-03-02 00:00 UTC, a minute boundary. */
const DAY = Date.UTC(2026, 2, 2);

/** Plays a day minute by minute from `online`, as a server would; answers the count at each minute. */
function playDay(start: string[], timeZone = 'UTC') {
  let online = [...start];
  const counts: { hour: number; n: number }[] = [];
  for (let t = DAY; t < DAY + 1440 * MINUTE; t += MINUTE) {
    const now = new Date(t);
    const plan = planDemoFeed(now, localHour(now, timeZone), online);
    if (plan.change) {
      const { username, online: on } = plan.change;
      online = on ? [...online, username] : online.filter((u) => u !== username);
    }
    counts.push({ hour: localHour(now, timeZone), n: online.length });
  }
  return counts;
}

describe('the demo feed plan', () => {
  it('changes someone every 2 or 3 minutes, never twice in a row', () => {
    const minutes = Array.from({ length: 60 }, (_, i) => i).filter(isChangeMinute);
    expect(minutes).toHaveLength(24);
    const gaps = minutes.slice(1).map((m, i) => m - minutes[i]!);
    expect(new Set(gaps)).toEqual(new Set([2, 3]));
  });

  it('is the same for the same minute and state (two servers plan alike), with the minute as source_id', () => {
    const now = new Date(DAY + 10 * 3600_000 + 20 * MINUTE + 17_000); // 10:20:17, a change minute
    const online = ['interpreter03', 'interpreter01', 'someone.else'];
    const a = planDemoFeed(now, 10, online);
    expect(planDemoFeed(now, 10, [...online].reverse())).toEqual(a);
    expect(a.change).toMatchObject({ at: '2026-03-02T10:20:00.000Z', source_id: '2026-03-02T10:20' });
    // Below the day's band: someone of the cast comes online; everyone online keeps a heartbeat.
    expect(a.change!.online).toBe(true);
    expect(DEMO_CAST).toContain(a.change!.username);
    expect(['interpreter01', 'interpreter03']).not.toContain(a.change!.username);
    expect(a.heartbeat).toEqual(['interpreter01', 'interpreter03']);
  });

  it('only heartbeats between changes, and never beats for the one going on a break', () => {
    const online = DEMO_CAST.slice(0, 15); // above the day's band: someone leaves
    const quiet = planDemoFeed(new Date(DAY + 10 * 3600_000 + 21 * MINUTE), 10, online);
    expect(quiet).toEqual({ heartbeat: online, change: null });
    const busy = planDemoFeed(new Date(DAY + 10 * 3600_000 + 22 * MINUTE), 10, online);
    expect(busy.change).toMatchObject({ online: false });
    expect(busy.heartbeat).toHaveLength(14);
    expect(busy.heartbeat).not.toContain(busy.change!.username);
  });

  it('keeps 8–14 online from 07:00 to 22:00 on the portal clock and a few at night', () => {
    for (const timeZone of ['UTC', 'Asia/Riyadh']) {
      const counts = playDay(DEMO_CAST.slice(0, 8), timeZone);
      // Half an hour to climb or thin out after each edge of the day.
      const day = counts.filter((c, i) => c.hour >= 8 && c.hour < 22 && i > 30);
      const night = counts.filter((c, i) => (c.hour >= 23 || c.hour < 7) && i > 30);
      expect(day.length).toBeGreaterThan(0);
      expect(
        day.every((c) => c.n >= 8 && c.n <= 14),
        timeZone,
      ).toBe(true);
      expect(
        night.every((c) => c.n <= 3),
        timeZone,
      ).toBe(true);
      // It moves: more than one head count during the day.
      expect(new Set(day.map((c) => c.n)).size).toBeGreaterThan(2);
    }
    expect(demoOnlineBand(6)).toEqual({ min: 0, max: 3 });
    expect(demoOnlineBand(7)).toEqual({ min: 8, max: 14 });
  });

  it('reads the hour on the portal clock', () => {
    expect(localHour(new Date('2026-03-02T21:30:00Z'), 'UTC')).toBe(21);
    expect(localHour(new Date('2026-03-02T21:30:00Z'), 'Asia/Riyadh')).toBe(0);
  });
});
