import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interpreterEndpoints as I, WS_CLOSE } from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import { call, callAs } from '../../../test/client.js';
import { factories } from '../../../test/factories.js';
import { openSocket, ready, startTestServer, type TestServer } from '../../../test/harness.js';

let s: TestServer;
let make: ReturnType<typeof factories>;
let key: string;

const HOUR = 3600_000;
/**
 * A fixed-offset zone (Etc/GMT-N is UTC+N) whose wall clock is between 01:00 and 22:59 now,
 * so its last midnight is over an hour ago and at least an hour away from UTC's.
 */
const portalZone = (() => {
  for (const n of [5, -5, 9, -9, 12, -3]) {
    const hour = Math.floor((((Date.now() + n * HOUR) % (24 * HOUR)) + 24 * HOUR) / HOUR) % 24;
    if (hour >= 1 && hour <= 22) {
      const midnight = Math.floor((Date.now() + n * HOUR) / (24 * HOUR)) * 24 * HOUR - n * HOUR;
      return { name: `Etc/GMT${n > 0 ? '-' : '+'}${Math.abs(n)}`, midnight };
    }
  }
  throw new Error('no zone fits');
})();

beforeAll(async () => {
  // A day of history laid out through the feed: the platform may send up to a day late here.
  s = await startTestServer({ TIME_ZONE: portalZone.name, PRESENCE_MAX_PAST: '1d' });
  make = factories(s.database.db);
  key = (await make.integrationKey({ name: 'Board' })).key;
});
afterAll(() => s?.stop());

const as = (who: string | UserRow) => s.login(typeof who === 'string' ? who : who.username);
const board = async (who: string | UserRow) => (await callAs(s, who, I.listInterpreters)).body;
const followReq = (who: string | UserRow, username: string, follow: boolean) =>
  callAs(s, who, I.followInterpreters, { body: { username, follow } });
const presence = async (username: string, online: boolean, source_id: string, at = new Date().toISOString()) =>
  (
    await call(s.api, I.postPresenceEvents, {
      body: { events: [{ username, online, at, source_id }] },
      headers: { 'x-api-key': key },
    })
  ).body;
const bell = async (who: UserRow) =>
  (await s.api('GET', '/api/notifications/all/', { token: await as(who) })).body.results as {
    message: string;
    url: string;
  }[];
const events = async (action: string, id: number) =>
  (
    await s.api('GET', `/api/eventlogs/?target_type=user&target_id=${id}&action=${action}`, {
      token: await as('admin'),
    })
  ).body.results as unknown[];

describe('the interpreters board', () => {
  it('is for those who may see interpreters: WFM, RTM and ADMIN in; HR and FINANCE 403', async () => {
    for (const who of ['manager.wfm', 'rtm', 'admin']) {
      const res = await callAs(s, who, I.listInterpreters);
      expect(res.status, who).toBe(200);
      expect(res.body.length).toBeGreaterThanOrEqual(30);
    }
    for (const who of ['hr', 'finance']) {
      expect((await callAs(s, who, I.listInterpreters)).status, who).toBe(403);
      expect((await followReq(who, 'interpreter01', true)).status, who).toBe(403);
    }
  });

  it('lists online first, then by name, with the seeded profiles and minutes today', async () => {
    const list = await board('manager.wfm');
    expect(list.every((i) => i.username.startsWith('interpreter') || i.first_name)).toBe(true);
    const firstOffline = list.findIndex((i) => i.profile.online === 0);
    expect(list.slice(firstOffline).every((i) => i.profile.online === 0)).toBe(true);
    expect(list.slice(0, firstOffline).every((i) => i.profile.online === 1 && i.profile.online_since)).toBe(true);
    const one = list.find((i) => i.username === 'interpreter01')!;
    expect(one.profile).toMatchObject({ team: 'Medical', extension: '2001' });
    expect(one.profile.languages).toContain('Arabic↔English');
  });

  it('follows idempotently: twice counts once, unfollowing someone not followed is fine, unknown is 404', async () => {
    const u = await make.user({ user_type: 'INTERPRETER', first_name: 'Salma', last_name: 'Follow' });
    const a = await followReq('manager.wfm', u.username, true);
    expect(a.status).toBe(200);
    expect(a.body.profile.followers).toBe(1);
    expect(a.body.following).toBe(true);
    expect((await followReq('manager.wfm', u.username, true)).body.profile.followers).toBe(1);
    expect((await followReq('rtm', u.username, true)).body.profile.followers).toBe(2);
    const off = await followReq('rtm', u.username, false);
    expect(off.body).toMatchObject({ following: false, profile: { followers: 1 } });
    expect((await followReq('rtm', u.username, false)).body.profile.followers).toBe(1);
    expect(await events('interpreter.followed', u.id)).toHaveLength(2);
    expect(await events('interpreter.unfollowed', u.id)).toHaveLength(1);
    expect((await board('rtm')).find((i) => i.username === u.username)!.following).toBe(false);
    expect((await followReq('manager.wfm', 'no.such.person', true)).status).toBe(404);
    expect((await followReq('manager.wfm', 'hr', true)).status).toBe(404);
  });

  it('notifies followers who want it, only when the interpreter really comes online', async () => {
    const u = await make.user({ user_type: 'INTERPRETER', first_name: 'Hoda', last_name: 'Online' });
    const wants = await make.user({ user_type: 'WFM' });
    const quiet = await make.user({ user_type: 'RTM' });
    const stranger = await make.user({ user_type: 'WFM' });
    await followReq(wants, u.username, true);
    await followReq(quiet, u.username, true);
    const settings = await callAs(s, quiet, I.updateFollowSettings, { body: { notify_when_online: false } });
    expect(settings.body).toEqual({ notify_when_online: false });
    expect((await callAs(s, wants, I.getFollowSettings)).body).toEqual({
      notify_when_online: true,
    });

    const about = (list: { message: string }[]) => list.filter((n) => n.message === 'Hoda Online is online.');
    await presence(u.username, true, `n1-${u.id}`, new Date(Date.now() - 60_000).toISOString());
    expect(about(await bell(wants))).toEqual([
      expect.objectContaining({ message: 'Hoda Online is online.', url: `/wfm/${u.username}` }),
    ]);
    // Still online: another online event is no change and tells nobody again.
    await presence(u.username, true, `n2-${u.id}`);
    expect(about(await bell(wants))).toHaveLength(1);
    expect(about(await bell(quiet))).toEqual([]);
    expect(about(await bell(stranger))).toEqual([]);
    // Off, then on again: a real change, a second notification.
    await presence(u.username, false, `n3-${u.id}`);
    await presence(u.username, true, `n4-${u.id}`, new Date(Date.now() + 1000).toISOString());
    expect(about(await bell(wants))).toHaveLength(2);
    const row = (await board(wants)).find((i) => i.username === u.username)!;
    expect(row.profile.online).toBe(1);
  });

  it('lets WFM, RTM and ADMIN edit a profile, not HR; a pair in either order is kept once', async () => {
    const u = await make.user({ user_type: 'INTERPRETER' });
    const body = { languages: ['Arabic↔English', 'English↔Arabic', 'Arabic↔Urdu'], team: ' Legal ', extension: '2999' };
    const profile = (who: string, username: string, change: Partial<typeof body> = {}) =>
      callAs(s, who, I.updateInterpreterProfile, { params: { username }, body: { ...body, ...change } });
    const hr = await profile('hr', u.username);
    expect(hr.status).toBe(403);
    const res = await profile('rtm', u.username);
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({
      languages: ['Arabic↔English', 'Arabic↔Urdu'],
      team: 'Legal',
      extension: '2999',
    });
    expect((await board('manager.wfm')).find((i) => i.username === u.username)!.profile.team).toBe('Legal');
    const bad = await profile('rtm', u.username, { languages: ['Arabic'] });
    expect(bad.status).toBe(400);
    expect(bad.error.extra?.fields).toHaveProperty(['languages.0']);
    expect((await profile('rtm', 'hr')).status).toBe(404);
  });
});

describe('online minutes today', () => {
  it("count from midnight on the portal's TIME_ZONE, not UTC's", async () => {
    const u = await make.user({ user_type: 'INTERPRETER' });
    // A session across the portal's midnight: 40 minutes yesterday, 20 today (UTC's
    // midnight is an hour or more away, so it would count 0 or 60).
    const from = new Date(portalZone.midnight - 40 * 60_000).toISOString();
    const to = new Date(portalZone.midnight + 20 * 60_000).toISOString();
    await presence(u.username, true, `tz-on-${u.id}`, from);
    await presence(u.username, false, `tz-off-${u.id}`, to);
    const row = (await board('manager.wfm')).find((i) => i.username === u.username)!;
    expect(row.profile).toMatchObject({ online: 0, online_minutes_today: 20 });
  });
});

describe('the live channel /ws/interpreters/', () => {
  it("reaches WFM's audience outside the board list (a director of another branch), and refuses HR", async () => {
    const u = await make.user({ user_type: 'INTERPRETER' });
    // director.ad (G.AD) is not on the board list but may use WFM; g.sdm is both.
    const director = openSocket(s.url, '/ws/interpreters/', await as('director.ad'));
    const sdm = openSocket(s.url, '/ws/interpreters/', await as('g.sdm'));
    await Promise.all([ready(director), ready(sdm)]);
    expect((await callAs(s, 'director.ad', I.listInterpreters)).status).toBe(403);
    const hr = openSocket(s.url, '/ws/interpreters/', await as('hr'));
    expect((await hr.closed).code).toBe(WS_CLOSE.forbidden);

    const at = new Date(Date.now() - 60_000).toISOString();
    await presence(u.username, true, `aud-${u.id}`, at);
    const frame = { command: 'interpreter_status', username: u.username, online: 1, at };
    expect((await director.next((m) => m.message?.username === u.username)).message).toEqual(frame);
    expect((await sdm.next((m) => m.message?.username === u.username)).message).toEqual(frame);
    expect(hr.messages).toEqual([]);
    director.ws.close();
    sdm.ws.close();
  });
});
