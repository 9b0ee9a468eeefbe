/**
 * IT live logs with two servers on one PostgreSQL: an agent's batch stored and announced
 * through one server reaches an IT page held by the other, read there (the bus carries
 * ids and kinds only). PostgreSQL pass only (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAgent } from '../../src/features/it/agents.repository.js';
import { insertTelemetryForTests } from '../../src/features/it/it.repository.js';
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
    const u = await factories(first.database.db).user({ user_type: 'INTERPRETER' });
    const agent = await insertAgent(first.database.db, {
      user_id: u.id,
      machine_id: 'machine-scale-out',
      hostname: 'pc-scale-out',
      platform: 'linux',
      version: '1.0.0',
      credential_hash: 'scale-out-hash',
    });
    const onB = openSocket(second.url, '/ws/it/', await first.login('it'));
    // A G.I director may open the board, but not watch interpreters.
    const directorOnB = openSocket(second.url, '/ws/it/', await first.login('director.gi'));
    await Promise.all([ready(onB), ready(directorOnB)]);

    await insertTelemetryForTests(first.database.db, {
      apps: [
        {
          agent_id: agent,
          user_id: u.id,
          seq: 1,
          at: new Date().toISOString(),
          heartbeat: false,
          title: 'Interpreting session',
          process: 'softphone',
          pid: 9,
          memory_bytes: 4096,
          url: null,
          opened_apps: ['softphone', 'chrome'],
        },
      ],
    });
    await first.app.ctx.bus.publish({ type: 'it', user: u.id, kinds: ['app'] });
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
    const staff = await factories(first.database.db).user({ user_type: 'IT' });
    const staffAgent = await insertAgent(first.database.db, {
      user_id: staff.id,
      machine_id: 'machine-scale-out-2',
      hostname: 'pc-scale-out-2',
      platform: 'linux',
      version: '1.0.0',
      credential_hash: 'scale-out-hash-2',
    });
    await insertTelemetryForTests(first.database.db, {
      apps: [
        {
          agent_id: staffAgent,
          user_id: staff.id,
          seq: 1,
          at: new Date().toISOString(),
          heartbeat: false,
          title: 'Switch console',
          process: 'ssh',
          pid: null,
          memory_bytes: null,
          url: null,
          opened_apps: null,
        },
      ],
    });
    await first.app.ctx.bus.publish({ type: 'it', user: staff.id, kinds: ['app'] });
    await directorOnB.next((m) => m.message?.username === staff.username);
    expect(directorOnB.messages.filter((m) => m.message?.username === u.username)).toEqual([]);
    for (const socket of [onB, directorOnB]) socket.ws.close();
  });
});
