/**
 * IT live logs with two servers on one PostgreSQL: an agent's batch stored and announced
 * through one server reaches an IT page held by the other, read there (the bus carries
 * ids and kinds only). PostgreSQL pass only (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itEndpoints } from '@portal/contracts';
import { announceSilentAgents } from '../../src/features/it/telemetry.service.js';
import { callAs } from '../client.js';
import { factories } from '../factories.js';
import { openSocket, ready, startTestServer, type TestServer } from '../harness.js';

let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  first = await startTestServer();
  second = await startTestServer({ DATABASE_URL: first.config.DATABASE_URL! });
  expect(second.database.kind).toBe('postgres');
});
// The second server shares the first one's database: stop it first (the first drops it).
afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

describe('IT live logs on several servers', () => {
  it('an event published on one server reaches a viewer on the other, and only a viewer who may watch', async () => {
    const make = factories(first.database.db);
    const u = await make.user({ user_type: 'INTERPRETER' });
    const agent = await make.agent({ user: u });
    const onB = openSocket(second.url, '/ws/it/', await first.login('it'));
    // A G.I director may open the board, but not watch interpreters.
    const directorOnB = openSocket(second.url, '/ws/it/', await first.login('director.gi'));
    await Promise.all([ready(onB), ready(directorOnB)]);

    await make.telemetry({
      apps: [
        {
          agent,
          at: new Date(),
          title: 'Interpreting session',
          process: 'softphone',
          pid: 9,
          memory_bytes: 4096,
          opened_apps: ['softphone', 'chrome'],
        },
      ],
    });
    await first.app.ctx.bus.publish({ type: 'it', user: u.id, agent: agent.id, kinds: ['app'] });
    const frame = await onB.next((m) => m.message?.command === 'app_usage' && m.message.username === u.username);
    expect(frame.message.data).toEqual({
      active_app_title: 'Interpreting session',
      active_app_process: 'softphone',
      active_app_memory: 4096,
      url: null,
      opened_apps: ['softphone', 'chrome'],
      pid: 9,
      category: 'neutral',
    });

    // The director's socket is on the same server and was offered the same read: nothing for them.
    // A later frame they may see (an IT staff member's) shows delivery there has run.
    const staff = await make.user({ user_type: 'IT' });
    const staffAgent = await make.agent({ user: staff });
    await make.telemetry({ apps: [{ agent: staffAgent, at: new Date(), title: 'Switch console', process: 'ssh' }] });
    await first.app.ctx.bus.publish({ type: 'it', user: staff.id, agent: staffAgent.id, kinds: ['app'] });
    await directorOnB.next((m) => m.message?.username === staff.username);
    expect(directorOnB.messages.filter((m) => m.message?.username === u.username)).toEqual([]);
    for (const socket of [onB, directorOnB]) socket.ws.close();
  });

  it('a silent agent is offline on both servers, announced by one of them once, heard on the other', async () => {
    const make = factories(first.database.db);
    const u = await make.user({ user_type: 'IT' });
    const agent = await make.agent({ user: u, hostname: 'desk-silent' });
    const onB = openSocket(second.url, '/ws/it/', await first.login('it'));
    await ready(onB);
    // At work for an hour, last heard of five minutes ago (no clean stop).
    await make.telemetry({
      status: { agent, state: 'active', since: Date.now() - 3600_000, last_seen_at: Date.now() - 300_000 },
    });
    for (const server of [first, second]) {
      const record = (await callAs(server, 'it', itEndpoints.getItList)).body.find((r) => r.username === u.username)!;
      expect(record.machines.map((m) => [m.status, m.status_since === m.last_seen])).toEqual([['offline', true]]);
    }
    // Both servers run the job at once (their schedulers may have run it already): one claim at most, then none.
    const claimed = await Promise.all([announceSilentAgents(first.app.ctx), announceSilentAgents(second.app.ctx)]);
    expect(claimed.reduce((n, c) => n + c, 0)).toBeLessThanOrEqual(1);
    const again = await Promise.all([announceSilentAgents(first.app.ctx), announceSilentAgents(second.app.ctx)]);
    expect(again).toEqual([0, 0]);
    const frame = await onB.next((m) => m.message?.command === 'it_status' && m.message.agent_id === agent.id);
    expect(frame.message).toMatchObject({ username: u.username, hostname: 'desk-silent', status: 'offline' });
    onB.ws.close();
  });
});
