import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../server/test/harness.js';
import { DiskQueue } from '../src/queue.js';
import { Transport } from '../src/transport.js';
import { until } from './desktop.js';

/**
 * The agent's transport against a real server over a real websocket:
 * a batch the server refuses for an ingest cap stays queued on disk, the agent sends
 * nothing for the time the server names (no reconnect, no ack timeout), then sends the
 * same events again, so everything arrives once and nothing it could keep is lost.
 */
const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function setUp(env: Record<string, string>, events: number) {
  const server = await startTestServer(env);
  cleanup.push(() => server.stop());
  const enrolled = await server.api('POST', '/api/it/agents/enroll/', {
    body: {
      username: 'quality',
      password: DEMO_PASSWORD,
      machine_id: `caps-${Date.now()}`,
      hostname: 'qa-01',
      platform: 'linux',
      version: '1.0.0',
    },
  });
  expect(enrolled.status).toBe(201);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-caps-'));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const queue = new DiskQueue(dir);
  for (let i = 0; i < events; i++) {
    queue.append({ kind: 'activity', at: new Date().toISOString(), state: 'active', idle_seconds: i });
  }
  const log: string[] = [];
  const transport = new Transport({
    server: server.url,
    credential: enrolled.body.credential,
    version: '1.0.0',
    queue,
    log: (m) => log.push(m),
    onRefused: (code, reason) => log.push(`credential refused ${code} ${reason}`),
    // Far beyond the test's bounds: only honouring the refusal can make progress here.
    ackTimeoutMs: 600_000,
  });
  let closed = false;
  const closeQueue = () => {
    if (!closed) queue.close();
    closed = true;
  };
  cleanup.push(closeQueue);
  cleanup.push(() => transport.stop());
  return { server, dir, queue, closeQueue, transport, log, agentId: enrolled.body.agent_id as number };
}

const storedSeqs = async (server: TestServer, agentId: number) =>
  (
    await sql<{ seq: number }>`select seq from it_activity_events where agent_id = ${agentId} order by seq`.execute(
      server.database.db,
    )
  ).rows.map((r) => r.seq);

// Each test starts a server of its own: bounds for a loaded 2-core machine.
describe('the agent under the server’s ingest caps', { timeout: 240_000 }, () => {
  it('waits out a too_fast refusal on the same connection and delivers every event once', async () => {
    // 100 a second: the first batch of 200 passes, each next one is refused for about 2 s.
    const t = await setUp({ IT_AGENT_MAX_EVENTS_PER_SECOND: '100' }, 600);
    t.transport.start();
    // On a time-out, say what the transport saw (refusals, errors, reconnects): the cause.
    await until('every event acknowledged', async () => (t.queue.size === 0 ? true : undefined), 180_000).catch(
      (err: Error) => {
        throw new Error(`${err.message}; ${t.queue.size} left; transport log:\n${t.log.join('\n')}`);
      },
    );
    expect(await storedSeqs(t.server, t.agentId)).toEqual(Array.from({ length: 600 }, (_, i) => i + 1));
    expect(t.log.filter((m) => m.includes('refused a batch (too_fast)')).length).toBeGreaterThan(0);
    // Honoured on the socket it had: never a reconnect or a timed-out ack.
    expect(t.log.filter((m) => /disconnected|no acknowledgement/.test(m))).toEqual([]);
  });

  it('keeps what the daily cap refuses, on disk, and stops sending', async () => {
    const t = await setUp({ IT_AGENT_MAX_ROWS_PER_DAY: '300', IT_AGENT_MAX_EVENTS_PER_SECOND: '100000' }, 600);
    t.transport.start();
    await until(
      'the daily refusal',
      async () => (t.log.some((m) => m.includes('refused a batch (daily_limit)')) ? true : undefined),
      180_000,
    );
    expect(await storedSeqs(t.server, t.agentId)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(t.queue.size).toBe(400);
    // Paused: a pump (as after a new event) sends nothing while the server's wait runs.
    t.transport.pump();
    await t.transport.stop();
    t.closeQueue();
    const reopened = new DiskQueue(t.dir);
    // Acknowledged events leave the file lazily (the next welcome drops them); the refused ones are all there.
    expect(
      reopened
        .peek()
        .filter((e) => e.seq > 200)
        .map((e) => e.seq),
    ).toEqual(Array.from({ length: 400 }, (_, i) => i + 201));
    reopened.close();
    expect(await storedSeqs(t.server, t.agentId)).toHaveLength(200);
  });
});
