import type { TAppUsageEntry, TDeviceMonitor, TItMachine, TItRecord, TNetworkMonitor } from '@portal/contracts';

/** An app-usage entry as it-list answers it (a text editor in front since 09:00). */
export function makeAppEntry(over: Partial<TAppUsageEntry> = {}): TAppUsageEntry {
  return {
    active_app_title: 'notes.txt - Editor',
    active_app_process: 'gedit',
    active_app_memory: 50_000_000,
    url: null,
    opened_apps: ['gedit', 'firefox'],
    switch_time: '2026-11-23T09:00:00.000Z',
    previous_active_app_title: null,
    previous_active_app_process: null,
    pid: 4242,
    category: 'neutral',
    ...over,
  };
}

export function makeDevice(over: Partial<TDeviceMonitor> = {}): TDeviceMonitor {
  return {
    at: '2026-11-23T09:00:00.000Z',
    hostname: 'desk-01',
    os: 'Debian 13',
    cpu_model: 'Intel i5',
    cpu_load: 20,
    memory_total_bytes: 8_000_000_000,
    memory_used_bytes: 4_000_000_000,
    disks: [{ mount: '/', size_bytes: 100_000_000_000, used_bytes: 50_000_000_000 }],
    battery_percent: null,
    charging: null,
    uptime_seconds: 3600,
    addresses: ['10.0.0.5'],
    ...over,
  };
}

export function makeNetwork(over: Partial<TNetworkMonitor> = {}): TNetworkMonitor {
  return {
    at: '2026-11-23T09:00:00.000Z',
    interface: 'eth0',
    rx_bytes_per_s: 1000,
    tx_bytes_per_s: 500,
    latency_ms: 20,
    loss_percent: 0,
    wifi_signal_percent: null,
    ...over,
  };
}

/** A stable agent id per username, so frames in tests name the machine its record holds. */
const agentIdOf = (username: string) => [...username].reduce((n, c) => n * 31 + c.charCodeAt(0), 7) % 100_000;

/** The machine a frame of `username`'s (first) machine names. */
export const pcOf = (username: string) => ({ username, agent_id: agentIdOf(username), hostname: `desk-${username}` });

/** One enrolled machine as it-list answers it (active since 09:00, its latest window and samples). */
export function makeMachine(username: string, over: Partial<TItMachine> = {}): TItMachine {
  return {
    agent_id: agentIdOf(username),
    hostname: `desk-${username}`,
    platform: 'linux',
    status: 'active',
    status_since: '2026-11-23T09:00:00.000Z',
    last_seen: '2026-11-23T09:00:00.000Z',
    app: makeAppEntry(),
    device: makeDevice(),
    network: makeNetwork(),
    ...over,
  };
}

/** A monitoring record as it-list answers it (HR, active on one machine, one app, one sample each, no logs). */
export function makeItRecord(
  username: string,
  first_name: string,
  last_name: string,
  over: Partial<TItRecord> = {},
): TItRecord {
  const record: TItRecord = {
    username,
    first_name,
    last_name,
    user_type: 'HR',
    status: 'active',
    status_since: '2026-11-23T09:00:00.000Z',
    last_seen: '2026-11-23T09:00:00.000Z',
    on_shift: false,
    network_monitors: [makeNetwork()],
    device_monitors: [makeDevice()],
    app_usage: [makeAppEntry()],
    daily_logs: [],
    machines: [],
    ...over,
  };
  // One machine showing the record's state and latest values, unless the test gives machines.
  return {
    ...record,
    machines: over.machines ?? [
      makeMachine(username, {
        status: record.status,
        status_since: record.status_since,
        last_seen: record.last_seen,
        app: record.app_usage.at(-1) ?? null,
        device: record.device_monitors.at(-1) ?? null,
        network: record.network_monitors.at(-1) ?? null,
      }),
    ],
  };
}
