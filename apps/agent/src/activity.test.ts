import { describe, expect, it } from 'vitest';
import { ActivityTracker, decideState } from './activity.js';

describe('activity state machine', () => {
  it('is idle after the threshold, not while a call is on, and locked whenever the screen is', () => {
    expect(decideState({ idle_seconds: 119, locked: false }, false, 120)).toBe('active');
    expect(decideState({ idle_seconds: 120, locked: false }, false, 120)).toBe('idle');
    expect(decideState({ idle_seconds: 600, locked: false }, true, 120)).toBe('active');
    expect(decideState({ idle_seconds: 0, locked: true }, true, 120)).toBe('locked');
  });

  it('reports changes only', () => {
    const t = new ActivityTracker();
    const seen = [
      t.update({ idle_seconds: 0, locked: false }, false, 60),
      t.update({ idle_seconds: 30, locked: false }, false, 60),
      t.update({ idle_seconds: 61, locked: false }, false, 60),
      t.update({ idle_seconds: 62, locked: false }, false, 60),
      t.update({ idle_seconds: 63, locked: false }, true, 60),
      t.update({ idle_seconds: 64, locked: true }, false, 60),
      t.update({ idle_seconds: 0, locked: false }, false, 60),
    ];
    expect(seen).toEqual(['active', null, 'idle', null, 'active', 'locked', 'active']);
  });
});
