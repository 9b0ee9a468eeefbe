import type { IdleSample } from './probes/types.js';

export type ActivityState = 'active' | 'idle' | 'locked';

/** Locked while the screen saver or lock screen is on; idle after `idleAfter` s without input, unless a call is on. */
export function decideState(sample: IdleSample, inCall: boolean, idleAfterSeconds: number): ActivityState {
  if (sample.locked) return 'locked';
  if (!inCall && sample.idle_seconds >= idleAfterSeconds) return 'idle';
  return 'active';
}

/** The activity state machine: `update` returns the new state on a change, else null. */
export class ActivityTracker {
  state: ActivityState | null = null;

  update(sample: IdleSample, inCall: boolean, idleAfterSeconds: number): ActivityState | null {
    const next = decideState(sample, inCall, idleAfterSeconds);
    if (next === this.state) return null;
    this.state = next;
    return next;
  }
}
