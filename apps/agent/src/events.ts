import { ZAgentEvent } from '@portal/contracts';
import type { ActiveWindow } from './probes/types.js';
import type { NewEvent } from './queue.js';

/** Drops NUL and lone surrogates (the contracts' ZText refuses them) and caps the length. */
export function clean(text: string, max: number): string {
  const s = text.replace(/\u0000/g, '').slice(0, max);
  return s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '');
}

const BROWSERS = /firefox|chrom|brave|msedge|edge|opera|vivaldi|safari|epiphany|falkon/i;

/** A browser's title that names an address (some extensions put it there) → that address. */
export function urlFromTitle(process: string, title: string): string | null {
  if (!BROWSERS.test(process)) return null;
  const m = /\bhttps?:\/\/[^\s"'<>]+/i.exec(title);
  return m ? clean(m[0], 2000) : null;
}

/** Process names for `opened_apps`: at most 100, each ≤ 255 characters, 16 KiB in all. */
export function capApps(names: readonly string[]): string[] {
  const out: string[] = [];
  let bytes = 0;
  for (const n of names) {
    const name = clean(n, 255);
    if (!name || out.includes(name)) continue;
    bytes += Buffer.byteLength(name) + 3;
    if (out.length >= 100 || bytes > 16 * 1024) break;
    out.push(name);
  }
  return out;
}

export function appEvent(w: ActiveWindow, at: Date, heartbeat: boolean, openedApps: string[]): NewEvent {
  return {
    kind: 'app',
    at: at.toISOString(),
    heartbeat,
    title: clean(w.title, 1000),
    process: clean(w.process, 255) || 'unknown',
    pid: w.pid,
    memory_bytes: w.memory_bytes,
    url: urlFromTitle(w.process, w.title),
    opened_apps: capApps(openedApps),
  };
}

/** Whether the event is one the server's contract accepts (checked before it enters the queue). */
export function valid(e: NewEvent): boolean {
  return ZAgentEvent.safeParse({ ...e, seq: 1 }).success;
}
