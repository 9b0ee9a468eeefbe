import {
  IT_STATUSES,
  itAlerts,
  type TAppUsageEntry,
  type TItAlertKind,
  type TItMachine,
  type TItRecord,
  type TItStatus,
  type TUserType,
} from '@portal/contracts';

/** The board's filters, kept in the URL. */
export interface ItBoardFilters {
  department: TUserType | '';
  status: TItStatus | '';
  q: string;
}

/** One machine of a user on the board (a user with no machine enrolled: one row without): what its columns show. */
export interface ItBoardRow {
  key: string;
  record: TItRecord;
  machine: TItMachine | undefined;
  name: string;
  /** The machine's state (the person's when they have no machine). */
  status: TItStatus;
  since: string | null;
  /** Offline: the values below are the last ones seen, and the app's timer stops at `lastSeen`. */
  offline: boolean;
  lastSeen: string | null;
  app: TAppUsageEntry | undefined;
  cpu: number | null;
  ram: number | null;
  /** The fullest disk, % used. */
  disk: number | null;
  latency: number | null;
  alerts: TItAlertKind[];
}

export const itName = (r: Pick<TItRecord, 'first_name' | 'last_name' | 'username'>) =>
  `${r.first_name} ${r.last_name}`.trim() || r.username;

const percent = (used: number, total: number) => (total > 0 ? (used / total) * 100 : null);

function machineRow(record: TItRecord, machine: TItMachine | undefined, now: Date): ItBoardRow {
  const device = machine?.device ?? undefined;
  const network = machine?.network ?? undefined;
  const disks = (device?.disks ?? []).map((d) => percent(d.used_bytes, d.size_bytes)).filter((p) => p !== null);
  const status = machine?.status ?? record.status;
  return {
    key: `${record.username}\u0000${machine?.agent_id ?? ''}`,
    record,
    machine,
    name: itName(record),
    status,
    since: machine ? machine.status_since : record.status_since,
    offline: status === 'offline',
    lastSeen: machine ? machine.last_seen : record.last_seen,
    app: machine?.app ?? undefined,
    cpu: device ? device.cpu_load : null,
    ram: device ? percent(device.memory_used_bytes, device.memory_total_bytes) : null,
    disk: disks.length ? Math.max(...disks) : null,
    latency: network?.latency_ms ?? null,
    // The machine's own samples; being offline on shift is the person's (no machine reporting).
    alerts: itAlerts(
      {
        status: record.status,
        on_shift: record.on_shift,
        last_seen: machine ? machine.last_seen : record.last_seen,
        device_monitors: device ? [device] : [],
        network_monitors: network ? [network] : [],
      },
      now,
    ),
  };
}

/** The board's rows of one person: one per machine, by host name (or one without a machine). */
export function boardRows(record: TItRecord, now: Date): ItBoardRow[] {
  if (record.machines.length === 0) return [machineRow(record, undefined, now)];
  return record.machines.map((m) => machineRow(record, m, now));
}

/** Counts at the top of the board: machines per status, and machines with any alert. */
export function boardCounts(rows: readonly ItBoardRow[]): Record<TItStatus | 'alerts', number> {
  const counts = { active: 0, idle: 0, locked: 0, offline: 0, alerts: 0 };
  for (const row of rows) {
    counts[row.status] += 1;
    if (row.alerts.length) counts.alerts += 1;
  }
  return counts;
}

/** Rows that pass the filters; the search matches name, username and the current app. */
export function filterRows(rows: readonly ItBoardRow[], filters: ItBoardFilters): ItBoardRow[] {
  const q = filters.q.trim().toLocaleLowerCase();
  return rows.filter(
    (row) =>
      (!filters.department || row.record.user_type === filters.department) &&
      (!filters.status || row.status === filters.status) &&
      (!q ||
        [
          row.name,
          row.record.username,
          row.machine?.hostname ?? '',
          row.app?.active_app_title ?? '',
          row.app?.active_app_process ?? '',
        ].some((v) => v.toLocaleLowerCase().includes(q))),
  );
}

/** Sort rank of a status: at work first, no agent last. */
export const statusRank = (status: TItStatus) => IT_STATUSES.indexOf(status);
