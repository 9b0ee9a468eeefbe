import type { TShareCall } from '@portal/contracts';

export const SHARE_PATHS = {
  home: '/share',
  calls: '/share/calls',
  watch: (userName: string) => `/share/${encodeURIComponent(userName)}`,
  callEnd: (id: number) => `/share/call-end?call=${id}`,
  callExceed: (userName: string, limit: 'viewers' | 'length') =>
    `/share/call-exceed?user=${encodeURIComponent(userName)}&limit=${limit}`,
} as const;

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The running clock of a live call, as a stopwatch reads it: "mm:ss" under an hour,
 * "h:mm:ss" from one. Latin digits, like the portal's other clock times. A finished call's
 * length is said in words instead (lib/format's `formatDuration`: "12 min 5 sec").
 */
export function formatTimer(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '—';
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** "HH:MM" on this browser's clock (when a place frees); '' for an invalid time. */
export function clockTime(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : `${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** The length limit a call ran under, in whole minutes (from its start and its deadline). */
export function callLimitMinutes(call: Pick<TShareCall, 'started_at' | 'expires_at'>): number | null {
  if (!call.started_at || !call.expires_at) return null;
  const ms = Date.parse(call.expires_at) - Date.parse(call.started_at);
  return Number.isFinite(ms) && ms > 0 ? Math.round(ms / 60_000) : null;
}
