import {
  personStatus,
  type TAppUsageEntry,
  type TAppUsageUpdate,
  type TCategoryRule,
  type TDailyLog,
  type TDeviceMonitor,
  type TItMachine,
  type TItRecord,
  type TItStatus,
  type TNetworkMonitor,
  type TRedactionRule,
} from '@portal/contracts';
import { categoryOf, type CategoryRules } from './it-timeline.js';
import type {
  AppSwitchJson,
  CategoryRuleRow,
  DailyLogJson,
  ItListRow,
  LiveRow,
  MachineJson,
  MachineStateJson,
  MonitoredUser,
  RedactionRuleRow,
  SampleJson,
} from './it.repository.js';

const iso = (v: Date | string) => new Date(v).toISOString();

/** A stored sample (its `at` kept beside the agent's data) as the contract's monitor. */
export const presentDevice = (s: SampleJson): TDeviceMonitor => ({
  ...(s.data as Omit<TDeviceMonitor, 'at'>),
  at: iso(s.at),
});
export const presentNetwork = (s: SampleJson): TNetworkMonitor => ({
  ...(s.data as Omit<TNetworkMonitor, 'at'>),
  at: iso(s.at),
});
/** A stored daily log (the agent's summary, without the machine) with its machine's host name. */
export const presentDailyLog = (l: DailyLogJson): TDailyLog => ({
  ...(l.data as Omit<TDailyLog, 'hostname'>),
  hostname: l.hostname,
});

function presentSwitch(e: AppSwitchJson, rules: CategoryRules): TAppUsageEntry {
  return {
    active_app_title: e.title,
    active_app_process: e.process,
    active_app_memory: e.memory,
    url: e.url,
    opened_apps: e.opened_apps ?? [],
    switch_time: iso(e.at),
    previous_active_app_title: e.prev_title,
    previous_active_app_process: e.prev_process,
    pid: e.pid,
    category: categoryOf(rules, e),
  };
}

/**
 * A machine's state now: never reported, or silent for IT_SILENT_AFTER_MS, is offline from
 * its last sign of life; otherwise the state its agent last reported (offline after a clean stop).
 */
export function statusOf(m: MachineStateJson): { status: TItStatus; since: string | null } {
  if (m.state === null || m.since === null || m.silent)
    return { status: 'offline', since: m.last_seen ? iso(m.last_seen) : null };
  return { status: m.state, since: iso(m.since) };
}

function presentMachine(m: MachineJson, rules: CategoryRules): TItMachine {
  const { status, since } = statusOf(m);
  return {
    agent_id: m.agent_id,
    hostname: m.hostname,
    platform: m.platform,
    status,
    status_since: since,
    last_seen: m.last_seen ? iso(m.last_seen) : null,
    app: m.app ? presentSwitch(m.app, rules) : null,
    device: m.device ? presentDevice(m.device) : null,
    network: m.network ? presentNetwork(m.network) : null,
  };
}

export function presentItRecord(
  user: MonitoredUser,
  row: ItListRow,
  onShift: boolean,
  rules: CategoryRules,
): TItRecord {
  const machines = row.machines.map((m) => presentMachine(m, rules));
  const lastSeen = row.last_seen ? iso(row.last_seen) : null;
  const { status, since } = personStatus(machines, lastSeen);
  return {
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    user_type: user.user_type,
    status,
    status_since: since,
    last_seen: lastSeen,
    machines,
    on_shift: onShift,
    network_monitors: row.network.map(presentNetwork),
    device_monitors: row.device.map(presentDevice),
    app_usage: row.app_usage.map((e) => presentSwitch(e, rules)),
    daily_logs: row.daily_logs.map(presentDailyLog),
  };
}

/** The live `app_usage` frame's data: the latest app event as it is (no opened list: empty). */
export function presentAppUpdate(app: NonNullable<LiveRow['app']>, rules: CategoryRules): TAppUsageUpdate {
  return {
    active_app_title: app.title,
    active_app_process: app.process,
    active_app_memory: app.memory,
    url: app.url,
    opened_apps: app.opened_apps ?? [],
    pid: app.pid,
    category: categoryOf(rules, app),
  };
}

export const presentRedactionRule = (r: RedactionRuleRow): TRedactionRule => ({
  id: r.id,
  pattern: r.pattern,
  description: r.description,
  created_at: iso(r.created_at),
  created_by: r.created_by,
});

export const presentCategoryRule = (r: CategoryRuleRow): TCategoryRule => ({
  id: r.id,
  field: r.field,
  pattern: r.pattern,
  category: r.category,
  created_at: iso(r.created_at),
  created_by: r.created_by,
});
