/**
 * The monitoring agent with two servers on one PostgreSQL: revoking an agent on one
 * server closes its socket on the other at once (4401), and a batch stored through one
 * server is never stored again when the agent resends it to the other.
 * PostgreSQL pass only (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itAgentEndpoints as A } from '@portal/contracts';
import { call, callAs } from '../client.js';
import { DEMO_PASSWORD, openSocket, ready, startTestServer, type TestServer } from '../harness.js';

let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  a = await startTestServer();
  b = await startTestServer({ DATABASE_URL: a.config.DATABASE_URL! });
  expect(b.database.kind).toBe('postgres');
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

async function enroll(server: TestServer, machine: string) {
  const res = await call(server.api, A.enrollAgent, {
    body: {
      username: 'quality',
      password: DEMO_PASSWORD,
      machine_id: machine,
      hostname: 'qa-01',
      platform: 'linux',
      version: '1.0.0',
    },
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function hello(server: TestServer, credential: string) {
  const sock = openSocket(server.url, '/ws/agent/', credential);
  await ready(sock);
  sock.ws.send(JSON.stringify({ command: 'hello', version: '1.0.0', agent_time: new Date().toISOString() }));
  await sock.next((m) => m.message?.command === 'welcome');
  return sock;
}

const batch = (id: string) => ({
  command: 'events',
  batch: id,
  agent_time: new Date().toISOString(),
  events: [
    { kind: 'activity', seq: 1, at: new Date().toISOString(), state: 'active', idle_seconds: 0 },
    {
      kind: 'app',
      seq: 2,
      at: new Date().toISOString(),
      heartbeat: false,
      title: 'Quality form',
      process: 'chromium',
      pid: 7,
      memory_bytes: 1,
      url: null,
      opened_apps: [],
    },
  ],
});

describe('agents on several servers', () => {
  it('a revocation answered by B closes the agent connected to A within a second', async () => {
    const { agent_id, credential } = await enroll(a, 'scale-out-machine-1');
    const onA = await hello(a, credential);
    const revoked = await callAs(b, 'it', A.revokeAgent, { params: { id: agent_id } });
    expect(revoked.status).toBe(204);
    const started = Date.now();
    expect((await onA.closed).code).toBe(4401);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('a batch stored through A and resent to B (the ack was lost) is stored once', async () => {
    const { agent_id, credential } = await enroll(a, 'scale-out-machine-2');
    const onA = await hello(a, credential);
    onA.ws.send(JSON.stringify(batch('x1')));
    expect((await onA.next((m) => m.message?.command === 'ack')).message).toMatchObject({ accepted: 2, last_seq: 2 });
    onA.ws.close();
    const onB = await hello(b, credential);
    onB.ws.send(JSON.stringify(batch('x1')));
    expect((await onB.next((m) => m.message?.command === 'ack')).message).toMatchObject({ accepted: 0, duplicates: 2 });
    const rows = await callAs(b, 'it', A.listAgents);
    expect(rows.body.find((r) => r.id === agent_id)?.connected).toBe(true);
    onB.ws.close();
  });
});
