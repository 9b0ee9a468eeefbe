import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authEndpoints as A,
  notificationEndpoints as N,
  userEndpoints as U,
  type TAnnouncementRequest,
} from '@portal/contracts';
import { call } from '../../../test/client.js';
import { factories } from '../../../test/factories.js';
import { openSocket, ready, startTestServer, type TestServer } from '../../../test/harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.stop());

const announce = (token: string, body: TAnnouncementRequest) => call(s.api, N.announce, { token, body });
const list = (token: string, page?: number) =>
  call(s.api, N.listNotifications, { token, query: page === undefined ? {} : { page } });
const unread = async (token: string) => (await call(s.api, N.countUnreadNotifications, { token })).body.count;

describe('announcements', () => {
  it('reach exactly the chosen user types, live and in their lists', async () => {
    const admin = await s.login('admin');
    const [hr, it, wfm] = await Promise.all(['hr', 'it', 'manager.wfm'].map((u) => s.login(u)));
    const [sHr, sIt, sWfm] = [hr, it, wfm].map((t) => openSocket(s.url, '/ws/notification/', t));
    await Promise.all([sHr!, sIt!, sWfm!].map(ready));

    const res = await announce(admin, { message: 'Payroll closes Friday', url: '/user', levels: ['HR', 'IT'] });
    expect(res.status).toBe(201);
    for (const sock of [sHr!, sIt!]) {
      const m = await sock.next((x) => x.message?.command === 'notification');
      expect(m.message.data).toMatchObject({
        id: res.body.id,
        message: 'Payroll closes Friday',
        url: '/user',
        is_read: false,
        notification_level: ['HR', 'IT'],
        // By kind too: an announcement is a person's words, shown as written in every language.
        kind: 'announcement',
        params: { text: 'Payroll closes Friday' },
      });
    }
    // A user of another type receives nothing: a later announcement to WFM arrives first.
    await announce(admin, { message: 'WFM only', levels: ['WFM'] });
    const w = await sWfm!.next((x) => x.message?.command === 'notification');
    expect(w.message.data.message).toBe('WFM only');
    expect(sWfm!.messages.filter((x) => x.message?.command === 'notification')).toHaveLength(1);
    expect(sHr!.messages.some((x) => x.message?.data?.message === 'WFM only')).toBe(false);

    const texts = (await list(wfm!)).body.results.map((n) => n.message);
    expect(texts).toContain('WFM only');
    expect(texts).not.toContain('Payroll closes Friday');
    for (const sock of [sHr!, sIt!, sWfm!]) sock.ws.close();
  });

  it('is for ADMIN, HR and directors only, and validates its input', async () => {
    for (const who of ['it', 'manager.wfm']) {
      const res = await announce(await s.login(who), { message: 'x', levels: ['HR'] });
      expect(res.status, who).toBe(403);
    }
    const director = await s.login('director.gi');
    expect((await announce(director, { message: 'From a director', levels: ['IT'] })).status).toBe(201);
    const bad = await announce(director, { message: '', url: 'javascript:alert(1)', levels: [] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.error.extra?.fields ?? {}).sort()).toEqual(['levels', 'message', 'url']);
    // A type that does not exist: a request the contract would not let a client type.
    const badType = await s.api('POST', '/api/notifications/announce/', {
      token: director,
      body: { message: 'x', levels: ['BOSS'] },
    });
    expect(badType.status).toBe(400);
  });
});

describe('notification list, paging, read state', () => {
  it('pages 10 at a time, newest first, with next as a URL', async () => {
    // Only the paging is under test: twelve notifications for a user of its own, from the factory.
    const make = factories(s.database.db);
    const reader = await make.user({ user_type: 'FINANCE' });
    for (let i = 1; i <= 12; i++) await make.notification({ message: `Finance note ${i}`, recipients: [reader.id] });
    const finance = await s.login(reader.username);
    const p1 = await list(finance, 1);
    expect(p1.body.results).toHaveLength(10);
    expect(p1.body.results[0]!.message).toBe('Finance note 12');
    expect(p1.body.next).toBe('/api/notifications/all/?page=2');
    // The `next` link as the server wrote it.
    const p2 = await s.api('GET', p1.body.next!, { token: finance });
    expect(p2.body.results.map((n: { message: string }) => n.message)).toEqual(['Finance note 2', 'Finance note 1']);
    expect(p2.body.next).toBeNull();
    expect((await list(finance, 0)).status).toBe(400);
  });

  it('marks read, answers the updated items, ignores ids the user may not see, counts unread', async () => {
    const admin = await s.login('admin');
    const mine = await announce(admin, { message: 'For marketing', levels: ['Marketing'] });
    const theirs = await announce(admin, { message: 'Not for marketing', levels: ['RTM'] });
    const marketing = await s.login('marketing');
    const before = await unread(marketing);
    expect(before).toBeGreaterThanOrEqual(1);
    const res = await call(s.api, N.markNotificationsRead, {
      token: marketing,
      body: { data: [mine.body.id, theirs.body.id, 999999] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ id: mine.body.id, is_read: true })]);
    expect(await unread(marketing)).toBe(before - 1);
    // The RTM user still has theirs unread.
    const rtm = await s.login('rtm');
    expect((await list(rtm)).body.results.find((n) => n.id === theirs.body.id)?.is_read).toBe(false);
    const bad = await s.api('POST', '/api/notifications/read/', { token: marketing, body: { data: ['x'] } });
    expect(bad.status).toBe(400);
  });

  it('account events notify the user concerned: password changed, account created', async () => {
    const admin = await s.login('admin');
    const created = await call(s.api, U.createAdminAccount, {
      token: admin,
      body: { username: 'new.rtm', email: 'new.rtm@x.example', password: 'Saffron-Dune-19', user_type: 'RTM' },
    });
    expect(created.status).toBe(201);
    const t = await s.login('new.rtm', 'Saffron-Dune-19');
    const sock = openSocket(s.url, '/ws/notification/', t);
    await ready(sock);
    expect((await list(t)).body.results.some((n) => /welcome/i.test(n.message))).toBe(true);
    expect((await list(admin)).body.results.some((n) => n.message.includes('new.rtm'))).toBe(true);
    const changed = await call(s.api, A.changePassword, {
      token: t,
      body: { old_password: 'Saffron-Dune-19', new_password: 'Saffron-Dune-20' },
    });
    expect(changed.status).toBe(200);
    // This socket belonged to the old session, so the push may race its closing; the list is the truth.
    const t2 = await s.login('new.rtm', 'Saffron-Dune-20');
    const [latest] = (await list(t2)).body.results;
    expect(latest?.message).toMatch(/password was changed/i);
    expect(latest?.url).toBe('/user');
  });
});
