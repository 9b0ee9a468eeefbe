import {
  IT_STATUSES,
  itAlerts,
  type TAppUsageEntry,
  type TItAlertKind,
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

/** One user on the board: the record and what its columns show, computed once per render. */
export interface ItBoardRow {
  record: TItRecord;
  name: string;
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

export function boardRow(record: TItRecord, now: Date): ItBoardRow {
  const device = record.device_monitors.at(-1);
  const disks = (device?.disks ?? []).map((d) => percent(d.used_bytes, d.size_bytes)).filter((p) => p !== null);
  return {
    record,
    name: itName(record),
    app: record.app_usage.at(-1),
    cpu: device ? device.cpu_load : null,
    ram: device ? percent(device.memory_used_bytes, device.memory_total_bytes) : null,
    disk: disks.length ? Math.max(...disks) : null,
    latency: record.network_monitors.at(-1)?.latency_ms ?? null,
    alerts: itAlerts(record, now),
  };
}

/** Counts at the top of the board: users per status, and users with any alert. */
export function boardCounts(rows: readonly ItBoardRow[]): Record<TItStatus | 'alerts', number> {
  const counts = { active: 0, idle: 0, locked: 0, offline: 0, alerts: 0 };
  for (const row of rows) {
    counts[row.record.status] += 1;
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
      (!filters.status || row.record.status === filters.status) &&
      (!q ||
        [row.name, row.record.username, row.app?.active_app_title ?? '', row.app?.active_app_process ?? ''].some((v) =>
          v.toLocaleLowerCase().includes(q),
        )),
  );
}

/** Sort rank of a status: at work first, no agent last. */
export const statusRank = (status: TItStatus) => IT_STATUSES.indexOf(status);
