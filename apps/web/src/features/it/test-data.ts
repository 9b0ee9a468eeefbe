import type { TAppUsageEntry, TDeviceMonitor, TItRecord, TNetworkMonitor } from '@portal/contracts';

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

/** A monitoring record as it-list answers it (HR, active, one app, one sample each, no logs). */
export function makeItRecord(
  username: string,
  first_name: string,
  last_name: string,
  over: Partial<TItRecord> = {},
): TItRecord {
  return {
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
    ...over,
  };
}
