import type { TDailyLog } from '@portal/contracts';
import type { ActivityState } from './activity.js';

export type DayLog = Omit<TDailyLog, 'hostname'>;

interface DayState {
  date: string;
  first_activity: string | null;
  last_activity: string | null;
  active_ms: number;
  idle_ms: number;
  locked_ms: number;
  lock_periods: { from: string; to: string | null }[];
}

/** The machine's local calendar day, YYYY-MM-DD. */
export function localDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

function nextMidnight(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1);
}

const MAX_LOCK_PERIODS = 200;
/** A longer gap between two ticks is time the agent did not see (asleep, suspended): not counted. */
export const MAX_TICK_GAP_MS = 120_000;

/**
 * The day so far: first and last activity, active/idle/locked time and lock periods,
 * accumulated from the monitor's ticks. `advance(now, state)` counts the time since the
 * previous tick for the state held meanwhile, splitting at local midnight; it returns the
 * logs of days that ended.
 */
export class DailyBook {
  private day: DayState;
  private last: { at: Date; state: ActivityState } | null = null;

  constructor(now: Date, saved?: DayState | null) {
    this.day = saved && saved.date === localDate(now) ? saved : DailyBook.empty(localDate(now));
  }

  private static empty(date: string): DayState {
    return {
      date,
      first_activity: null,
      last_activity: null,
      active_ms: 0,
      idle_ms: 0,
      locked_ms: 0,
      lock_periods: [],
    };
  }

  advance(now: Date, state: ActivityState | 'offline'): DayLog[] {
    const finished: DayLog[] = [];
    const prev = this.last;
    if (prev && now.getTime() - prev.at.getTime() <= MAX_TICK_GAP_MS && now > prev.at) {
      let from = prev.at;
      while (localDate(from) !== localDate(now)) {
        const midnight = nextMidnight(from);
        this.count(prev.state, from, midnight);
        this.closeLock(midnight);
        finished.push(this.snapshot());
        this.day = DailyBook.empty(localDate(midnight));
        if (prev.state === 'locked') this.openLock(midnight);
        from = midnight;
      }
      this.count(prev.state, from, now);
    } else if (localDate(now) !== this.day.date) {
      this.closeLock(prev?.at ?? now);
      finished.push(this.snapshot());
      this.day = DailyBook.empty(localDate(now));
    }
    // Lock periods follow the state as it is from now on.
    if (state === 'locked' && prev?.state !== 'locked') this.openLock(now);
    if (state !== 'locked') this.closeLock(prev?.state === 'locked' ? now : (prev?.at ?? now));
    if (state === 'active') {
      this.day.first_activity ??= now.toISOString();
      this.day.last_activity = now.toISOString();
    }
    this.last = state === 'offline' ? null : { at: now, state };
    return finished;
  }

  private count(state: ActivityState, from: Date, to: Date) {
    const ms = to.getTime() - from.getTime();
    if (state === 'active') {
      this.day.active_ms += ms;
      this.day.first_activity ??= from.toISOString();
      this.day.last_activity = to.toISOString();
    } else if (state === 'idle') this.day.idle_ms += ms;
    else this.day.locked_ms += ms;
  }

  private openLock(at: Date) {
    const open = this.day.lock_periods.at(-1);
    if (open && open.to === null) return;
    if (this.day.lock_periods.length >= MAX_LOCK_PERIODS) this.day.lock_periods.shift();
    this.day.lock_periods.push({ from: at.toISOString(), to: null });
  }

  private closeLock(at: Date) {
    const open = this.day.lock_periods.at(-1);
    if (open && open.to === null) open.to = at.toISOString();
  }

  /** The current day's log as the protocol carries it. */
  snapshot(): DayLog {
    const d = this.day;
    return {
      date: d.date,
      first_activity: d.first_activity,
      last_activity: d.last_activity,
      active_minutes: Math.floor(d.active_ms / 60_000),
      idle_minutes: Math.floor(d.idle_ms / 60_000),
      locked_minutes: Math.floor(d.locked_ms / 60_000),
      lock_periods: d.lock_periods.map((p) => ({ ...p })),
    };
  }

  /** What to keep on disk so a restart continues the day. */
  toJSON(): DayState {
    return structuredClone(this.day);
  }
}
