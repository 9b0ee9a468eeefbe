import {
  canSeeItBoard,
  canSeeMonitoring,
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
import { buildDay } from './it-timeline.js';
import { presentDailyLog, presentDevice, presentItRecord, presentNetwork } from './it.presenter.js';
import * as repo from './it.repository.js';
import { usableRules } from './pattern-safety.js';

const NO_USER = 'itUserNotFound';

/**
 * `GET /api/script/it-list/` (spec §7): the records of the users the caller may watch,
 * keyed by username. Four statements whatever the number of users: who is monitored, their
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
  const list: TItList = {};
  for (const u of users) {
    const row = byId.get(u.id);
    if (row) list[u.username] = presentItRecord(u, row, onShift.has(u.id), rules);
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
  const [apps, activity, samples, logs, rules] = await Promise.all([
    repo.appEventsOfDay(ctx.db, target.id, from, to),
    repo.activityOfDay(ctx.db, target.id, from, to),
    repo.samplesOfDay(ctx.db, target.id, from, to),
    repo.dailyLogsOfDay(ctx.db, target.id, date),
    repo.listCategoryRules(ctx.db).then(usableRules),
  ]);
  const summary = buildDay({
    from: from.getTime(),
    to: to.getTime(),
    now: new Date(clock.now).getTime(),
    apps: apps.map((a) => ({ ...a, at: new Date(a.at).getTime() })),
    activity: activity.map((a) => ({ state: a.state, at: new Date(a.at).getTime() })),
    rules,
  });
  const device: TDeviceMonitor[] = [];
  const network: TNetworkMonitor[] = [];
  for (const s of samples) {
    if (s.kind === 'device') device.push(presentDevice({ at: s.at.toISOString(), data: s.data }));
    else network.push(presentNetwork({ at: s.at.toISOString(), data: s.data }));
  }
  return {
    username: target.username,
    first_name: target.first_name,
    last_name: target.last_name,
    date,
    ...summary,
    device_monitors: device,
    network_monitors: network,
    daily_logs: logs.map(presentDailyLog),
  };
}
