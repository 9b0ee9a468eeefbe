/**
 * Screen-sharing calls through real HTTP and real `/ws/share/` sockets on a
 * real database: who may watch whom, the request/accept/decline/end life of a call, the
 * viewers limit, signals bound to the call's two connections, the sweep, snapshots,
 * the audit list and the TURN credentials.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillPath,
  shareEndpoints as S,
  WS_CHANNELS,
  type EndpointInput,
  type TShareCall,
  type TStartShareCallRequest,
} from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import { factories, TINY_PNG, type Factories } from '../../../test/factories.js';
import { callAs } from '../../../test/client.js';
import { setShareCallTimes } from '../../../test/test-clock.repository.js';
import {
  multipartBody,
  openSocket,
  ready,
  startTestServer,
  type TestServer,
  type TestSocket,
} from '../../../test/harness.js';
import { sweepCalls } from './index.js';

const TURN_SECRET = 'share-test-turn-secret';
let s: TestServer;
let make: Factories;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  s = await startTestServer({
    SHARE_STUN_URLS: 'stun:stun.portal.example:3478',
    SHARE_TURN_URLS: 'turn:turn.portal.example:3478',
    SHARE_TURN_SECRET: TURN_SECRET,
  });
  make = factories(s.database.db);
});
afterAll(async () => {
  for (const sock of sockets) sock.ws.close();
  await s?.stop();
});

type ShareSocket = TestSocket & { endpoint: string };

type Who = UserRow | string;
const tokenOf = (who: Who) => s.token(who);
/** Other features' routes, and requests the contract would not type. */
const api = async (who: Who, method: string, url: string, body?: unknown) =>
  s.api(method, url, { token: await tokenOf(who), body });

// The share endpoints, typed by their contract.
const ask = async (viewer: Who, body: TStartShareCallRequest) => callAs(s, viewer, S.startShareCall, { body });
const accept = async (who: Who, id: number, endpoint: string) =>
  callAs(s, who, S.acceptShareCall, { params: { id }, body: { endpoint } });
const decline = async (who: Who, id: number, note?: string) =>
  callAs(s, who, S.declineShareCall, { params: { id }, body: note === undefined ? {} : { note } });
const end = async (who: Who, id: number) => callAs(s, who, S.endShareCall, { params: { id } });
const readCall = async (who: Who, id: number) => callAs(s, who, S.getShareCall, { params: { id } });
const people = async (who: Who, search?: string) =>
  callAs(s, who, S.listShareCandidates, { query: search === undefined ? {} : { search } });
const availability = async (who: Who, userName: string) =>
  callAs(s, who, S.getShareAvailability, { params: { userName } });
const listCalls = async (who: Who, query: EndpointInput<typeof S.listShareCalls>['query'] = {}) =>
  callAs(s, who, S.listShareCalls, { query });
const setConsent = async (who: Who, userName: string, consent_at_hiring: boolean) =>
  callAs(s, who, S.setShareConsent, { params: { userName }, body: { consent_at_hiring } });
const iceServers = async (who: Who) => callAs(s, who, S.getShareIceServers);

/** A `/ws/share/` connection opened with a single-use ticket, and the endpoint its hello named. */
async function connect(who: UserRow | string): Promise<ShareSocket> {
  const ticket = (await api(who, 'POST', '/api/auth/ws-ticket/')).body.ticket as string;
  const sock = openSocket(s.url, WS_CHANNELS.share, ticket);
  sockets.push(sock);
  const hello = await sock.next((m) => m.message?.command === 'share_hello');
  return Object.assign(sock, { endpoint: hello.message.data.endpoint as string });
}

/** The next frame matching `pred` that arrives after this call (older frames do not count). */
function nextNew(sock: TestSocket, pred: (m: any) => boolean, timeoutMs?: number) {
  const seen = sock.messages.length;
  return sock.next((m) => sock.messages.indexOf(m) >= seen && pred(m), timeoutMs);
}

const frames = (sock: TestSocket, command: string) => sock.messages.filter((m) => m.message?.command === command);
const callFrame = (id: number, status?: string) => (m: any) =>
  m.message?.command === 'share_call' && m.message.data.id === id && (!status || m.message.data.status === status);

/** A fresh QUALITY viewer and interpreter target, both connected. */
async function pair(targetType: 'INTERPRETER' | 'QUALITY' = 'INTERPRETER') {
  const [viewer, target] = await Promise.all([
    make.user({ user_type: 'QUALITY' }),
    make.user({ user_type: targetType }),
  ]);
  const [vs, ts] = await Promise.all([connect(viewer), connect(target)]);
  return { viewer, target, vs, ts };
}

/** A requested call from a fresh pair. */
async function requested(targetType: 'INTERPRETER' | 'QUALITY' = 'INTERPRETER') {
  const p = await pair(targetType);
  const res = await ask(p.viewer, {
    target: p.target.username,
    reason: 'Coaching on call flow',
    endpoint: p.vs.endpoint,
  });
  expect(res.status).toBe(201);
  return { ...p, call: res.body };
}

/** An accepted call from a fresh pair. */
async function active(targetType: 'INTERPRETER' | 'QUALITY' = 'INTERPRETER') {
  const p = await requested(targetType);
  const res = await accept(p.target, p.call.id, p.ts.endpoint);
  expect(res.status).toBe(200);
  return { ...p, call: res.body };
}

const getCall = async (id: number): Promise<TShareCall> => (await readCall('admin', id)).body;
const callCount = async () => (await listCalls('admin', { page_size: 1 })).body.count;

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('people and availability', () => {
  it('greets each connection with its own endpoint', async () => {
    const u = await make.user({ user_type: 'QUALITY' });
    const [a, b] = await Promise.all([connect(u), connect(u)]);
    expect(a.endpoint).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.endpoint).not.toBe(a.endpoint);
  });

  it('lists interpreters and the staff the viewer may act on, online first, never self, guests or HR', async () => {
    const tag = `Zephyr${crypto.randomBytes(3).toString('hex')}`;
    const [viewer, colleague, interp, hr, guest, offline] = await Promise.all([
      make.user({ user_type: 'QUALITY', last_name: tag }),
      make.user({ user_type: 'QUALITY', last_name: tag, first_name: 'Aaron' }),
      make.user({ user_type: 'INTERPRETER', last_name: tag, first_name: 'Zara' }),
      make.user({ user_type: 'HR', last_name: tag }),
      make.user({ user_type: 'GUEST', last_name: tag }),
      make.user({ user_type: 'INTERPRETER', last_name: tag, first_name: 'Adam' }),
    ]);
    await connect(interp);
    const res = await people(viewer, tag);
    expect(res.status).toBe(200);
    // Zara sorts after Aaron and Adam by name, but she is online.
    expect(res.body.results.map((r) => [r.username, r.online])).toEqual([
      [interp.username, true],
      [colleague.username, false],
      [offline.username, false],
    ]);
    expect(res.body.results[0]).toMatchObject({ consent: 'ask', viewers: 0, user_type: 'INTERPRETER' });
    expect(res.body).toMatchObject({ max_viewers: 1, max_minutes: 30 });
    for (const u of [viewer, hr, guest]) {
      expect(res.body.results.map((r) => r.username)).not.toContain(u.username);
    }

    // The search matches a username too, and narrows to it.
    const one = await people(viewer, interp.username);
    expect(one.body.results.map((r) => r.username)).toEqual([interp.username]);
    expect((await people(viewer, 'no-such-person-anywhere')).body.results).toEqual([]);

    // Unfiltered: online people come before every offline one.
    const all = (await people(viewer)).body.results;
    const firstOffline = all.findIndex((r) => !r.online);
    expect(all.slice(firstOffline).some((r) => r.online)).toBe(false);
    expect(all.every((r) => ['QUALITY', 'INTERPRETER'].includes(r.user_type))).toBe(true);

    // ADMIN acts on every department, guests included, but never watches a guest.
    const admin = await people('admin', tag);
    expect(admin.body.results.map((r) => r.username).sort()).toEqual(
      [viewer, colleague, interp, hr, offline].map((u) => u.username).sort(),
    );
  });

  it('refuses HR on people, calls and availability', async () => {
    const interp = await make.user({ user_type: 'INTERPRETER' });
    const before = await callCount();
    expect((await people('hr')).status).toBe(403);
    expect((await availability('hr', interp.username)).status).toBe(403);
    const hrSock = await connect('hr');
    const res = await ask('hr', { target: interp.username, reason: 'Curious', endpoint: hrSock.endpoint });
    expect(res.status).toBe(403);
    expect(await callCount()).toBe(before);
  });

  it('tells availability: online, viewers against the limit, and when a place frees', async () => {
    const { viewer, target, call } = await requested();
    const other = await make.user({ user_type: 'QUALITY' });
    const res = await availability(other, target.username);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ online: true, consent: 'ask', viewers: 1, max_viewers: 1 });
    // A request frees its place by its answer timeout at the latest.
    expect(Date.parse(res.body.retry_at ?? '')).toBeCloseTo(Date.parse(call.requested_at) + 60_000, -3);
    expect((await availability(viewer, 'hr')).status).toBe(404);
  });
});

describe('asking to watch', () => {
  it('needs a reason, the caller’s own live endpoint and a watchable, online target; nothing is created otherwise', async () => {
    const { viewer, target, vs, ts } = await pair();
    const before = await callCount();
    const base = { target: target.username, reason: 'Checking the call flow', endpoint: vs.endpoint };

    const noReason = await api(viewer, 'POST', '/api/share/calls/', { ...base, reason: undefined });
    expect(noReason.status).toBe(400);
    expect(noReason.body.extra.fields).toHaveProperty('reason');

    const foreign = await ask(viewer, { ...base, endpoint: ts.endpoint });
    expect(foreign.status).toBe(400);
    expect(foreign.error.extra?.fields).toHaveProperty('endpoint');

    const hr = await make.user({ user_type: 'HR' });
    await connect(hr);
    const notWatchable = await ask(viewer, { ...base, target: hr.username });
    const unknown = await ask(viewer, { ...base, target: 'no.such.person' });
    expect(notWatchable.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(notWatchable.error.extra?.fields?.target).toEqual(unknown.error.extra?.fields?.target);
    expect(await ask(viewer, { ...base, target: viewer.username })).toMatchObject({ status: 400 });

    const offline = await make.user({ user_type: 'INTERPRETER' });
    const off = await ask(viewer, { ...base, target: offline.username });
    expect(off.status).toBe(400);
    expect(off.error.extra?.fields).toHaveProperty('target');

    expect(await callCount()).toBe(before);
  });

  it('creates a request that reaches the target live, with the reason and the viewer', async () => {
    const { viewer, target, vs, ts } = await pair();
    const heard = nextNew(ts, (m) => m.message?.command === 'share_call');
    const res = await ask(viewer, {
      target: target.username,
      reason: '  Quality review of call 42  ',
      endpoint: vs.endpoint,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'requested',
      consent: 'ask',
      reason: 'Quality review of call 42',
      viewer_endpoint: vs.endpoint,
      target_endpoint: null,
      started_at: null,
      viewer: { username: viewer.username },
      target: { username: target.username },
    });
    const frame = await heard;
    expect(frame.message.data).toMatchObject({
      id: res.body.id,
      reason: 'Quality review of call 42',
      status: 'requested',
    });
    expect(frame.message.data.viewer.username).toBe(viewer.username);
    await vs.next(callFrame(res.body.id, 'requested'));
  });

  it('starts at once with a notice when ADMIN recorded consent at hiring', async () => {
    const { viewer, target, vs, ts } = await pair();
    const staff = await make.user({ user_type: 'QUALITY' });
    expect((await setConsent('quality', target.username, true)).status).toBe(403);
    const forStaff = await setConsent('admin', staff.username, true);
    expect(forStaff.status).toBe(400);
    expect(forStaff.error.extra?.fields).toHaveProperty('consent_at_hiring');
    const set = await setConsent('admin', target.username, true);
    expect(set).toMatchObject({ status: 200, body: { username: target.username, consent: 'notice' } });

    const res = await ask(viewer, { target: target.username, reason: 'Live coaching', endpoint: vs.endpoint });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'active', consent: 'notice', target_endpoint: ts.endpoint });
    expect(res.body.started_at).not.toBeNull();
    await ts.next(callFrame(res.body.id, 'active'));
  });
});

describe('the viewers limit', () => {
  it('answers 409 with Retry-After to a second viewer, and creates nothing', async () => {
    const { target } = await requested();
    const second = await make.user({ user_type: 'QUALITY' });
    const sock = await connect(second);
    const before = await callCount();
    const res = await ask(second, { target: target.username, reason: 'Second opinion', endpoint: sock.endpoint });
    expect(res.status).toBe(409);
    expect(res.error.message).toMatch(/1 of 1 allowed viewer/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await callCount()).toBe(before);
  });

  it('holds one place per viewer: asking again from another tab is refused, and creates nothing', async () => {
    const { viewer, target } = await requested();
    const tab2 = await connect(viewer);
    const before = await callCount();
    const res = await ask(viewer, { target: target.username, reason: 'Again from a tab', endpoint: tab2.endpoint });
    expect(res.status).toBe(409);
    expect(res.error.message).toMatch(/already have a call with this person/);
    expect(await callCount()).toBe(before);
  });

  it('lets exactly one of two simultaneous requests through', async () => {
    // The race is real on the PostgreSQL pass (the embedded database runs one transaction at a time).
    const target = await make.user({ user_type: 'INTERPRETER' });
    const [a, b] = await Promise.all([make.user({ user_type: 'QUALITY' }), make.user({ user_type: 'QUALITY' })]);
    const [as, bs] = await Promise.all([connect(a), connect(b), connect(target)]);
    const before = await callCount();
    const results = await Promise.all([
      ask(a, { target: target.username, reason: 'Race one', endpoint: as.endpoint }),
      ask(b, { target: target.username, reason: 'Race two', endpoint: bs.endpoint }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await callCount()).toBe(before + 1);
  });
});

describe('answering and ending', () => {
  it('lets only the target accept; the viewer gets 403 and a stranger 404', async () => {
    const { viewer, target, vs, ts, call } = await requested();
    const stranger = await make.user({ user_type: 'INTERPRETER' });
    const strangerSock = await connect(stranger);
    expect((await accept(viewer, call.id, vs.endpoint)).status).toBe(403);
    expect((await accept(stranger, call.id, strangerSock.endpoint)).status).toBe(404);
    expect((await getCall(call.id)).status).toBe('requested');
    const res = await accept(target, call.id, ts.endpoint);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'active', target_endpoint: ts.endpoint });
    expect(res.body.expires_at).not.toBeNull();
    await vs.next(callFrame(call.id, 'active'));
    // Accepting twice: the call no longer waits for an answer.
    expect((await accept(target, call.id, ts.endpoint)).status).toBe(409);
  });

  it('records a decline with its note and tells both parties', async () => {
    const { viewer, target, vs, ts, call } = await requested();
    expect((await decline(viewer, call.id)).status).toBe(403);
    const res = await decline(target, call.id, 'On a legal call');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'declined',
      end_reason: 'declined',
      decline_note: 'On a legal call',
      ended_by: { username: target.username },
    });
    await vs.next(callFrame(call.id, 'declined'));
    await ts.next(callFrame(call.id, 'declined'));
    expect((await decline(target, call.id)).status).toBe(409);
  });

  it('ends by the viewer, once (a second end returns the same call)', async () => {
    const { viewer, ts, call } = await active();
    const res = await end(viewer, call.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ended', end_reason: 'viewer', ended_by: { username: viewer.username } });
    expect(res.body.duration_seconds).toBeGreaterThanOrEqual(0);
    await ts.next(callFrame(call.id, 'ended'));
    const again = await end(viewer, call.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
  });

  it('ends by the target, and refuses an auditor who is not in the call', async () => {
    const { target, vs, call } = await active();
    expect((await end('admin', call.id)).status).toBe(403);
    const res = await end(target, call.id);
    expect(res.body).toMatchObject({ status: 'ended', end_reason: 'target', ended_by: { username: target.username } });
    await vs.next(callFrame(call.id, 'ended'));
  });

  it('lets the viewer withdraw a request', async () => {
    const { viewer, call } = await requested();
    const res = await end(viewer, call.id);
    expect(res.body).toMatchObject({ status: 'ended', end_reason: 'viewer', started_at: null, duration_seconds: null });
  });

  it('writes an event log for every action', async () => {
    const { viewer, target, ts, call } = await requested();
    await accept(target, call.id, ts.endpoint);
    await end(viewer, call.id);
    const declined = await requested();
    await decline(declined.target, declined.call.id, 'Busy');
    const actions = async (id: number) =>
      ((await api('admin', 'GET', `/api/eventlogs/?target_type=share_call&target_id=${id}`)).body.results as any[])
        .map((r) => r.action)
        .sort();
    expect(await actions(call.id)).toEqual(['share.accept', 'share.end', 'share.request']);
    expect(await actions(declined.call.id)).toEqual(['share.decline', 'share.request']);
  });
});

describe('signalling', () => {
  const signal = (
    sock: TestSocket,
    call_id: number,
    sig: Record<string, unknown>,
    extra: Record<string, unknown> = {},
  ) => sock.ws.send(JSON.stringify({ command: 'signal', call_id, signal: sig, ...extra }));
  const isSignal = (sdp: string) => (m: any) =>
    m.message?.command === 'share_signal' && m.message.data.signal.sdp === sdp;
  const isError = (m: any) => m.message?.command === 'error';

  it('relays signals only between the two connections of the call, the sender named by the server', async () => {
    const { viewer, target, vs, ts, call } = await requested();
    const secondTab = await connect(target); // open before accepting; it did not accept
    const accepted = await accept(target, call.id, ts.endpoint);
    expect(accepted.status).toBe(200);

    signal(vs, call.id, { type: 'offer', sdp: 'v=0 offer' });
    const offer = await ts.next(isSignal('v=0 offer'));
    expect(offer.message.data).toEqual({
      call_id: call.id,
      from: viewer.username,
      signal: { type: 'offer', sdp: 'v=0 offer' },
    });
    signal(ts, call.id, { type: 'answer', sdp: 'v=0 answer' });
    const answer = await vs.next(isSignal('v=0 answer'));
    expect(answer.message.data.from).toBe(target.username);
    signal(ts, call.id, {
      type: 'candidate',
      candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    });
    await vs.next((m) => m.message?.command === 'share_signal' && m.message.data.signal.type === 'candidate');

    // A third user's socket: refused for the call, and refused outright with forged fields.
    const third = await connect(await make.user({ user_type: 'QUALITY' }));
    const refused = nextNew(third, isError);
    signal(third, call.id, { type: 'offer', sdp: 'v=0 intruder' });
    expect((await refused).message.data).toMatch(/No such call/);
    const forged = nextNew(third, isError);
    signal(third, call.id, { type: 'offer', sdp: 'v=0 forged' }, { from: viewer.username, sender: viewer.username });
    expect((await forged).message.data).toMatch(/Malformed/);
    // The second tab of the target is not bound to the call either.
    const tabRefused = nextNew(secondTab, isError);
    signal(secondTab, call.id, { type: 'answer', sdp: 'v=0 other tab' });
    await tabRefused;

    // Barrier: a legitimate signal sent after those arrives; none of them did.
    signal(vs, call.id, { type: 'offer', sdp: 'v=0 barrier' });
    await ts.next(isSignal('v=0 barrier'));
    expect(frames(ts, 'share_signal').map((m) => m.message.data.signal.sdp)).toEqual(['v=0 offer', 'v=0 barrier']);
    expect(frames(vs, 'share_signal').map((m) => m.message.data.signal.type)).toEqual(['answer', 'candidate']);
    expect(frames(secondTab, 'share_signal')).toEqual([]);
    expect(frames(third, 'share_signal')).toEqual([]);
    // The second tab still hears about the call itself.
    await secondTab.next(callFrame(call.id, 'active'));
  });

  it('refuses signals on a call that is not active', async () => {
    const { vs, call } = await requested();
    const refused = nextNew(vs, isError);
    signal(vs, call.id, { type: 'offer', sdp: 'v=0 early' });
    expect((await refused).message.data).toMatch(/No such call/);
  });

  it('answers malformed JSON and an oversize SDP with an error frame, and stays open', async () => {
    const { vs, ts, call } = await active();
    const bad = nextNew(vs, isError);
    vs.ws.send('{"command": "signal", ');
    expect((await bad).message.data).toMatch(/JSON/);
    const big = nextNew(vs, isError);
    signal(vs, call.id, { type: 'offer', sdp: `v=0 ${'a'.repeat(20_000)}` });
    expect((await big).message.data).toMatch(/Malformed/);
    await ready(vs);
    expect(frames(ts, 'share_signal')).toEqual([]);
  });

  it('ends the call as disconnected when the viewer’s connection closes', async () => {
    const { viewer, vs, ts, call } = await active();
    vs.ws.close();
    const ended = await until(
      () => getCall(call.id),
      (c) => c.status === 'ended',
    );
    expect(ended).toMatchObject({ end_reason: 'disconnected', ended_by: { username: viewer.username } });
    await ts.next(callFrame(call.id, 'ended'));
  });
});

describe('the sweep', () => {
  it('ends a call past the length limit, and marks an unanswered request missed', async () => {
    const { call: long } = await active();
    const { call: unanswered } = await requested();
    await setShareCallTimes(s.database.db, long.id, { started_at: -31 * 60 });
    await setShareCallTimes(s.database.db, unanswered.id, { requested_at: -61 });
    await sweepCalls(s.app.ctx);
    expect(await getCall(long.id)).toMatchObject({ status: 'ended', end_reason: 'time_limit', ended_by: null });
    expect(await getCall(unanswered.id)).toMatchObject({ status: 'missed', end_reason: 'unanswered' });
  });

  it('ends a call whose connection no server vouches for any more (its server vanished)', async () => {
    const { viewer, target, ts } = await pair();
    // The viewer's connection as a vanished server left it: last vouched for two minutes ago.
    const gone = await make.shareEndpoint({ user: viewer, seen_in_seconds: -120 });
    const { id } = await make.shareCall({
      viewer,
      target,
      reason: 'Across a crash',
      viewer_endpoint: gone,
      target_endpoint: ts.endpoint,
    });
    await sweepCalls(s.app.ctx);
    expect(await getCall(id)).toMatchObject({ status: 'ended', end_reason: 'disconnected', ended_by: null });
    await ts.next(callFrame(id, 'ended'));
  });

  it('leaves fresh calls alone', async () => {
    const { call } = await active();
    await sweepCalls(s.app.ctx);
    expect((await getCall(call.id)).status).toBe('active');
  });
});

describe('snapshots', () => {
  const upload = async (who: Who, id: number, data: Buffer, name = 'frame.png') =>
    callAs(s, who, S.addShareSnapshot, { params: { id }, body: multipartBody({}, [{ name, data }], 'snapshot') });
  const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');

  it('keeps the viewer’s PNG frames of an active call, and nobody else’s', async () => {
    const { viewer, target, call } = await active('QUALITY');
    const res = await upload(viewer, call.id, TINY_PNG);
    expect(res.status).toBe(201);
    expect(res.body.snapshots).toHaveLength(1);
    expect(res.body.snapshots[0]!.size).toBe(TINY_PNG.length);
    const snap = res.body.snapshots[0]!.id;
    const bytes = await fetch(
      `${s.url}/api${fillPath(S.downloadShareSnapshot.path, { id: call.id, snapshot: snap })}`,
      {
        headers: { authorization: `Bearer ${await tokenOf(viewer)}` },
      },
    );
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toMatch(/^image\/png/);
    expect(Buffer.from(await bytes.arrayBuffer()).equals(TINY_PNG)).toBe(true);

    for (const [data, name] of [
      [JPEG, 'frame.jpg'],
      [Buffer.from('not an image'), 'frame.txt'],
    ] as const) {
      const bad = await upload(viewer, call.id, data, name);
      expect(bad.status, name).toBe(400);
      expect(bad.error.extra?.fields, name).toHaveProperty('snapshot');
    }
    expect((await upload(target, call.id, TINY_PNG)).status).toBe(403);
    expect((await upload('hr', call.id, TINY_PNG)).status).toBe(404);
    const hrBytes = await callAs(s, 'hr', S.downloadShareSnapshot, { params: { id: call.id, snapshot: snap } });
    expect(hrBytes.status).toBe(404);
    expect((await getCall(call.id)).snapshots).toHaveLength(1);

    await end(viewer, call.id);
    expect((await upload(viewer, call.id, TINY_PNG)).status).toBe(409);
    expect((await getCall(call.id)).snapshots).toHaveLength(1);
  });
});

describe('the calls list', () => {
  it('shows ADMIN all, QUALITY interpreter calls, a director their branch; HR nothing', async () => {
    const { target, call } = await requested();
    const ids = async (who: string) => {
      const res = await listCalls(who, { search: target.username });
      return res.status === 200 ? res.body.results.map((c) => c.id) : res.status;
    };
    expect(await ids('admin')).toEqual([call.id]);
    expect(await ids('quality')).toEqual([call.id]);
    expect(await ids('director.gi')).toEqual([call.id]); // QUALITY is in G.I's branch
    expect(await ids('director.ad')).toEqual([]);
    expect(await ids('hr')).toBe(403);
    expect((await readCall('director.ad', call.id)).status).toBe(404);
    const requestedOnly = await listCalls('admin', { search: target.username, status: 'ended' });
    expect(requestedOnly.body.count).toBe(0);
  });
});

describe('ICE servers', () => {
  it('gives STUN and an hour of TURN credentials (coturn REST: HMAC-SHA1 of the username)', async () => {
    const interp = await make.user({ user_type: 'INTERPRETER' });
    const res = await iceServers(interp);
    expect(res.status).toBe(200);
    const [stun, turn] = res.body.ice_servers;
    expect(stun).toEqual({ urls: ['stun:stun.portal.example:3478'] });
    if (!turn?.username) throw new Error(`no TURN server with credentials: ${JSON.stringify(res.body)}`);
    expect(turn.urls).toEqual(['turn:turn.portal.example:3478']);
    const [expiry, id] = turn.username.split(':');
    expect(Number(id)).toBe(interp.id);
    expect(Number(expiry) - Date.now() / 1000).toBeGreaterThan(3500);
    expect(Number(expiry) - Date.now() / 1000).toBeLessThanOrEqual(3600);
    expect(turn.credential).toBe(crypto.createHmac('sha1', TURN_SECRET).update(turn.username).digest('base64'));
  });

  it('are only for people who can be in a call: a guest is refused (403) and gets no relay credentials', async () => {
    const guest = await make.user({ user_type: 'GUEST' });
    const res = await iceServers(guest);
    expect(res.status).toBe(403);
    expect(res.error).toEqual({ message: expect.any(String), code: 'shareCallsStaffOnly' });
    expect(JSON.stringify(res.body)).not.toContain('turn:');
    // Staff who are never viewers can still be watched, so they get them too.
    expect((await iceServers(await make.user({ user_type: 'HR' }))).status).toBe(200);
  });
});

describe('an interpreter', () => {
  it('connects, answers and ends their own calls, and reaches no staff route', async () => {
    const { viewer, target, ts, vs, call } = await requested();
    expect((await readCall(target, call.id)).body.status).toBe('requested');
    expect((await accept(target, call.id, ts.endpoint)).status).toBe(200);
    expect((await end(target, call.id)).body.end_reason).toBe('target');

    const again = await ask(viewer, { target: target.username, reason: 'Second look', endpoint: vs.endpoint });
    expect(again.status).toBe(201);
    expect((await decline(target, again.body.id)).body.status).toBe('declined');

    expect((await people(target)).status).toBe(403);
    expect((await listCalls(target)).status).toBe(403);
    expect((await api(target, 'GET', '/api/user/active-tickets/')).status).toBe(403);
  });
});
