import type {
  TAppUsageEntry,
  TAppUsageUpdate,
  TCategoryRule,
  TDailyLog,
  TDeviceMonitor,
  TItRecord,
  TItStatus,
  TNetworkMonitor,
  TRedactionRule,
} from '@portal/contracts';
import { categoryOf, type CategoryRules } from './it-timeline.js';
import type {
  AppSwitchJson,
  CategoryRuleRow,
  DailyLogJson,
  ItListRow,
  LiveRow,
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

/** The machine's state now: none, or not heard of for three minutes, is offline (since it was last heard of). */
export function statusOf(row: Pick<ItListRow, 'state' | 'since' | 'last_seen' | 'stale'>): {
  status: TItStatus;
  since: string | null;
} {
  if (row.state === null || row.since === null)
    return { status: 'offline', since: row.last_seen ? iso(row.last_seen) : null };
  if (row.stale) return { status: 'offline', since: iso(row.last_seen ?? row.since) };
  return { status: row.state, since: iso(row.since) };
}

export function presentItRecord(
  user: MonitoredUser,
  row: ItListRow,
  onShift: boolean,
  rules: CategoryRules,
): TItRecord {
  const { status, since } = statusOf(row);
  return {
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    user_type: user.user_type,
    status,
    status_since: since,
    last_seen: row.last_seen ? iso(row.last_seen) : null,
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
