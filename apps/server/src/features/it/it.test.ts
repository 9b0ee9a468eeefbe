/**
 * IT monitoring's reads through real HTTP on a real database: it-list (shape, window,
 * status, shift, categories, who sees whom) and one user's day in the portal's time zone.
 * Telemetry is stored as the ingest stores it (the telemetry factory).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itEndpoints as I } from '@portal/contracts';
import { call, callAs } from '../../../test/client.js';
import type { UserRow } from '../../db/schema.js';
import { factories, type AgentRef, type Factories } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

const TZ = 'Asia/Riyadh'; // UTC+3 all year: the day runs 21:00Z → 21:00Z.
let s: TestServer;
let make: Factories;
let staffHr: UserRow;
let staffIt: UserRow;
let interp: UserRow;
let stale: UserRow;
let noAgent: UserRow;
let dayUser: UserRow;
let quality: UserRow;
const agents = new Map<number, AgentRef>();
let base: number;

const riyadhDate = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date(ms));
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const iso = (ms: number) => new Date(ms).toISOString();

async function agentOf(user: UserRow): Promise<AgentRef> {
  const agent = await make.agent({ user, hostname: `pc-${user.username}` });
  agents.set(user.id, agent);
  return agent;
}

const app = (
  user: UserRow,
  at: number,
  title: string,
  process: string,
  more: Partial<{ heartbeat: boolean; url: string; opened_apps: string[] | null }> = {},
) => ({
  agent: agents.get(user.id)!,
  at,
  heartbeat: more.heartbeat ?? false,
  title,
  process,
  pid: 4242,
  memory_bytes: 1_048_576,
  url: more.url ?? null,
  opened_apps: more.opened_apps ?? null,
});
const network = (user: UserRow, at: number, latency: number) => ({
  agent: agents.get(user.id)!,
  at,
  kind: 'network' as const,
  data: {
    interface: 'eth0',
    rx_bytes_per_s: 1000,
    tx_bytes_per_s: 500,
    latency_ms: latency,
    loss_percent: 0,
    wifi_signal_percent: null,
  },
});
const device = (user: UserRow, at: number) => ({
  agent: agents.get(user.id)!,
  at,
  kind: 'device' as const,
  data: {
    hostname: `pc-${user.username}`,
    os: 'Debian 12',
    cpu_model: 'Test CPU',
    cpu_load: 12.5,
    memory_total_bytes: 8e9,
    memory_used_bytes: 4e9,
    disks: [{ mount: '/', size_bytes: 100, used_bytes: 50 }],
    battery_percent: null,
    charging: null,
    uptime_seconds: 3600,
    addresses: ['10.0.0.5'],
  },
});
const dailyLog = (date: string, active: number) => ({
  date,
  first_activity: `${date}T06:00:00.000Z`,
  last_activity: `${date}T14:00:00.000Z`,
  active_minutes: active,
  idle_minutes: 10,
  locked_minutes: 5,
  lock_periods: [],
});

beforeAll(async () => {
  s = await startTestServer({ TIME_ZONE: TZ });
  make = factories(s.database.db, { timeZone: TZ });
  [staffHr, staffIt, interp, stale, noAgent, dayUser] = await Promise.all([
    make.user({ user_type: 'HR' }),
    make.user({ user_type: 'IT' }),
    make.user({ user_type: 'INTERPRETER' }),
    make.user({ user_type: 'INTERPRETER' }),
    make.user({ user_type: 'HR' }),
    make.user({ user_type: 'INTERPRETER' }),
  ]);
  quality = await make.existingUser('quality');
  for (const u of [staffHr, staffIt, interp, stale, dayUser, quality]) await agentOf(u);

  // IT's rules: excel is productive, video sites are not.
  for (const body of [
    { field: 'process', pattern: '^excel$', category: 'productive' },
    { field: 'site', pattern: '^video\\.', category: 'unproductive' },
  ] as const) {
    expect((await callAs(s, 'it', I.createCategoryRule, { body })).status).toBe(201);
  }

  base = Date.now() - 30 * 60_000;
  await make.telemetry({
    apps: [
      app(interp, base, 'Inbox — Outlook', 'outlook', { opened_apps: ['outlook', 'excel'] }),
      app(interp, base + 10_000, 'Inbox — Outlook', 'outlook', {
        heartbeat: true,
        opened_apps: ['outlook', 'excel', 'chrome'],
      }),
      app(interp, base + 20_000, 'Budget.xlsx', 'excel'),
      app(interp, base + 30_000, 'Funny video', 'chrome', { url: 'https://video.example.com/w', opened_apps: [] }),
      // 22 switches: the list keeps the latest 20, the oldest shown still knows its previous one.
      ...Array.from({ length: 22 }, (_, i) => app(staffIt, base + i * 1000, `Window ${i}`, `proc${i}`)),
      app(staffHr, base, 'Payroll', 'excel'),
    ],
    samples: [
      network(interp, base + 15_000, 40),
      network(interp, base + 5_000, 20),
      device(interp, base + 5_000),
      ...Array.from({ length: 32 }, (_, i) => network(staffIt, base + i * 1000, i)),
    ],
  });
  const today = riyadhDate(Date.now());
  await make.telemetry({
    daily: [{ agent: agents.get(interp.id)!, day: today, data: dailyLog(today, 42) }],
    status: { agent: agents.get(interp.id)!, state: 'active', since: base, last_seen_at: Date.now() },
  });
  await make.telemetry({
    status: { agent: agents.get(stale.id)!, state: 'active', since: base, last_seen_at: Date.now() - 10 * 60_000 },
  });
  // interp works a shift around the clock today.
  await make.shift({ user: interp, date: today, start: '00:00', end: '00:00' });
});
afterAll(() => s?.stop());

const list = async (who: string) => callAs(s, who, I.getItList);
/** The board's records by username (the web keeps them so; the answer is a list). */
const keyed = async (who: string) => {
  const res = await list(who);
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.map((r) => [r.username, r]));
};

describe('GET /api/script/it-list/', () => {
  it('gives each record the spec fields: app switches with their previous window, samples oldest first, logs, status', async () => {
    const r = (await keyed('it'))[interp.username]!;
    expect(r).toMatchObject({
      username: interp.username,
      first_name: interp.first_name,
      user_type: 'INTERPRETER',
      status: 'active',
      status_since: iso(base),
      on_shift: true,
    });
    expect(r.app_usage).toEqual([
      {
        active_app_title: 'Inbox — Outlook',
        active_app_process: 'outlook',
        active_app_memory: 1_048_576,
        url: null,
        // The freshest list seen while it was in front (the heartbeat's).
        opened_apps: ['outlook', 'excel', 'chrome'],
        switch_time: iso(base),
        previous_active_app_title: null,
        previous_active_app_process: null,
        pid: 4242,
        category: 'neutral',
      },
      expect.objectContaining({
        active_app_title: 'Budget.xlsx',
        switch_time: iso(base + 20_000),
        previous_active_app_title: 'Inbox — Outlook',
        previous_active_app_process: 'outlook',
        opened_apps: ['outlook', 'excel', 'chrome'],
        category: 'productive',
      }),
      expect.objectContaining({
        active_app_title: 'Funny video',
        url: 'https://video.example.com/w',
        previous_active_app_title: 'Budget.xlsx',
        previous_active_app_process: 'excel',
        // An empty list leaves the last one standing.
        opened_apps: ['outlook', 'excel', 'chrome'],
        category: 'unproductive',
      }),
    ]);
    expect(r.network_monitors.map((n) => [n.at, n.latency_ms])).toEqual([
      [iso(base + 5_000), 20],
      [iso(base + 15_000), 40],
    ]);
    expect(r.device_monitors).toEqual([
      expect.objectContaining({ at: iso(base + 5_000), os: 'Debian 12', cpu_load: 12.5 }),
    ]);
    expect(r.daily_logs).toEqual([{ ...dailyLog(riyadhDate(Date.now()), 42), hostname: `pc-${interp.username}` }]);
  });

  it('keeps the latest window of each list, and tells offline from a missing or stale status', async () => {
    const body = await keyed('it');
    const r = body[staffIt.username]!;
    expect(r.app_usage).toHaveLength(20);
    expect(r.app_usage[0]).toMatchObject({ active_app_title: 'Window 2', previous_active_app_title: 'Window 1' });
    expect(r.app_usage.at(-1)!.active_app_title).toBe('Window 21');
    expect(r.network_monitors).toHaveLength(30);
    expect(r.network_monitors[0]!.latency_ms).toBe(2);
    // No status row: offline, never seen, and no shift.
    expect(r).toMatchObject({
      status: 'offline',
      status_since: null,
      last_seen: null,
      on_shift: false,
      daily_logs: [],
    });
    // Active, but not heard of for ten minutes: offline since it was last heard of.
    expect(body[stale.username]).toMatchObject({ status: 'offline', app_usage: [], device_monitors: [] });
    expect(body[stale.username]!.status_since).toBe(body[stale.username]!.last_seen);
    // Users without an agent or a status are not on the board.
    expect(body[noAgent.username]).toBeUndefined();
  });

  it('shows each viewer only whom they may watch, their own record included', async () => {
    const mine = [staffHr, staffIt, interp, stale, dayUser, quality].map((u) => u.username);
    const seen = async (who: string) =>
      Object.keys(await keyed(who))
        .filter((k) => mine.includes(k))
        .sort();
    // IT: every staff member and interpreter.
    expect(await seen('it')).toEqual([...mine].sort());
    expect(await seen('admin')).toEqual([...mine].sort());
    // A G.I director: the departments under G.I (IT, QUALITY), not HR, not interpreters.
    expect(await seen('director.gi')).toEqual([staffIt.username, 'quality'].sort());
    // QUALITY: interpreters, and itself.
    expect(await seen('quality')).toEqual([interp.username, stale.username, dayUser.username, 'quality'].sort());
    for (const who of ['hr', 'interpreter01']) {
      const res = await list(who);
      expect(res.status, who).toBe(403);
    }
    // Every record a director gets is one canSeeMonitoring allows (no interpreters, no HR).
    const all = (await list('director.gi')).body;
    expect(all.filter((r) => r.user_type === 'INTERPRETER' || r.user_type === 'HR')).toEqual([]);
  });
});

describe('GET /api/it/users/{username}/day/', () => {
  const D = () => addDays(riyadhDate(Date.now()), -1);
  const start = () => Date.parse(`${D()}T00:00:00+03:00`);
  const day = async (who: string, username: string, date?: string) =>
    callAs(s, who, I.getItUserDay, { params: { username }, query: date ? { date } : {} });

  beforeAll(async () => {
    const t0 = start();
    const t9 = t0 + 9 * 3600_000;
    const end = t0 + 24 * 3600_000;
    const act = (at: number, state: 'active' | 'idle') => ({ agent: agents.get(dayUser.id)!, at, state });
    await make.telemetry({
      apps: [
        // The evening before: carries over midnight in the portal's zone (21:00Z).
        app(dayUser, t0 - 60_000, 'Night notes', 'notepad'),
        app(dayUser, t0 + 60_000, 'Night notes', 'notepad', { heartbeat: true }),
        app(dayUser, t9, 'Inbox', 'outlook'),
        app(dayUser, t9 + 60_000, 'Inbox', 'outlook', { heartbeat: true }),
        app(dayUser, t9 + 180_000, 'Inbox', 'outlook', { heartbeat: true }),
        app(dayUser, t9 + 240_000, 'Funny video', 'chrome', { url: 'https://video.example.com/x' }),
        app(dayUser, t9 + 300_000, 'Funny video', 'chrome', { heartbeat: true, url: 'https://video.example.com/x' }),
        // The next day in Riyadh (still the same UTC date as the day's end): not this day.
        app(dayUser, end + 60_000, 'Tomorrow', 'outlook'),
      ],
      activity: [act(t9 + 120_000, 'idle'), act(t9 + 180_000, 'active')],
      samples: [device(dayUser, t9), network(dayUser, t9, 33), network(dayUser, end + 30 * 60_000, 99)],
    });
    await make.telemetry({
      daily: [
        { agent: agents.get(dayUser.id)!, day: D(), data: dailyLog(D(), 5) },
        { agent: agents.get(dayUser.id)!, day: addDays(D(), -1), data: dailyLog(addDays(D(), -1), 7) },
      ],
    });
  });

  it("draws the portal's day: carried-in app, offline gaps, idle, switches, and clips at midnight", async () => {
    const res = await day('it', dayUser.username, D());
    expect(res.status).toBe(200);
    const t0 = start();
    const t9 = t0 + 9 * 3600_000;
    const at = (ms: number) => iso(ms);
    expect(res.body.timeline.map((x) => [x.from, x.to, x.kind, x.process, x.category])).toEqual([
      [at(t0), at(t0 + 60_000), 'app', 'notepad', 'neutral'],
      [at(t0 + 60_000), at(t9), 'offline', null, null],
      [at(t9), at(t9 + 120_000), 'app', 'outlook', 'neutral'],
      [at(t9 + 120_000), at(t9 + 180_000), 'idle', null, null],
      [at(t9 + 180_000), at(t9 + 240_000), 'app', 'outlook', 'neutral'],
      [at(t9 + 240_000), at(t9 + 300_000), 'app', 'chrome', 'unproductive'],
      [at(t9 + 300_000), at(t0 + 24 * 3600_000), 'offline', null, null],
    ]);
    expect(res.body).toMatchObject({
      username: dayUser.username,
      date: D(),
      active_seconds: 300,
      idle_seconds: 60,
      locked_seconds: 0,
      categories: { productive: 0, neutral: 240, unproductive: 60 },
      top_apps: [
        { name: 'outlook', seconds: 180, category: 'neutral' },
        { name: 'chrome', seconds: 60, category: 'unproductive' },
        { name: 'notepad', seconds: 60, category: 'neutral' },
      ],
      top_sites: [{ name: 'video.example.com', seconds: 60, category: 'unproductive' }],
    });
    expect(res.body.network_monitors.map((n) => n.latency_ms)).toEqual([33]);
    expect(res.body.device_monitors.map((d) => d.at)).toEqual([at(t9)]);
    // The machine's log is the timeline's account (not the agent's own, which said otherwise).
    expect(res.body.daily_logs).toEqual([
      {
        date: D(),
        hostname: `pc-${dayUser.username}`,
        first_activity: at(t0),
        last_activity: at(t9 + 300_000),
        active_minutes: 5,
        idle_minutes: 1,
        locked_minutes: 0,
        lock_periods: [],
      },
    ]);
    expect(res.body.machines).toEqual([
      expect.objectContaining({ hostname: `pc-${dayUser.username}`, active_seconds: 300, idle_seconds: 60 }),
    ]);
  });

  it("defaults to today, and the user's own day is theirs through /it/my-day/", async () => {
    const today = await day('quality', dayUser.username);
    expect(today.status).toBe(200);
    expect(today.body.date).toBe(riyadhDate(Date.now()));
    const mine = await call(s.api, I.getMyItDay, { query: { date: D() }, token: await s.login(dayUser.username) });
    expect(mine.status).toBe(200);
    expect(mine.body.timeline).toEqual((await day('it', dayUser.username, D())).body.timeline);
  });

  it('answers 404 for a user the caller may not watch, exactly like an unknown username', async () => {
    const unknown = await day('hr', 'nobody-by-this-name', D());
    expect(unknown.status).toBe(404);
    for (const [who, target] of [
      ['hr', dayUser.username],
      ['director.gi', dayUser.username],
      ['director.gi', staffHr.username],
      ['quality', staffIt.username],
    ] as const) {
      const res = await day(who, target, D());
      expect([who, target, res.status, res.body]).toEqual([who, target, 404, unknown.body]);
    }
    // The G.I director does see the IT department.
    expect((await day('director.gi', staffIt.username, D())).status).toBe(200);
  });

  it('refuses a day that does not exist on the field', async () => {
    const res = await day('it', dayUser.username, '2030-02-30');
    expect(res.status).toBe(400);
    expect(res.error.extra?.fields).toEqual({ date: ['This date does not exist.'] });
  });
});
