/**
 * Leave decisions across two server processes on one PostgreSQL: two approvers deciding
 * one request at the same moment through different servers — exactly one wins, the other
 * gets 409 — and two overlapping submissions of one user at once — exactly one is stored.
 * The live frame of a decision made on one server reaches the requester's socket on the
 * other. The balance holds under concurrency too: of two submissions that
 * each fit but together overdraw a later year through carry-over, one is stored; of two
 * approvals that together overdraw, one passes. PostgreSQL pass only (TEST_DATABASE_URL).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { leaveEndpoints as L, type TCreateLeaveRequest } from '@portal/contracts';
import { call } from '../client.js';
import { factories } from '../factories.js';
import { makeApi, openSocket, ready, startTestServer, type TestServer } from '../harness.js';
import { tokenFor, twoServersOnPostgres } from './two-servers.js';

const startServers = twoServersOnPostgres();

/** A year no demo request touches. */
const Y = new Date().getUTCFullYear() + 3;

/** The `n`th Sunday of year Y (a working day under the default Friday–Saturday weekend). */
function sunday(n: number): string {
  const d = new Date(Date.UTC(Y, 0, 1));
  while (d.getUTCDay() !== 0) d.setUTCDate(d.getUTCDate() + 1);
  d.setUTCDate(d.getUTCDate() + 7 * n);
  return d.toISOString().slice(0, 10);
}

describe('leave decisions on several servers', () => {
  it('lets exactly one of two simultaneous approvers win, and stores one of two overlapping submissions', async () => {
    const [first, second] = await startServers();
    const one = makeApi(first.url);
    const two = makeApi(second.url);
    // finance (FINANCE): director.ad approves for the G.AD group, manager.hr as HR.
    const [finance, director, hr] = await Promise.all(
      ['finance', 'director.ad', 'manager.hr'].map((u) => tokenFor(first.url, u)),
    );
    const annual = (await call(one, L.listLeaveTypes, { token: finance })).body.find((t) => t.code === 'annual')!.id;
    const ask = (day: string): TCreateLeaveRequest => ({
      leave_type: annual,
      start_date: day,
      end_date: day,
      reason: 'Race',
    });
    const submit = (api: typeof one, body: TCreateLeaveRequest) => call(api, L.createLeave, { token: finance, body });

    const requester = openSocket(first.url, '/ws/notification/', finance);
    await ready(requester);

    for (let round = 0; round < 5; round++) {
      const created = await submit(one, ask(sunday(round)));
      expect(created.status).toBe(201);
      const id = created.body.id;
      const [a, b] = await Promise.all([
        call(one, L.decideLeave, { token: director, params: { id }, body: { decision: 'approve', comment: 'Yes' } }),
        call(two, L.decideLeave, { token: hr, params: { id }, body: { decision: 'reject', comment: 'No' } }),
      ]);
      expect([a.status, b.status].sort(), `round ${round}`).toEqual([200, 409]);
      const loser = a.status === 409 ? a : b;
      expect(loser.error).toEqual({ message: 'This request was already decided.', code: 'leaveAlreadyDecided' });
      const winner = a.status === 200 ? a : b;
      const detail = await call(two, L.getLeave, { token: finance, params: { id } });
      expect(detail.body.status).toBe(winner.body.status);
      expect(detail.body.timeline.map((e) => e.event)).toEqual(['submitted', winner.body.status]);
      // The decision made on either server reaches the requester's socket on the first.
      await requester.next(
        (m) =>
          m.message?.command === 'leave_update' && m.message.leave === id && m.message.status === winner.body.status,
      );
    }

    // Two overlapping submissions of one user through both servers at once: one is stored.
    for (let round = 10; round < 13; round++) {
      const [a, b] = await Promise.all([submit(one, ask(sunday(round))), submit(two, ask(sunday(round)))]);
      expect([a.status, b.status].sort(), `round ${round}`).toEqual([201, 400]);
      const refused = a.status === 400 ? a : b;
      expect(refused.error.extra?.fields?.start_date?.[0]).toMatch(/^You already have leave from/);
    }
    const mine = await call(one, L.listMyLeaves, { token: finance, query: { status: 'history', year: Y } });
    expect(mine.body.length).toBe(5 + 3);
    requester.ws.close();

    // Y + 1 and Y + 2 hold 26 each (21 + 5 carried). 26 in Y + 2 fits; 22 in Y + 1 fits
    // (4 left to carry: 25 in Y + 2); both together leave Y + 2 a day short. One is stored.
    const feb = sunday(104 + 5); // early February of Y + 2
    const nov = sunday(52 + 44); // early November of Y + 1
    const [a, b] = await Promise.all([
      submit(one, { ...ask(feb), end_date: afterWorkingDays(feb, 26) }),
      submit(two, { ...ask(nov), end_date: afterWorkingDays(nov, 22) }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    const refused = a.status === 400 ? a : b;
    expect(refused.error.extra?.fields?.leave_type?.[0]).toMatch(
      new RegExp(`^Only \\d+ days of Annual leave left in ${Y + 2}; this takes \\d+\\.$`),
    );
  });
});

/** The last of `n` working days from a Sunday (Sunday–Thursday weeks, no holidays in these years). */
const afterWorkingDays = (sunday: string, n: number) => {
  const d = new Date(`${sunday}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + Math.floor((n - 1) / 5) * 7 + ((n - 1) % 5));
  return d.toISOString().slice(0, 10);
};

describe('approvals that together would overdraw a balance', () => {
  let s: TestServer | undefined;
  afterAll(() => s?.stop());

  it('let exactly one of two simultaneous approvals pass (the requester is locked while checking)', async () => {
    s = await startTestServer();
    const make = factories(s.database.db);
    const [hr, admin] = await Promise.all([s.token('hr'), s.token('admin')]);
    for (let round = 0; round < 5; round++) {
      const user = await make.user({ user_type: 'FINANCE' });
      // Held before the balance check existed: all of Y (nothing left to carry) and all of
      // Y + 1 with the 5 it expected. Either approval alone fits; both would leave Y + 1 at −5.
      const mine = await make.leave({ user, start_date: `${Y}-03-01`, days: 26 });
      const next = await make.leave({ user, start_date: `${Y + 1}-03-01`, days: 26 });
      const approve = (id: number, token: string) =>
        call(s!.api, L.decideLeave, { token, params: { id }, body: { decision: 'approve', comment: '' } });
      const [a, b] = await Promise.all([approve(mine.id, hr), approve(next.id, admin)]);
      expect([a.status, b.status].sort(), `round ${round}`).toEqual([200, 409]);
      const loser = a.status === 409 ? a : b;
      expect(loser.error.message).toMatch(
        new RegExp(`^Only \\d+ days of Annual leave left in ${Y + 1}; this takes \\d+\\.$`),
      );
    }
  });
});
