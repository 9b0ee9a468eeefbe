/**
 * Short UI sounds synthesised with the Web Audio API: nothing to download, nothing to
 * license, and silent (never throwing) where audio is unavailable or blocked.
 */
type Tone = { frequency: number; start: number; duration: number; type?: OscillatorType; volume?: number };

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  const Ctor = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Ctor) return null;
  context ??= new Ctor();
  return context;
}

function playTones(tones: Tone[]): void {
  try {
    const ctx = audioContext();
    if (!ctx) return;
    // A context created before a user gesture starts suspended; the sounds follow clicks.
    if (ctx.state === 'suspended') void ctx.resume();
    const now = ctx.currentTime;
    for (const tone of tones) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = tone.type ?? 'sine';
      osc.frequency.setValueAtTime(tone.frequency, now + tone.start);
      // Quick attack and exponential release: no clicks at either end.
      const peak = tone.volume ?? 0.15;
      gain.gain.setValueAtTime(0.0001, now + tone.start);
      gain.gain.exponentialRampToValueAtTime(peak, now + tone.start + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + tone.start + tone.duration);
      osc.connect(gain).connect(ctx.destination);
      osc.start(now + tone.start);
      osc.stop(now + tone.start + tone.duration + 0.02);
    }
  } catch {
    // Sound is a nicety; a failure must never break the flow that asked for it.
  }
}

/** Spec §4: a sound on login failure — two falling notes, a quarter-second in all. */
export function playLoginFailureSound(): void {
  playTones([
    { frequency: 440, start: 0, duration: 0.12, type: 'triangle' },
    { frequency: 311, start: 0.11, duration: 0.16, type: 'triangle' },
  ]);
}

/**
 * A feature's own sound for an event (a new ticket) wins over the generic chime: the
 * same event also arrives as a notification, on another channel and in either order,
 * so the chime waits briefly and is dropped if a feature sound played around it.
 */
const CHIME_DELAY_MS = 400;
let pendingChime: ReturnType<typeof setTimeout> | null = null;
let lastFeatureSoundAt = -Infinity;

/** Spec §4: a soft sound for a new notification — one gentle, rising two-note chime. */
export function playNotificationSound(): void {
  if (pendingChime || Date.now() - lastFeatureSoundAt < CHIME_DELAY_MS * 2) return;
  pendingChime = setTimeout(() => {
    pendingChime = null;
    if (Date.now() - lastFeatureSoundAt < CHIME_DELAY_MS * 2) return;
    playTones([
      { frequency: 660, start: 0, duration: 0.18, volume: 0.08 },
      { frequency: 880, start: 0.12, duration: 0.26, volume: 0.06 },
    ]);
  }, CHIME_DELAY_MS);
}

/** A feature's sound, which drops the generic chime of the same event (above). */
function playFeatureSound(tones: Tone[]): void {
  lastFeatureSoundAt = Date.now();
  if (pendingChime) clearTimeout(pendingChime);
  pendingChime = null;
  playTones(tones);
}

/**
 * A new ticket on the desk has its own sound, distinct from the notification
 * chime: three quick, brighter notes that a desk hears across the room.
 */
export function playNewTicketSound(): void {
  playFeatureSound([
    { frequency: 784, start: 0, duration: 0.1, type: 'square', volume: 0.05 },
    { frequency: 988, start: 0.1, duration: 0.1, type: 'square', volume: 0.05 },
    { frequency: 1319, start: 0.2, duration: 0.22, type: 'square', volume: 0.05 },
  ]);
}

/**
 * The requester answered a ticket assigned to me. Softer than a new ticket
 * (someone is waiting on me, not a new arrival): two low notes, a falling "knock-knock".
 */
export function playRequesterReplySound(): void {
  playFeatureSound([
    { frequency: 587, start: 0, duration: 0.12, type: 'triangle', volume: 0.12 },
    { frequency: 523, start: 0.16, duration: 0.2, type: 'triangle', volume: 0.12 },
  ]);
}
