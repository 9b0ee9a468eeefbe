import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A Web Audio stand-in that records the frequency of every note started. */
function fakeAudio() {
  const notes: number[] = [];
  class FakeContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    createOscillator() {
      let frequency = 0;
      return {
        type: 'sine',
        frequency: { setValueAtTime: (f: number) => (frequency = f) },
        connect: (node: unknown) => node,
        start: () => notes.push(frequency),
        stop: () => undefined,
      };
    }
    createGain() {
      return {
        gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
        connect: (node: unknown) => node,
      };
    }
  }
  vi.stubGlobal('AudioContext', FakeContext);
  return notes;
}

describe('sounds', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a notification chimes (two notes), shortly after it arrives', async () => {
    const notes = fakeAudio();
    const { playNotificationSound } = await import('./sounds');
    playNotificationSound();
    expect(notes).toEqual([]);
    vi.advanceTimersByTime(500);
    expect(notes).toEqual([660, 880]);
  });

  it('a new ticket plays its own three notes, and the notification of the same event does not chime', async () => {
    const notes = fakeAudio();
    const { playNewTicketSound, playNotificationSound } = await import('./sounds');
    // Either order: the two channels race.
    playNotificationSound();
    playNewTicketSound();
    vi.advanceTimersByTime(1000);
    expect(notes).toEqual([784, 988, 1319]);
    notes.length = 0;
    playNewTicketSound();
    playNotificationSound();
    vi.advanceTimersByTime(1000);
    expect(notes).toEqual([784, 988, 1319]);
    // A later notification chimes again.
    vi.advanceTimersByTime(2000);
    playNotificationSound();
    vi.advanceTimersByTime(500);
    expect(notes).toEqual([784, 988, 1319, 660, 880]);
  });
});
