/**
 * Without caps, one agent socket had 8,000 telemetry rows accepted in 2 s, with no
 * cap. Through a real agent socket speaking the agent protocol: past the events-per-second
 * budget a batch is answered `refused` (too_fast) and nothing of it is stored, and past the
 * rows-per-day budget (counted on the agent's row) likewise (daily_limit), until the next
 * UTC day; a batch that stores nothing new is still acknowledged.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_BATCH_MAX } from '@portal/contracts';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { agentSocket, appEvent, enrollAgent } from '../../../test/agent-socket.js';

const batchOf = (firstSeq: number, n = AGENT_BATCH_MAX) =>
  Array.from({ length: n }, (_, i) => appEvent(firstSeq + i, `window ${firstSeq + i}`));

const storedRows = async (s: TestServer, agentId: number) =>
  Number(
    (
      await sql<{ n: number }>`select count(*) as n from it_app_events where agent_id = ${agentId}`.execute(
        s.database.db,
      )
    ).rows[0]!.n,
  );

describe('events per second per connection', () => {
  let s: TestServer;
  // One event a second: a full batch may pass, the next only after minutes.
  beforeAll(async () => {
    s = await startTestServer({ IT_AGENT_MAX_EVENTS_PER_SECOND: '1' });
  });
  afterAll(() => s?.stop());

  it('refuses a flood batch by batch, storing none of what it refuses', async () => {
    const agent = await enrollAgent(s, 'quality');
    const a = await agentSocket(s, agent.credential);
    const answers = [];
    // The attack of the finding: 8,000 rows as fast as the socket takes them.
    for (let seq = 1; seq <= 8000; seq += AGENT_BATCH_MAX) answers.push(await a.sendBatch(batchOf(seq)));
    expect(answers[0]).toMatchObject({ command: 'ack', accepted: AGENT_BATCH_MAX, last_seq: AGENT_BATCH_MAX });
    const refused = answers.filter((m) => m.command === 'refused');
    expect(refused.length).toBeGreaterThanOrEqual(answers.length - 2);
    expect(refused[0]).toMatchObject({ reason: 'too_fast', batch: expect.any(String) });
    expect(refused[0].retry_after_seconds).toBeGreaterThanOrEqual(1);
    expect(refused[0].detail).toMatch(/1 events a second/);
    const acked = answers.filter((m) => m.command === 'ack').reduce((n, m) => n + m.accepted, 0);
    expect(await storedRows(s, agent.agent_id)).toBe(acked);
    expect(acked).toBeLessThanOrEqual(2 * AGENT_BATCH_MAX);
    a.sock.ws.close();
  });
});

describe('rows per day per agent', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ IT_AGENT_MAX_ROWS_PER_DAY: '500', IT_AGENT_MAX_EVENTS_PER_SECOND: '100000' });
  });
  afterAll(() => s?.stop());

  it('stores up to the cap, then refuses until the next UTC day; resent events are still acknowledged', async () => {
    const agent = await enrollAgent(s, 'quality');
    const a = await agentSocket(s, agent.credential);
    expect(await a.sendBatch(batchOf(1))).toMatchObject({ command: 'ack', accepted: 200 });
    expect(await a.sendBatch(batchOf(201))).toMatchObject({ command: 'ack', accepted: 200 });
    const over = await a.sendBatch(batchOf(401));
    expect(over).toMatchObject({ command: 'refused', reason: 'daily_limit' });
    const now = new Date();
    const toMidnight = (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000;
    expect(over.retry_after_seconds).toBeGreaterThan(toMidnight - 120);
    expect(over.retry_after_seconds).toBeLessThanOrEqual(Math.ceil(toMidnight) + 1);
    expect(await storedRows(s, agent.agent_id)).toBe(400);

    // What fits exactly still goes; one more does not; a resend of stored events is no new row.
    expect(await a.sendBatch(batchOf(401, 100))).toMatchObject({ command: 'ack', accepted: 100, last_seq: 500 });
    expect(await a.sendBatch(batchOf(501, 1))).toMatchObject({ command: 'refused', reason: 'daily_limit' });
    expect(await a.sendBatch(batchOf(301, 200))).toMatchObject({ command: 'ack', accepted: 0, duplicates: 200 });
    expect(await storedRows(s, agent.agent_id)).toBe(500);

    // The count is the agent's, on its row: a new connection does not start it again.
    a.sock.ws.close();
    const b = await agentSocket(s, agent.credential);
    expect(await b.sendBatch(batchOf(501, 1))).toMatchObject({ command: 'refused', reason: 'daily_limit' });
    b.sock.ws.close();

    // Another agent has its own budget.
    const other = await enrollAgent(s, 'quality');
    const c = await agentSocket(s, other.credential);
    expect(await c.sendBatch(batchOf(1))).toMatchObject({ command: 'ack', accepted: 200 });
    c.sock.ws.close();
  });
});
