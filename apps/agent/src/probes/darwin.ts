import { run } from './exec.js';
import type { ActiveWindow, ActiveWindowProbe, IdleProbe, IdleSample } from './types.js';

// UNTESTED ON A REAL MAC: only the output parsers below are unit-tested (on Linux).

/** AppleScript printing the front process's name, pid and front window title, tab-separated. */
const FRONT_SCRIPT = `
tell application "System Events"
  set p to first application process whose frontmost is true
  set t to ""
  try
    set t to name of front window of p
  end try
  return (name of p) & tab & (unix id of p) & tab & t
end tell`;

const LIST_SCRIPT = `tell application "System Events" to get name of every application process whose background only is false`;

/** `Safari\t412\tApple` → the window; null on an empty line. */
export function parseOsascriptFront(out: string): Omit<ActiveWindow, 'memory_bytes'> | null {
  const line = out.replace(/\r?\n$/, '');
  if (!line.trim()) return null;
  const [process = '', pid = '', ...title] = line.split('\t');
  const n = Number(pid);
  return {
    process: process.trim() || 'unknown',
    pid: Number.isInteger(n) && n > 0 ? n : null,
    title: title.join('\t'),
  };
}

/** `a, b, c` (AppleScript's list) → names. */
export function parseOsascriptList(out: string): string[] {
  return [...new Set(out.trim().split(/,\s*/).filter(Boolean))];
}

/** `ps -o rss= -p PID` → bytes. */
export function parsePsRss(out: string): number | null {
  const kb = Number(out.trim());
  return out.trim() && Number.isFinite(kb) ? kb * 1024 : null;
}

/** The HID system's idle time (`ioreg -c IOHIDSystem`, nanoseconds) → seconds. */
export function parseIoregIdle(out: string): number | null {
  const m = /"HIDIdleTime"\s*=\s*(\d+)/.exec(out);
  return m ? Math.floor(Number(m[1]) / 1e9) : null;
}

/** macOS through osascript (needs the Accessibility permission) and ioreg. */
export class DarwinDesktop implements ActiveWindowProbe, IdleProbe {
  async activeWindow(): Promise<ActiveWindow | null> {
    const front = parseOsascriptFront(await run('osascript', ['-e', FRONT_SCRIPT]));
    if (!front) return null;
    const rss =
      front.pid === null ? null : parsePsRss(await run('ps', ['-o', 'rss=', '-p', String(front.pid)]).catch(() => ''));
    return { ...front, memory_bytes: rss };
  }

  async openedApps(): Promise<string[]> {
    return parseOsascriptList(await run('osascript', ['-e', LIST_SCRIPT]));
  }

  async idle(): Promise<IdleSample> {
    const idle = parseIoregIdle(await run('ioreg', ['-c', 'IOHIDSystem', '-d', '4']));
    // The lock screen is not visible to these tools: locked stays false on macOS.
    return { idle_seconds: idle ?? 0, locked: false };
  }

  close() {}
}
