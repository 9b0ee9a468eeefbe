/**
 * Leave decisions across two server processes on one PostgreSQL: two approvers deciding
 * one request at the same moment through different servers — exactly one wins, the other
 * gets 409 — and two overlapping submissions of one user at once — exactly one is stored.
 * The live frame of a decision made on one server reaches the requester's socket on the
 * other. PostgreSQL pass only (TEST_DATABASE_URL).
 */
import { describe, expect, it } from 'vitest';
import { makeApi, openSocket, ready } from '../harness.js';
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
    const annual = (
      (await one('GET', '/api/leaves/types/', { token: finance })).body as { id: number; code: string }[]
    ).find((t) => t.code === 'annual')!.id;
    const ask = (day: string) => ({ leave_type: annual, start_date: day, end_date: day, reason: 'Race' });

    const requester = openSocket(first.url, '/ws/notification/', finance);
    await ready(requester);

    for (let round = 0; round < 5; round++) {
      const created = await one('POST', '/api/leaves/', { token: finance, body: ask(sunday(round)) });
      expect(created.status).toBe(201);
      const id = created.body.id as number;
      const [a, b] = await Promise.all([
        one('POST', `/api/leaves/${id}/decision/`, { token: director, body: { decision: 'approve', comment: 'Yes' } }),
        two('POST', `/api/leaves/${id}/decision/`, { token: hr, body: { decision: 'reject', comment: 'No' } }),
      ]);
      expect([a.status, b.status].sort(), `round ${round}`).toEqual([200, 409]);
      const loser = a.status === 409 ? a : b;
      expect(loser.body).toEqual({ message: 'This request was already decided.' });
      const winner = a.status === 200 ? a : b;
      const detail = await two('GET', `/api/leaves/${id}/`, { token: finance });
      expect(detail.body.status).toBe(winner.body.status);
      expect(detail.body.timeline.map((e: { event: string }) => e.event)).toEqual(['submitted', winner.body.status]);
      // The decision made on either server reaches the requester's socket on the first.
      await requester.next(
        (m) =>
          m.message?.command === 'leave_update' && m.message.leave === id && m.message.status === winner.body.status,
      );
    }

    // Two overlapping submissions of one user through both servers at once: one is stored.
    for (let round = 10; round < 13; round++) {
      const [a, b] = await Promise.all([
        one('POST', '/api/leaves/', { token: finance, body: ask(sunday(round)) }),
        two('POST', '/api/leaves/', { token: finance, body: ask(sunday(round)) }),
      ]);
      expect([a.status, b.status].sort(), `round ${round}`).toEqual([201, 400]);
      const refused = a.status === 400 ? a : b;
      expect(refused.body.extra.fields.start_date[0]).toMatch(/^You already have leave from/);
    }
    const mine = await one('GET', `/api/leaves/mine/?status=history&year=${Y}`, { token: finance });
    expect(mine.body.length).toBe(5 + 3);
    requester.ws.close();
  });
});
