import {
  canSeeItBoard,
  canSeeMonitoring,
  type TDailyLog,
  type TDeviceMonitor,
  type TItDay,
  type TItDayQuery,
  type TItList,
  type TNetworkMonitor,
} from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import type { AppContext } from '../../lib/context.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { onShiftNow, portalClock, portalDays } from '../wfm/index.js';
import { buildMachineDays, dayLogOf } from './it-timeline.js';
import { presentDevice, presentItRecord, presentNetwork, statusOf } from './it.presenter.js';
import * as repo from './it.repository.js';
import { usableRules } from './pattern-safety.js';

const NO_USER = 'itUserNotFound';

/**
 * `GET /api/script/it-list/` (spec §7): the list of records of the users the caller may
 * watch, each carrying its username and its machines. Four statements whatever the number of users: who is monitored, their
 * lists and status (one statement, repo.itListRows), the category rules, and the shifts
 * running now (the WFM feature's).
 */
export async function itList(ctx: AppContext, viewer: UserRow): Promise<TItList> {
  if (!canSeeItBoard(viewer)) throw forbidden();
  const users = (await repo.monitoredUsers(ctx.db)).filter((u) => canSeeMonitoring(viewer, u));
  const ids = users.map((u) => u.id);
  const [rows, rules, onShift] = await Promise.all([
    repo.itListRows(ctx.db, ids),
    repo.listCategoryRules(ctx.db).then(usableRules),
    onShiftNow(ctx.db, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const list: TItList = [];
  for (const u of users) {
    const row = byId.get(u.id);
    if (row) list.push(presentItRecord(u, row, onShift.has(u.id), rules));
  }
  return list;
}

/**
 * `GET /api/it/users/{username}/day/?date=`: the day (the portal's TIME_ZONE day, by the
 * WFM feature's day bounds; default today) of a user the caller may watch — anyone else
 * is 404, exactly like an unknown username.
 */
export async function userDay(ctx: AppContext, viewer: UserRow, username: string, q: TItDayQuery): Promise<TItDay> {
  const target = await repo.findUser(ctx.db, username);
  if (!target || !canSeeMonitoring(viewer, target)) throw notFound(NO_USER);
  const tz = ctx.config.TIME_ZONE;
  const clock = await portalClock(ctx.db, tz);
  const date = q.date ?? clock.today;
  const [bounds] = await portalDays(ctx.db, date, date, tz);
  const from = new Date(bounds!.starts_at);
  const to = new Date(bounds!.ends_at);
  const [apps, activity, samples, machines, rules] = await Promise.all([
    repo.appEventsOfDay(ctx.db, target.id, from, to),
    repo.activityOfDay(ctx.db, target.id, from, to),
    repo.samplesOfDay(ctx.db, target.id, from, to),
    repo.machinesOfUser(ctx.db, target.id),
    repo.listCategoryRules(ctx.db).then(usableRules),
  ]);
  // Each enrolled machine, and any revoked one that reported this day.
  const reported = new Set([...apps, ...activity].map((e) => e.agent_id));
  const shown = machines.filter((m) => !m.revoked || reported.has(m.agent_id));
  const summary = buildMachineDays({
    from: from.getTime(),
    to: to.getTime(),
    now: new Date(clock.now).getTime(),
    rules,
    machines: shown.map((m) => ({
      agent_id: m.agent_id,
      apps: apps.filter((a) => a.agent_id === m.agent_id).map((a) => ({ ...a, at: new Date(a.at).getTime() })),
      activity: activity
        .filter((a) => a.agent_id === m.agent_id)
        .map((a) => ({ state: a.state, at: new Date(a.at).getTime() })),
    })),
  });
  const device: TDeviceMonitor[] = [];
  const network: TNetworkMonitor[] = [];
  for (const s of samples) {
    if (s.kind === 'device') device.push(presentDevice({ at: s.at.toISOString(), data: s.data }));
    else network.push(presentNetwork({ at: s.at.toISOString(), data: s.data }));
  }
  const { machines: days, ...totals } = summary;
  const dayMachines = shown.map((m, i) => {
    const { status, since } = statusOf(m);
    const d = days[i]!;
    return {
      agent_id: m.agent_id,
      hostname: m.hostname,
      status,
      status_since: since,
      last_seen: m.last_seen ? new Date(m.last_seen).toISOString() : null,
      timeline: d.timeline,
      active_seconds: d.active_seconds,
      idle_seconds: d.idle_seconds,
      locked_seconds: d.locked_seconds,
    };
  });
  // The machines' logs come from the same events as their timelines: one account of the day.
  const logs: TDailyLog[] = dayMachines
    .filter((m) => m.timeline.some((x) => x.kind !== 'offline'))
    .map((m) => ({ ...dayLogOf(date, m.timeline, m.status === 'locked'), hostname: m.hostname }));
  return {
    username: target.username,
    first_name: target.first_name,
    last_name: target.last_name,
    date,
    ...totals,
    device_monitors: device,
    network_monitors: network,
    daily_logs: logs,
    machines: dayMachines,
  };
}
