import type { TAgentSettings } from '@portal/contracts';
import { describe, expect, it, vi } from 'vitest';
import { INTERVALS, Monitor, SWITCH_BURST } from './monitor.js';
import type { ActiveWindow, DesktopProbes, IdleSample } from './probes/types.js';
import type { NewEvent } from './queue.js';

/** A monitor on fake probes and a fake clock, ticked by hand. */
function setup() {
  let now = new Date(2025, 0, 6, 9, 0, 0).getTime();
  const desk = {
    window: { title: 'Inbox', process: 'thunderbird', pid: 10, memory_bytes: 1000 } as ActiveWindow | null,
    idle: { idle_seconds: 0, locked: false } as IdleSample,
    call: false,
  };
  const probes: DesktopProbes = {
    window: { activeWindow: async () => desk.window, openedApps: async () => ['thunderbird', 'firefox'] },
    idle: { idle: async () => desk.idle },
    call: { inCall: async () => desk.call },
    close() {},
  };
  const events: NewEvent[] = [];
  const settings: TAgentSettings = { idle_after_seconds: 60, call_processes: ['zoiper'] };
  const monitor = new Monitor({
    probes,
    system: { device: async () => Promise.reject(new Error('not in this test')) },
    network: { network: async () => Promise.reject(new Error('not in this test')) },
    settings: () => settings,
    emit: (e) => events.push(e),
    log: () => undefined,
    savedDay: null,
    saveDay: () => undefined,
    now: () => new Date(now),
  });
  /** Only the window's look (a tick between two polls of the rest). */
  const glance = async (ms: number) => {
    now += ms;
    await monitor.tick();
  };
  const advance = async (ms: number) => {
    for (let t = 0; t < ms; t += INTERVALS.poll) {
      now += INTERVALS.poll;
      await monitor.tick();
    }
  };
  return { monitor, desk, events, advance, glance, tick: () => monitor.tick() };
}

const kinds = <K extends NewEvent['kind']>(events: NewEvent[], kind: K) =>
  events.filter((e): e is Extract<NewEvent, { kind: K }> => e.kind === kind);

describe('Monitor', () => {
  it('reports a switch at once, heartbeats every 30 s while it stays, and a new switch on a title change', async () => {
    const m = setup();
    await m.tick();
    await m.advance(29_000);
    expect(kinds(m.events, 'app')).toEqual([
      expect.objectContaining({
        heartbeat: false,
        title: 'Inbox',
        process: 'thunderbird',
        opened_apps: ['thunderbird', 'firefox'],
      }),
    ]);
    await m.advance(1000);
    expect(kinds(m.events, 'app').at(-1)).toMatchObject({ heartbeat: true, title: 'Inbox', opened_apps: [] });
    m.desk.window = { title: 'Compose', process: 'thunderbird', pid: 10, memory_bytes: 1000 };
    await m.advance(1000);
    expect(kinds(m.events, 'app').map((e) => [e.title, e.heartbeat])).toEqual([
      ['Inbox', false],
      ['Inbox', true],
      ['Compose', false],
    ]);
  });

  it('records every switch while running, even windows in front for less than a second', async () => {
    vi.useFakeTimers();
    try {
      const m = setup();
      m.monitor.start();
      await vi.advanceTimersByTimeAsync(100);
      // An alt-tab through three windows, 400 ms each.
      for (const title of ['Compose', 'Calendar', 'Address book']) {
        m.desk.window = { title, process: 'thunderbird', pid: 10, memory_bytes: 1000 };
        await vi.advanceTimersByTimeAsync(400);
      }
      await m.monitor.stop();
      expect(kinds(m.events, 'app').map((e) => e.title)).toEqual(['Inbox', 'Compose', 'Calendar', 'Address book']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('bounds a window whose title never stops changing: a burst, then one switch a second', async () => {
    const m = setup();
    await m.tick();
    for (let i = 0; i < 50; i++) {
      m.desk.window = { title: `Build ${i}%`, process: 'xterm', pid: 11, memory_bytes: 1000 };
      await m.glance(INTERVALS.window);
    }
    // 10 s of changes: the first switch and the burst, then about one a second.
    const n = kinds(m.events, 'app').length;
    expect(n).toBeGreaterThanOrEqual(SWITCH_BURST);
    expect(n).toBeLessThanOrEqual(1 + SWITCH_BURST + 10);
    // The window that stays is recorded once the budget allows.
    await m.advance(2000);
    expect(kinds(m.events, 'app').at(-1)).toMatchObject({ title: 'Build 49%' });
  });

  it('goes idle after the threshold, not during a call, locked with the screen, offline on stop', async () => {
    const m = setup();
    await m.tick();
    m.desk.idle = { idle_seconds: 60, locked: false };
    m.desk.call = true;
    await m.advance(INTERVALS.call);
    expect(kinds(m.events, 'activity').map((e) => e.state)).toEqual(['active']);
    m.desk.call = false;
    await m.advance(INTERVALS.call);
    m.desk.idle = { idle_seconds: 0, locked: true };
    await m.advance(1000);
    m.desk.idle = { idle_seconds: 0, locked: false };
    await m.advance(1000);
    await m.monitor.stop();
    expect(kinds(m.events, 'activity').map((e) => e.state)).toEqual(['active', 'idle', 'locked', 'active', 'offline']);
  });

  it('sends the day at start, every 5 minutes and on stop', async () => {
    const m = setup();
    await m.tick();
    await m.advance(INTERVALS.daily);
    await m.monitor.stop();
    const days = kinds(m.events, 'daily');
    expect(days).toHaveLength(3);
    expect(days.at(-1)).toMatchObject({ data: { date: '2025-01-06', active_minutes: 5 } });
  });
});
