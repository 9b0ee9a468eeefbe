import { run } from './exec.js';
import { procInfo } from './proc.js';
import type { CallProbe } from './types.js';

export interface AudioStream {
  binary: string | null;
  pid: number | null;
  corked: boolean;
}

/** `pactl list sink-inputs` (PulseAudio or PipeWire's pulse server) → the playing streams' owners. */
export function parsePactlSinkInputs(text: string): AudioStream[] {
  return text
    .split(/^(?=Sink Input #\d+)/m)
    .filter((block) => block.startsWith('Sink Input #'))
    .map((block) => {
      const binary = /^\s*application\.process\.binary = "(.*)"$/m.exec(block)?.[1] ?? null;
      const pid = /^\s*application\.process\.id = "(\d+)"$/m.exec(block)?.[1];
      return { binary, pid: pid ? Number(pid) : null, corked: /^\s*Corked: yes$/m.test(block) };
    });
}

/** Whether a stream belongs to one of the call processes (by binary, else by the pid's name). */
export function streamMatches(stream: AudioStream, processes: readonly string[], pidName: string | null): boolean {
  const wanted = new Set(processes.map((p) => p.toLowerCase()));
  const names = [stream.binary, pidName].filter((n): n is string => !!n).map((n) => n.toLowerCase());
  return !stream.corked && names.some((n) => wanted.has(n) || wanted.has(n.replace(/\.exe$/, '')));
}

/**
 * Linux: a call is on when a configured process holds an uncorked playback stream. No
 * `pactl` (no PulseAudio/PipeWire): never in a call, so idle works as without the rule.
 */
export class PactlCallProbe implements CallProbe {
  private missing = false;

  async inCall(processes: readonly string[]): Promise<boolean> {
    if (!processes.length || this.missing) return false;
    let out: string;
    try {
      out = await run('pactl', ['list', 'sink-inputs']);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') this.missing = true;
      return false;
    }
    for (const s of parsePactlSinkInputs(out)) {
      const pidName = s.pid === null ? null : (await procInfo(s.pid)).process;
      if (streamMatches(s, processes, pidName)) return true;
    }
    return false;
  }
}

/** Platforms without a call probe yet. */
export const noCalls: CallProbe = { inCall: async () => false };
