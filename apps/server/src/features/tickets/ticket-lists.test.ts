/**
 * The active list at a size past the count's cap: the page is still the newest
 * of the desk's tickets, and the total says "more than 1,000" instead of counting on.
 * Its own server: 1,005 tickets would change the other files' lists.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVE_TICKETS_COUNT_CAP,
  ticketEndpoints,
  ZActiveTicketList,
  type TActiveTicketsQuery,
} from '@portal/contracts';
import { callAs } from '../../../test/client.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.stop());

describe('a desk with more active tickets than the count goes', () => {
  it('answers its newest page in order and a total of cap + 1; a narrower filter counts exactly', async () => {
    const db = s.database.db;
    const owner = await db.selectFrom('users').select('id').where('username', '=', 'hr').executeTakeFirstOrThrow();
    // 1,005 active Marketing tickets, one a minute back from now, and 3 closed (never listed).
    await sql`insert into tickets (owner_id, department, subject, description, priority, status, created_at, updated_at, closed_at)
      select ${owner.id}, 'Marketing', 'Bulk ' || g, 'x', case when g % 100 = 0 then 'urgent' else 'low' end,
             case when g > 1005 then 'closed' else 'open' end,
             now() - make_interval(mins => g), now() - make_interval(mins => g),
             case when g > 1005 then now() end
        from generate_series(1, 1008) g`.execute(db);
    const desk = (query: TActiveTicketsQuery) =>
      callAs(s, 'marketing', ticketEndpoints.listActiveTickets, {
        query: { scope: 'desk', department: 'Marketing', ...query },
      });
    const page = await desk({ limit: 20 });
    expect(page.status).toBe(200);
    const subjects = ZActiveTicketList.parse(page.body).map((t) => t.subject);
    expect(subjects).toEqual(Array.from({ length: 20 }, (_, i) => `Bulk ${i + 1}`));
    expect(page.headers.get('x-total-count')).toBe(String(ACTIVE_TICKETS_COUNT_CAP + 1));
    // Oldest first (the activity order reversed) reads the same index backwards.
    const oldest = await desk({ limit: 2, dir: 'asc' });
    expect(oldest.body.map((t) => t.subject)).toEqual(['Bulk 1005', 'Bulk 1004']);
    const urgent = await desk({ priority: 'urgent', limit: 5 });
    expect(urgent.headers.get('x-total-count')).toBe('10');
    expect(urgent.body).toHaveLength(5);
  });
});
