/**
 * Screen sharing with two servers on one PostgreSQL: the viewer's connection on one
 * server, the target's on the other. Who is online, the request, the answer and the
 * WebRTC signals all cross servers (the bus carries ids; the database the rest).
 * PostgreSQL pass only (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareEndpoints as S, WS_CHANNELS } from '@portal/contracts';
import { call, callAs } from '../client.js';
import type { UserRow } from '../../src/db/schema.js';
import { factories } from '../factories.js';
import { openSocket, startTestServer, type TestServer, type TestSocket } from '../harness.js';

let a: TestServer;
let b: TestServer;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  a = await startTestServer();
  b = await startTestServer({ DATABASE_URL: a.config.DATABASE_URL! });
  expect(b.database.kind).toBe('postgres');
});
// The second server shares the first one's database: stop it first (the first drops it).
afterAll(async () => {
  for (const sock of sockets) sock.ws.close();
  await b?.stop();
  await a?.stop();
});

async function connect(server: TestServer, user: UserRow) {
  const token = await a.token(user); // a token from either server is valid on both
  const ticket = (await server.api('POST', '/api/auth/ws-ticket/', { token })).body.ticket as string;
  const sock = openSocket(server.url, WS_CHANNELS.share, ticket);
  sockets.push(sock);
  const hello = await sock.next((m) => m.message?.command === 'share_hello');
  return Object.assign(sock, { endpoint: hello.message.data.endpoint as string });
}

describe('screen sharing on several servers', () => {
  it('connects a viewer on one server with a target on the other, request, answer and signals', async () => {
    const make = factories(a.database.db);
    const [viewer, target] = await Promise.all([
      make.user({ user_type: 'QUALITY' }),
      make.user({ user_type: 'INTERPRETER', last_name: 'ScaleOut' }),
    ]);
    const vs = await connect(a, viewer);
    const ts = await connect(b, target);

    // Online is in the database: server A sees the target held by B.
    const people = await callAs(a, viewer, S.listShareCandidates, { query: { search: target.username } });
    expect(people.body.results).toEqual([expect.objectContaining({ username: target.username, online: true })]);

    const asked = await callAs(a, viewer, S.startShareCall, {
      body: { target: target.username, reason: 'Coaching across servers', endpoint: vs.endpoint },
    });
    expect(asked.status).toBe(201);
    const id = asked.body.id;
    const request = await ts.next((m) => m.message?.command === 'share_call' && m.message.data.id === id);
    expect(request.message.data).toMatchObject({ status: 'requested', reason: 'Coaching across servers' });

    // A token signed on A is good on B.
    const accepted = await call(b.api, S.acceptShareCall, {
      params: { id },
      body: { endpoint: ts.endpoint },
      token: await a.token(target),
    });
    expect(accepted.status).toBe(200);
    await vs.next(
      (m) => m.message?.command === 'share_call' && m.message.data.id === id && m.message.data.status === 'active',
    );

    vs.ws.send(JSON.stringify({ command: 'signal', call_id: id, signal: { type: 'offer', sdp: 'v=0 from A' } }));
    const offer = await ts.next((m) => m.message?.command === 'share_signal');
    expect(offer.message.data).toEqual({
      call_id: id,
      from: viewer.username,
      signal: { type: 'offer', sdp: 'v=0 from A' },
    });
    // An SDP larger than NOTIFY's 8000 bytes travels too: the bus names the row only.
    const sdp = `v=0 from B ${'x'.repeat(12_000)}`;
    ts.ws.send(JSON.stringify({ command: 'signal', call_id: id, signal: { type: 'answer', sdp } }));
    const answer = await vs.next((m) => m.message?.command === 'share_signal');
    expect(answer.message.data).toEqual({ call_id: id, from: target.username, signal: { type: 'answer', sdp } });

    // The viewer's connection closes on A: B's target hears the call end.
    vs.ws.close();
    const ended = await ts.next(
      (m) => m.message?.command === 'share_call' && m.message.data.id === id && m.message.data.status === 'ended',
    );
    expect(ended.message.data.end_reason).toBe('disconnected');
  });
});
