/**
 * SLA escalation with two servers on one PostgreSQL: both run the job at the same moment
 * over the same breached tickets, and each breach is still told exactly once (the
 * conditional update decides). PostgreSQL pass only (TEST_DATABASE_URL).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ZTicket } from '@portal/contracts';
import { escalateSlaBreaches } from '../../src/features/tickets/index.js';
import { startTestServer, type TestServer } from '../harness.js';
import { setTicketTimes } from '../test-clock.repository.js';

const servers: TestServer[] = [];
// The second server shares the first one's database: stop it first (the first drops it).
afterAll(async () => {
  for (const s of [...servers].reverse()) await s.stop();
});

describe('SLA escalation on several servers', () => {
  it('escalates each breach once when two servers run the job concurrently', async () => {
    const first = await startTestServer();
    servers.push(first);
    const second = await startTestServer({ DATABASE_URL: first.config.DATABASE_URL! });
    servers.push(second);
    expect(second.database.kind).toBe('postgres');

    const hr = await first.login('hr');
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await first.api('POST', '/api/user/create_ticket/', {
        token: hr,
        body: { department: 'IT', subject: `Breach ${i}`, description: 'Nobody answered.', priority: 'urgent' },
      });
      expect(res.status).toBe(201);
      ids.push(ZTicket.parse(res.body).id);
    }
    // Past the seeded urgent first response (30 minutes), not yet the resolution (4 hours).
    for (const id of ids)
      await setTicketTimes(first.database.db, id, { created_at: new Date(Date.now() - 45 * 60_000) });

    const [a, b] = await Promise.all([escalateSlaBreaches(first.app.ctx), escalateSlaBreaches(second.app.ctx)]);
    // Each server may have escalated some; together no more than the breaches (the
    // scheduler's own tick may have taken a few first).
    expect(a + b).toBeLessThanOrEqual(ids.length);

    const db = first.database.db;
    const manager = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'manager.it')
      .executeTakeFirstOrThrow();
    const breaches = await db
      .selectFrom('notifications')
      .select(['url', 'recipients'])
      .where('kind', '=', 'ticketSlaBreached')
      .execute();
    // One per ticket, to the IT desk's manager.
    expect(breaches.map((n) => n.url).sort()).toEqual(ids.map((id) => `/dashboard/ticket/${id}`).sort());
    expect(breaches.every((n) => n.recipients.includes(manager.id))).toBe(true);
    const events = await db
      .selectFrom('event_logs')
      .select(['target_id'])
      .where('action', '=', 'ticket.sla_breached')
      .execute();
    expect(events.map((e) => Number(e.target_id)).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));

    // Run again on both: nothing more.
    expect(await Promise.all([escalateSlaBreaches(first.app.ctx), escalateSlaBreaches(second.app.ctx)])).toEqual([
      0, 0,
    ]);
  });
});
