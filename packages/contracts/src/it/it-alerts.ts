import type { TItRecord } from './it.js';

/**
 * The IT board's alerts for one user, from their record and the clock (shared, so the
 * server's counts and the web's live grid agree):
 * - `disk`: a disk over 90 % full (latest device sample);
 * - `latency` / `loss`: the latest network sample over 300 ms or 5 % loss;
 * - `offline_on_shift`: a WFM shift is running and no agent is connected;
 * - `not_seen`: the agent has not reported for a day.
 */
export const IT_ALERT_KINDS = ['disk', 'latency', 'loss', 'offline_on_shift', 'not_seen'] as const;
export type TItAlertKind = (typeof IT_ALERT_KINDS)[number];

export const IT_ALERT_LIMITS = { diskPercent: 90, latencyMs: 300, lossPercent: 5, notSeenHours: 24 } as const;

export function itAlerts(
  record: Pick<TItRecord, 'status' | 'last_seen' | 'on_shift' | 'device_monitors' | 'network_monitors'>,
  now: Date,
): TItAlertKind[] {
  const alerts: TItAlertKind[] = [];
  const device = record.device_monitors.at(-1);
  if (
    device?.disks.some((d) => d.size_bytes > 0 && (d.used_bytes / d.size_bytes) * 100 > IT_ALERT_LIMITS.diskPercent)
  ) {
    alerts.push('disk');
  }
  const net = record.network_monitors.at(-1);
  if (net?.latency_ms != null && net.latency_ms > IT_ALERT_LIMITS.latencyMs) alerts.push('latency');
  if (net?.loss_percent != null && net.loss_percent > IT_ALERT_LIMITS.lossPercent) alerts.push('loss');
  if (record.on_shift && record.status === 'offline') alerts.push('offline_on_shift');
  if (
    record.last_seen !== null &&
    now.getTime() - new Date(record.last_seen).getTime() > IT_ALERT_LIMITS.notSeenHours * 3_600_000
  ) {
    alerts.push('not_seen');
  }
  return alerts;
}
