/**
 * Per-agent ingest caps with two servers on one PostgreSQL: the
 * rows-per-day count lives on the agent's row, so an agent that spreads its batches over
 * both servers (or reconnects to the other) gets one budget, not one per server.
 * PostgreSQL pass only (TEST_DATABASE_URL).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentSocket, appEvent, enrollAgent } from '../agent-socket.js';
import { startTestServer, type TestServer } from '../harness.js';

let a: TestServer;
let b: TestServer;
const caps = { IT_AGENT_MAX_ROWS_PER_DAY: '500', IT_AGENT_MAX_EVENTS_PER_SECOND: '100000' };

beforeAll(async () => {
  a = await startTestServer(caps);
  b = await startTestServer({ ...caps, DATABASE_URL: a.config.DATABASE_URL! });
  expect(b.database.kind).toBe('postgres');
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

const events = (firstSeq: number, n: number) =>
  Array.from({ length: n }, (_, i) => appEvent(firstSeq + i, `window ${firstSeq + i}`));

describe('rows per day across servers', () => {
  it('one budget for the agent whichever server stores its batches', async () => {
    const agent = await enrollAgent(a, 'quality');
    const onA = await agentSocket(a, agent.credential);
    const onB = await agentSocket(b, agent.credential);
    expect(await onA.sendBatch(events(1, 200))).toMatchObject({ command: 'ack', accepted: 200 });
    expect(await onB.sendBatch(events(201, 200))).toMatchObject({ command: 'ack', accepted: 200 });
    expect(await onA.sendBatch(events(401, 200))).toMatchObject({ command: 'refused', reason: 'daily_limit' });
    expect(await onB.sendBatch(events(401, 100))).toMatchObject({ command: 'ack', accepted: 100 });
    // Both at once, past the budget: both refused, nothing more stored.
    const both = await Promise.all([onA.sendBatch(events(501, 50)), onB.sendBatch(events(501, 50))]);
    expect(both.map((m) => [m.command, m.reason])).toEqual([
      ['refused', 'daily_limit'],
      ['refused', 'daily_limit'],
    ]);
    const stored = await sql<{ n: number }>`
      select count(*)::int as n from it_app_events where agent_id = ${agent.agent_id}`.execute(a.database.db);
    expect(stored.rows[0]!.n).toBe(500);
    onA.sock.ws.close();
    onB.sock.ws.close();
  });
});
