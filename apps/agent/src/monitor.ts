import type { TAgentSettings } from '@portal/contracts';
import { ActivityTracker, decideState, type ActivityState } from './activity.js';
import { DailyBook } from './daily.js';
import { appEvent, valid } from './events.js';
import type { DesktopProbes, IdleSample, NetworkProbe, SystemProbe } from './probes/types.js';
import type { NewEvent } from './queue.js';

export const INTERVALS = {
  /**
   * The active window is looked at five times a second (a few X11 round trips each): a
   * switch held for less than the one-second poll of the rest (an alt-tab through windows)
   * is still recorded.
   */
  window: 200,
  poll: 1000,
  heartbeat: 30_000,
  call: 5000,
  device: 60_000,
  network: 30_000,
  daily: 5 * 60_000,
};

export interface MonitorDeps {
  probes: DesktopProbes;
  system: SystemProbe;
  network: NetworkProbe;
  settings(): TAgentSettings;
  emit(e: NewEvent): void;
  log(message: string): void;
  /** The day saved by the previous run (continued when it is still today), and where to save it. */
  savedDay: ConstructorParameters<typeof DailyBook>[1];
  saveDay(day: ReturnType<DailyBook['toJSON']>): void;
  now?: () => Date;
}

/** Switches recorded at once before the budget refills at one a second. */
export const SWITCH_BURST = 20;

/**
 * Polls the probes and turns what they see into events: `app` on every switch of the
 * active window and as a heartbeat while it stays, `activity` on every change of state
 * (`offline` on stop), `device` and `network` samples, and the daily log.
 */
export class Monitor {
  private readonly now: () => Date;
  private readonly tracker = new ActivityTracker();
  private readonly book: DailyBook;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | null = null;
  private lastApp: { key: string; at: number } | null = null;
  private lastPoll = -Infinity;
  /**
   * Switches recorded, as a token bucket: a burst of SWITCH_BURST, then one a second. A
   * window whose title changes without end (a clock, a progress counter) cannot flood the
   * queue or the server's per-agent caps; a switch over the budget is recorded when it allows.
   */
  private switches = { tokens: SWITCH_BURST, at: -Infinity };
  private inCall = { value: false, at: -Infinity };
  private last = { device: -Infinity, network: -Infinity, daily: -Infinity };
  private busy = { device: false, network: false };
  private warned = new Set<string>();
  private stopped = false;

  constructor(private readonly d: MonitorDeps) {
    this.now = d.now ?? (() => new Date());
    this.book = new DailyBook(this.now(), d.savedDay);
  }

  start() {
    const loop = () => {
      this.ticking = this.tick()
        .catch((err: unknown) => this.warn('tick', err))
        .finally(() => {
          this.ticking = null;
          if (this.timer) this.timer = setTimeout(loop, INTERVALS.window);
        });
    };
    this.timer = setTimeout(loop, 0);
  }

  private warn(what: string, err: unknown) {
    // Once per kind of failure, not every second.
    const msg = `${what}: ${err instanceof Error ? err.message : String(err)}`;
    if (this.warned.has(msg)) return;
    this.warned.add(msg);
    this.d.log(msg);
  }

  private emit(e: NewEvent) {
    if (valid(e)) this.d.emit(e);
    else this.warn('event', new Error(`a ${e.kind} event did not fit the protocol; dropped`));
  }

  /** The active window every tick; idle, calls, the day and samples once a poll interval. */
  async tick() {
    const now = this.now();
    const t = now.getTime();
    await this.pollWindow(now);
    if (t - this.lastPoll < INTERVALS.poll) return;
    this.lastPoll = t;
    const idle = await this.d.probes.idle.idle().catch((err: unknown): IdleSample => {
      this.warn('idle', err);
      return { idle_seconds: 0, locked: false };
    });
    const settings = this.d.settings();
    // About to call it idle: look again now, a call may have started since the last look.
    const turningIdle =
      this.tracker.state !== 'idle' && decideState(idle, this.inCall.value, settings.idle_after_seconds) === 'idle';
    if (turningIdle || t - this.inCall.at >= INTERVALS.call) {
      const value = await this.d.probes.call.inCall(settings.call_processes).catch(() => false);
      this.inCall = { value, at: t };
    }
    const state = this.tracker.update(idle, this.inCall.value, settings.idle_after_seconds);
    this.stepDay(now, this.tracker.state!);
    if (state) this.emit({ kind: 'activity', at: now.toISOString(), state, idle_seconds: idle.idle_seconds });
    if (t - this.last.daily >= INTERVALS.daily) this.sendDay(now);
    this.sample('device', t, async () => ({
      kind: 'device',
      at: this.now().toISOString(),
      data: await this.d.system.device(),
    }));
    this.sample('network', t, async () => ({
      kind: 'network',
      at: this.now().toISOString(),
      data: await this.d.network.network(),
    }));
  }

  private async pollWindow(now: Date) {
    const w = await this.d.probes.window.activeWindow().catch((err: unknown) => {
      this.warn('active window', err);
      return null;
    });
    if (!w) return;
    const key = `${w.process}\u0000${w.title}`;
    const t = now.getTime();
    if (key !== this.lastApp?.key) {
      if (!this.takeSwitch(t)) return;
      const apps = await this.d.probes.window.openedApps().catch(() => []);
      this.lastApp = { key, at: t };
      this.emit(appEvent(w, now, false, apps));
    } else if (t - this.lastApp.at >= INTERVALS.heartbeat) {
      this.lastApp.at = t;
      this.emit(appEvent(w, now, true, []));
    }
  }

  private takeSwitch(t: number): boolean {
    const s = this.switches;
    s.tokens = Math.min(SWITCH_BURST, s.tokens + (Number.isFinite(s.at) ? (t - s.at) / 1000 : SWITCH_BURST));
    s.at = t;
    if (s.tokens < 1) return false;
    s.tokens -= 1;
    return true;
  }

  /** Device and network samples run beside the ticks (the CPU load takes a moment to read). */
  private sample(kind: 'device' | 'network', t: number, read: () => Promise<NewEvent>) {
    if (this.busy[kind] || t - this.last[kind] < INTERVALS[kind]) return;
    this.busy[kind] = true;
    this.last[kind] = t;
    read()
      .then((e) => this.stopped || this.emit(e))
      .catch((err: unknown) => this.warn(kind, err))
      .finally(() => (this.busy[kind] = false));
  }

  private stepDay(now: Date, state: ActivityState | 'offline') {
    for (const day of this.book.advance(now, state)) this.emit({ kind: 'daily', at: now.toISOString(), data: day });
    // A finished day was sent above; the new one goes out at once.
    if (this.book.snapshot().date !== this.lastDayDate) this.sendDay(now);
  }

  private lastDayDate: string | null = null;

  private sendDay(now: Date) {
    this.last.daily = now.getTime();
    const day = this.book.snapshot();
    this.lastDayDate = day.date;
    this.emit({ kind: 'daily', at: now.toISOString(), data: day });
    this.d.saveDay(this.book.toJSON());
  }

  /** Stops polling and reports `offline` and the day as it stands. */
  async stop() {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.ticking;
    this.stopped = true;
    const now = this.now();
    this.stepDay(now, 'offline');
    this.emit({ kind: 'activity', at: now.toISOString(), state: 'offline', idle_seconds: 0 });
    this.sendDay(now);
  }
}
