/**
 * Presence with two servers on one PostgreSQL: an event sent through one server reaches
 * the board and the follower's bell held by the other, the same event sent through the
 * other is a duplicate, and the expiry job and the demo feed running on both at once
 * change each thing once. PostgreSQL pass only (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInterpreter } from '@portal/contracts';
import { expireSilentSessions, runDemoFeed } from '../../src/features/interpreters/index.js';
import { DEMO_CAST, isChangeMinute } from '../../src/features/interpreters/demo-feed.js';
import { onlineAmong, sessionsOf } from '../../src/features/interpreters/presence.repository.js';
import { factories } from '../factories.js';
import { openSocket, ready, startTestServer, type TestServer, type TestSocket } from '../harness.js';

let first: TestServer;
let second: TestServer;
let key: string;

beforeAll(async () => {
  // Sessions opened ten minutes ago (past the expiry): the platform may send that late here.
  first = await startTestServer({ PRESENCE_MAX_PAST: '1h' });
  second = await startTestServer({ DATABASE_URL: first.config.DATABASE_URL!, PRESENCE_MAX_PAST: '1h' });
  expect(second.database.kind).toBe('postgres');
  key = (await factories(first.database.db).integrationKey({ name: 'Telephony' })).key;
});
// The second server shares the first one's database: stop it first (the first drops it).
afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

const send = (server: TestServer, username: string, online: boolean, at: string, source_id: string) =>
  server.api<{ results: { outcome: string }[] }>('POST', '/api/presence/events/', {
    headers: { 'x-api-key': key },
    body: { events: [{ username, online, at, source_id }] },
  });
const statusFrames = (socket: TestSocket, username: string) =>
  socket.messages.filter((m) => m.message?.command === 'interpreter_status' && m.message.username === username);

describe('presence on several servers', () => {
  it('crosses servers, is applied once when repeated, and a silent session is closed once', async () => {
    const interpreter = 'interpreter25';
    const quality = await first.login('quality');
    // The follower follows through the first server; the sockets are held by the second.
    const followed = await second.api<TInterpreter>('POST', '/api/user/follow/', {
      token: quality,
      body: { username: interpreter, follow: true },
    });
    expect(followed.status).toBe(200);
    const name = `${followed.body.first_name} ${followed.body.last_name}`.trim();
    const boardB = openSocket(second.url, '/ws/interpreters/', await first.login('manager.ops'));
    const boardA = openSocket(first.url, '/ws/interpreters/', await first.login('manager.ops'));
    const bellB = openSocket(second.url, '/ws/notification/', quality);
    await Promise.all([ready(boardB), ready(boardA), ready(bellB)]);

    // Online since ten minutes ago, silent since (past the 5-minute expiry).
    const at = new Date(Date.now() - 10 * 60_000).toISOString();
    const applied = await send(first, interpreter, true, at, 'scale-out-1');
    expect(applied.body.results.map((r) => r.outcome)).toEqual(['applied']);
    const on = await boardB.next((m) => m.message?.username === interpreter && m.message.online === 1);
    expect(on.message).toEqual({ command: 'interpreter_status', username: interpreter, online: 1, at });
    const note = await bellB.next((m) => m.message?.command === 'notification');
    expect(note.message.data).toMatchObject({ message: `${name} is online.`, url: `/wfm/${interpreter}` });

    // The platform retries through the other server: a duplicate, one session.
    const again = await send(second, interpreter, true, at, 'scale-out-1');
    expect(again.body.results.map((r) => r.outcome)).toEqual(['duplicate']);
    const { id } = followed.body;
    expect(await sessionsOf(first.database.db, id)).toHaveLength(1);

    // Both servers run the expiry at once (the scheduler's own tick may have been first).
    const [a, b] = await Promise.all([expireSilentSessions(first.app.ctx, 5), expireSilentSessions(second.app.ctx, 5)]);
    expect(a + b).toBeLessThanOrEqual(1);
    const off = await boardB.next((m) => m.message?.username === interpreter && m.message.online === 0);
    expect(off.message.at).toBe(at);
    expect(await sessionsOf(first.database.db, id)).toEqual([
      expect.objectContaining({ started_at: new Date(at), ended_at: new Date(at) }),
    ]);
    // Again on both: nothing left for them.
    await Promise.all([expireSilentSessions(first.app.ctx, 5), expireSilentSessions(second.app.ctx, 5)]);

    // A later change, heard on both boards, comes after any frame the expiry could send.
    const marker = 'interpreter26';
    await send(second, marker, true, new Date().toISOString(), 'scale-out-marker');
    await Promise.all([boardA, boardB].map((s) => s.next((m) => m.message?.username === marker)));
    for (const board of [boardA, boardB]) {
      expect(statusFrames(board, interpreter).map((m) => m.message.online)).toEqual([1, 0]);
    }
    const bell = await second.api('GET', '/api/notifications/all/', { token: quality });
    expect(bell.body.results.filter((n: { message: string }) => n.message === `${name} is online.`)).toHaveLength(1);
    for (const s of [boardA, boardB, bellB]) s.ws.close();
  });

  it('runs the demo feed on both servers at once and applies the minute’s change once', async () => {
    let minute = Math.floor(Date.now() / 60_000);
    while (!isChangeMinute(minute)) minute--;
    const now = new Date(minute * 60_000 + 1_000);
    const before = await onlineAmong(first.database.db, DEMO_CAST);
    const [p, q] = await Promise.all([runDemoFeed(first.app.ctx, now), runDemoFeed(second.app.ctx, now)]);
    expect(p.change!.source_id).toBe(q.change!.source_id);
    const after = await onlineAmong(first.database.db, DEMO_CAST);
    expect(Math.abs(after.length - before.length)).toBe(1);
    const stored = await first.database.db
      .selectFrom('presence_events')
      .select('user_id')
      .where('sender', '=', 'demo-feed')
      .where('source_id', '=', p.change!.source_id)
      .execute();
    expect(stored).toHaveLength(1);
  });
});
