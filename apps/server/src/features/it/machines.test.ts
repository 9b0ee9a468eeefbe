/**
 * A person on several machines, agents that fall silent, and one account of each figure:
 * real enrolment and real agent sockets on a real database; silence is made by moving the
 * agent's last sign of life back on the database clock (no waiting).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interpreterEndpoints as P, itAgentEndpoints as A, itEndpoints as I, type TItRecord } from '@portal/contracts';
import { callAs } from '../../../test/client.js';
import { openSocket, ready, startTestServer, type TestServer } from '../../../test/harness.js';
import { agentSocket, appEvent, enrollAgent } from '../../../test/agent-socket.js';
import { setAgentSeen, setPresenceSeen } from '../../../test/test-clock.repository.js';
import { factories } from '../../../test/factories.js';
import { expireSilentSessions } from '../interpreters/index.js';
import { announceSilentAgents } from './telemetry.service.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
/** A fresh staff member (the demo's people have demo machines of their own). */
const someone = async (user_type: 'HR' | 'OPERATION' | 'QUALITY' | 'DEVELOPER' = 'HR') =>
  (await factories(s.database.db).user({ user_type })).username;
afterAll(async () => {
  await s?.stop();
});

const iso = (ms: number) => new Date(ms).toISOString();
/** An instant as stored: the server corrects agent times by the measured clock offset (a few ms here). */
const near = (ms: number) => ({
  asymmetricMatch: (v: unknown) => typeof v === 'string' && Math.abs(Date.parse(v) - ms) < 2000,
  toString: () => `near ${iso(ms)}`,
});
const activity = (seq: number, state: string, at: number) => ({
  kind: 'activity',
  seq,
  at: iso(at),
  state,
  idle_seconds: 0,
});
const heartbeat = (seq: number, title: string, at: number, process = 'outlook') => ({
  ...appEvent(seq, title, iso(at), process),
  heartbeat: true,
  opened_apps: [],
});
const recordOf = async (username: string): Promise<TItRecord> => {
  const res = await callAs(s, 'it', I.getItList);
  expect(res.status).toBe(200);
  return res.body.find((r) => r.username === username)!;
};
const dayOf = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: s.config.TIME_ZONE }).format(new Date(ms));

describe('it-list (spec §7)', () => {
  it('answers a list of records, each carrying its username', async () => {
    await enrollAgent(s, 'manager.hr');
    const res = await callAs(s, 'it', I.getItList);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((r) => r.username)).toContain('manager.hr');
    expect(new Set(res.body.map((r) => r.username)).size).toBe(res.body.length);
  });
});

describe('a person on two machines', () => {
  it('keeps a row per machine, and every switch of each in its own timeline', async () => {
    const hr = await someone();
    const desk = await enrollAgent(s, hr, { hostname: 'desk-hr' });
    const laptop = await enrollAgent(s, hr, { hostname: 'laptop-hr' });
    const [d, l] = [await agentSocket(s, desk.credential), await agentSocket(s, laptop.credential)];
    // Within the silence limit of now: the last switch still stands.
    const base = Date.now() - 100_000;
    // The desk is locked and keeps heartbeating its window; meanwhile four switches on the laptop.
    await d.send([
      activity(1, 'active', base),
      appEvent(2, 'Inbox — Outlook', iso(base), 'outlook'),
      activity(3, 'locked', base + 30_000),
    ]);
    await l.send([activity(1, 'active', base + 50_000), appEvent(2, 'Roster.xlsx', iso(base + 60_000), 'excel')]);
    await d.send([heartbeat(4, 'Inbox — Outlook', base + 65_000)]);
    await l.send([appEvent(3, 'CRM — Chromium', iso(base + 70_000))]);
    await d.send([heartbeat(5, 'Inbox — Outlook', base + 75_000)]);
    await l.send([
      appEvent(4, 'Team chat', iso(base + 80_000), 'teams'),
      appEvent(5, 'Notes', iso(base + 90_000), 'gedit'),
    ]);

    const r = await recordOf(hr);
    const mine = r.machines;
    expect(mine.map((m) => [m.hostname, m.status, m.app?.active_app_title])).toEqual([
      ['desk-hr', 'locked', 'Inbox — Outlook'],
      ['laptop-hr', 'active', 'Notes'],
    ]);
    // Each machine's window has its own previous one, never the other machine's.
    expect(mine[1]!.app).toMatchObject({
      previous_active_app_title: 'Team chat',
      previous_active_app_process: 'teams',
    });
    // The person is at work (the laptop), since the laptop's period began.
    expect(r).toMatchObject({ status: 'active', status_since: near(base + 50_000) });

    const day = await callAs(s, 'it', I.getItUserDay, { params: { username: hr }, query: { date: dayOf(base) } });
    expect(day.status).toBe(200);
    const lap = day.body.machines.find((m) => m.agent_id === laptop.agent_id)!;
    // (Active from +50 s with no window known yet: an app span without a title.)
    const titles = lap.timeline.filter((x) => x.kind === 'app' && x.title !== null).map((x) => x.title);
    expect(titles).toEqual(['Roster.xlsx', 'CRM — Chromium', 'Team chat', 'Notes']);
    const deskDay = day.body.machines.find((m) => m.agent_id === desk.agent_id)!;
    expect(deskDay.timeline.filter((x) => x.kind !== 'offline').map((x) => x.kind)).toEqual(['app', 'locked']);
    // The day's timeline holds every machine's segments: the switches are there too.
    expect(day.body.timeline.filter((x) => x.kind === 'app').map((x) => x.title)).toEqual(
      expect.arrayContaining(['Roster.xlsx', 'CRM — Chromium', 'Team chat', 'Notes']),
    );
    for (const sock of [d, l]) sock.sock.ws.close();
  });

  it('keeps an interpreter online while any of their machines is: locking one closes nothing', async () => {
    const who = (await factories(s.database.db).user({ user_type: 'INTERPRETER' })).username;
    const desk = await enrollAgent(s, who, { hostname: 'desk-int' });
    const laptop = await enrollAgent(s, who, { hostname: 'laptop-int' });
    const [d, l] = [await agentSocket(s, desk.credential), await agentSocket(s, laptop.credential)];
    const presence = async () => {
      const res = await callAs(s, 'manager.wfm', P.listInterpreters);
      expect(res.status).toBe(200);
      return res.body.find((i) => i.username === who)!.profile;
    };
    // Within the clock skew an agent's presence may lag (a person's own report): the last few seconds.
    const base = Date.now() - 20_000;
    await d.send([activity(1, 'active', base)]);
    await l.send([activity(1, 'active', base + 2_000)]);
    expect(await presence()).toMatchObject({ online: 1, online_since: near(base) });
    // The desk is locked; the laptop is still in use: still online, in the same session.
    await d.send([activity(2, 'locked', base + 4_000)]);
    expect(await presence()).toMatchObject({ online: 1, online_since: near(base) });
    // The desk comes back, then the laptop locks: the desk keeps them online.
    await d.send([activity(3, 'active', base + 6_000)]);
    await l.send([activity(2, 'locked', base + 8_000)]);
    expect(await presence()).toMatchObject({ online: 1, online_since: near(base) });
    // Both locked: offline, from the last one's lock.
    await d.send([activity(4, 'locked', base + 10_000)]);
    expect(await presence()).toMatchObject({ online: 0, online_since: null });
    // Either machine back opens a new session.
    await l.send([activity(3, 'active', base + 12_000)]);
    expect(await presence()).toMatchObject({ online: 1, online_since: near(base + 12_000) });
    for (const sock of [d, l]) sock.sock.ws.close();
  });

  it("keeps an interpreter at an unlocked machine online past the presence expiry: the agent's batches are signs of life", async () => {
    const user = await factories(s.database.db).user({ user_type: 'INTERPRETER' });
    const desk = await enrollAgent(s, user.username, { hostname: 'desk-long' });
    const d = await agentSocket(s, desk.credential);
    const online = async () =>
      (await callAs(s, 'manager.wfm', P.listInterpreters)).body.find((i) => i.username === user.username)!.profile
        .online;
    await d.send([activity(1, 'active', Date.now() - 5_000)]);
    expect(await online()).toBe(1);
    // Unlocked since (as far as presence last heard) ten minutes ago; the agent still reports.
    await setPresenceSeen(s.database.db, user.id, -600);
    await d.send([heartbeat(2, 'Call queue', Date.now(), 'zoiper')]);
    await expireSilentSessions(s.app.ctx, 5);
    expect(await online()).toBe(1);
    // Locked: no sign of life from a locked machine keeps anyone online.
    await d.send([activity(3, 'locked', Date.now())]);
    expect(await online()).toBe(0);
    d.sock.ws.close();
  });

  it('gives the day page one account: totals, machines and logs agree', async () => {
    const ops = await someone('OPERATION');
    const a = await enrollAgent(s, ops, { hostname: 'desk-ops' });
    const sock = await agentSocket(s, a.credential);
    const base = Date.now() - 10 * 60_000;
    await sock.send([
      activity(1, 'active', base),
      appEvent(2, 'Weekly roster.xlsx — Excel', iso(base), 'excel'),
      heartbeat(3, 'Weekly roster.xlsx — Excel', base + 60_000, 'excel'),
      activity(4, 'idle', base + 90_000),
      activity(5, 'locked', base + 150_000),
      activity(6, 'active', base + 270_000),
      heartbeat(7, 'Weekly roster.xlsx — Excel', base + 300_000, 'excel'),
      activity(8, 'offline', base + 330_000),
    ]);
    const day = await callAs(s, 'it', I.getItUserDay, {
      params: { username: ops },
      query: { date: dayOf(base) },
    });
    expect(day.status).toBe(200);
    const m = day.body.machines.find((x) => x.agent_id === a.agent_id)!;
    const log = day.body.daily_logs.find((x) => x.hostname === 'desk-ops')!;
    expect(m).toMatchObject({ active_seconds: 150, idle_seconds: 60, locked_seconds: 120 });
    expect(log).toMatchObject({
      date: dayOf(base),
      first_activity: near(base),
      last_activity: near(base + 330_000),
      active_minutes: Math.round(m.active_seconds / 60),
      idle_minutes: Math.round(m.idle_seconds / 60),
      locked_minutes: Math.round(m.locked_seconds / 60),
      lock_periods: [{ from: near(base + 150_000), to: near(base + 270_000) }],
    });
    // The person's totals are their machines' (one machine here).
    expect(day.body).toMatchObject({ active_seconds: 150, idle_seconds: 60, locked_seconds: 120 });
    // Stopped cleanly: offline now, from its stop.
    expect(m).toMatchObject({ status: 'offline', status_since: near(base + 330_000) });
    sock.sock.ws.close();
  });
});

describe('silent agents', () => {
  it('are offline from their last sign of life, announced once, and start a new period on reconnect', async () => {
    const quality = await someone('QUALITY');
    const a = await enrollAgent(s, quality, { hostname: 'desk-quality' });
    const first = await agentSocket(s, a.credential);
    await first.send([activity(1, 'active', Date.now() - 1000), appEvent(2, 'Call queue', undefined, 'zoiper')]);
    first.sock.ws.terminate(); // no clean stop: no offline event
    const viewer = openSocket(s.url, '/ws/it/', await s.token('it'));
    await ready(viewer);
    // Heard of last 10 minutes ago, at work since 78 minutes ago.
    await setAgentSeen(s.database.db, a.agent_id, -600, -78 * 60);
    const silent = (await recordOf(quality)).machines.find((m) => m.agent_id === a.agent_id)!;
    expect(silent.status).toBe('offline');
    expect(silent.status_since).toBe(silent.last_seen);
    expect(Date.now() - Date.parse(silent.last_seen!)).toBeGreaterThanOrEqual(590_000);
    // Its last window stays as it was last seen.
    expect(silent.app?.active_app_title).toBe('Call queue');
    expect((await callAs(s, 'it', A.listAgents)).body.find((x) => x.id === a.agent_id)?.connected).toBe(false);

    // Every server runs the announcement (the scheduler's run may come first): claimed once, and open boards hear it.
    const claims = await Promise.all([announceSilentAgents(s.app.ctx), announceSilentAgents(s.app.ctx)]);
    expect(claims.reduce((n, c) => n + c, 0)).toBeLessThanOrEqual(1);
    expect(await announceSilentAgents(s.app.ctx)).toBe(0);
    const frame = await viewer.next((f) => f.message?.command === 'it_status' && f.message.agent_id === a.agent_id);
    expect(frame.message).toMatchObject({
      username: quality,
      hostname: 'desk-quality',
      status: 'offline',
      since: silent.last_seen,
    });
    viewer.ws.close();

    // Back: a new period from the reconnect, not "active for 1h 18m".
    const before = Date.now();
    const again = await agentSocket(s, a.credential);
    await again.send([heartbeat(3, 'Call queue', Date.now(), 'zoiper')]);
    const back = (await recordOf(quality)).machines.find((m) => m.agent_id === a.agent_id)!;
    expect(back.status).toBe('active');
    expect(Date.parse(back.status_since!)).toBeGreaterThanOrEqual(before - 1000);
    again.sock.ws.close();
  });

  it('the agents list says not connected at once after a clean stop', async () => {
    const dev = await someone('DEVELOPER');
    const a = await enrollAgent(s, dev, { hostname: 'desk-dev' });
    const sock = await agentSocket(s, a.credential);
    await sock.send([activity(1, 'active', Date.now() - 2000)]);
    const connected = async () =>
      (await callAs(s, 'it', A.listAgents)).body.find((x) => x.id === a.agent_id)?.connected;
    expect(await connected()).toBe(true);
    await sock.send([activity(2, 'offline', Date.now())]);
    sock.sock.ws.close();
    expect(await connected()).toBe(false);
    const m = (await recordOf(dev)).machines.find((x) => x.agent_id === a.agent_id)!;
    expect(m.status).toBe('offline');
  });
});
