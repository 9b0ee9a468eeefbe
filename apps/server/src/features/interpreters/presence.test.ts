import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillMessage, interpreterEndpoints as I, WS_CLOSE } from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import { call } from '../../../test/client.js';
import { factories } from '../../../test/factories.js';
import { openSocket, ready, startTestServer, type TestServer } from '../../../test/harness.js';
import { expireSilentSessions, runDemoFeed } from './presence.service.js';
import { onlineAmong, sessionsOf } from './presence.repository.js';
import { DEMO_CAST, isChangeMinute } from './demo-feed.js';
import { up } from '../../db/migrations/0015-presence-future-times.js';

let s: TestServer;
let make: ReturnType<typeof factories>;
let key: string;

beforeAll(async () => {
  // The platform may send up to six hours late here, so these tests can lay out a day of
  // history; the window itself is tested below against this configuration. The scheduled
  // expiry waits a day, so it cannot close a session laid out 30 minutes back while a test
  // reads it (the expiry tests call expireSilentSessions with their own minutes).
  s = await startTestServer({ PRESENCE_MAX_PAST: '6h', PRESENCE_EXPIRY_MINUTES: '1440' });
  make = factories(s.database.db);
  key = (await make.integrationKey({ name: 'Telephony' })).key;
});
afterAll(() => s?.stop());

const interpreter = () => make.user({ user_type: 'INTERPRETER', first_name: 'Rana', last_name: 'Test' });
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
type Ev = { username: string; online: boolean; at: string; source_id: string };
const send = (events: Ev[], headers: Record<string, string> = { 'x-api-key': key }) =>
  call(s.api, I.postPresenceEvents, { body: { events }, headers });
const outcomes = (body: { results: { outcome: string }[] }) => body.results.map((r) => r.outcome);
const sessions = async (u: UserRow) =>
  (await sessionsOf(s.database.db, u.id)).map((x) => ({
    from: x.started_at.toISOString(),
    to: x.ended_at ? x.ended_at.toISOString() : null,
  }));

describe('presence events', () => {
  it('apply a repeated source_id once, and say so', async () => {
    const u = await interpreter();
    const on = { username: u.username, online: true, at: minutesAgo(30), source_id: `rep-${u.id}` };
    expect(outcomes((await send([on])).body)).toEqual(['applied']);
    // Again, and twice within one batch: applied once.
    const again = await send([on, { ...on, online: false }]);
    expect(again.status).toBe(200);
    expect(outcomes(again.body)).toEqual(['duplicate', 'duplicate']);
    expect(await sessions(u)).toEqual([{ from: on.at, to: null }]);
  });

  it('merge a late event: offline arriving before its online gives the right closed session', async () => {
    const u = await interpreter();
    const off = { username: u.username, online: false, at: minutesAgo(10), source_id: `off-${u.id}` };
    const on = { username: u.username, online: true, at: minutesAgo(50), source_id: `on-${u.id}` };
    expect(outcomes((await send([off])).body)).toEqual(['applied']);
    expect(await sessions(u)).toEqual([]);
    expect(outcomes((await send([on])).body)).toEqual(['applied']);
    expect(await sessions(u)).toEqual([{ from: on.at, to: off.at }]);
  });

  it('give the same sessions for a shuffled batch as for the ordered one', async () => {
    const [a, b] = [await interpreter(), await interpreter()];
    const base = Date.now();
    const day = (u: UserRow) =>
      [
        [true, 300],
        [false, 240],
        [true, 230],
        [true, 200],
        [false, 120],
        [true, 60],
      ].map(([online, ago], n) => ({
        username: u.username,
        online: online as boolean,
        at: new Date(base - (ago as number) * 60_000).toISOString(),
        source_id: `day-${u.id}-${n}`,
      }));
    await send(day(a));
    const shuffled = day(b);
    for (const i of [5, 0, 3, 1, 4, 2]) shuffled.push(shuffled.splice(i, 1)[0]!);
    // In three batches too, late ones last.
    await send(shuffled.slice(0, 2));
    await send(shuffled.slice(2, 4));
    await send(shuffled.slice(4));
    expect(await sessions(a)).toHaveLength(3);
    expect(await sessions(b)).toEqual(await sessions(a));
    expect((await sessions(a)).at(-1)!.to).toBeNull();
  });

  it('report an unknown username while the rest still apply', async () => {
    const u = await interpreter();
    const res = await send([
      { username: 'nobody.here', online: true, at: minutesAgo(5), source_id: `unk-${u.id}` },
      { username: 'hr', online: true, at: minutesAgo(5), source_id: `hr-${u.id}` },
      { username: u.username, online: true, at: minutesAgo(5), source_id: `ok-${u.id}` },
    ]);
    expect(outcomes(res.body)).toEqual(['unknown_user', 'unknown_user', 'applied']);
    expect(await sessions(u)).toHaveLength(1);
  });

  it('refuse a wrong or revoked key (401, our error shape), and accept it as a bearer while live', async () => {
    const u = await interpreter();
    const ev = { username: u.username, online: true, at: minutesAgo(5), source_id: `k-${u.id}` };
    const wrong = await send([ev], { 'x-api-key': 'pk_not-a-real-key' });
    expect(wrong.status).toBe(401);
    expect(typeof wrong.error.message).toBe('string');
    expect((await send([ev], { authorization: 'Bearer pk_wrong' })).status).toBe(401);

    const admin = await s.login('admin');
    const made = await call(s.api, I.createIntegrationKey, { token: admin, body: { name: 'Short-lived' } });
    expect(made.body.key).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
    expect(outcomes((await send([ev], { authorization: `Bearer ${made.body.key}` })).body)).toEqual(['applied']);
    const listed = (await call(s.api, I.listIntegrationKeys, { token: admin })).body;
    const row = listed.find((k) => k.id === made.body.id);
    expect(row!.last_used_at).not.toBeNull();
    expect(row).not.toHaveProperty('key');
    expect((await call(s.api, I.revokeIntegrationKey, { token: admin, params: { id: made.body.id } })).status).toBe(
      204,
    );
    const revoked = await send([{ ...ev, source_id: `k2-${u.id}` }], { 'x-api-key': made.body.key });
    expect(revoked.status).toBe(401);
    expect(revoked.error).toEqual({ message: 'The API key is wrong or revoked.', code: 'apiKeyInvalid' });
    expect(await sessions(u)).toHaveLength(1);
    // The key never reaches a log line, as a header or otherwise.
    expect(s.logs.join('\n')).not.toContain(made.body.key);
    expect(s.logs.join('\n')).not.toContain('pk_not-a-real-key');
    // Refused to HR: the key list is ADMIN's.
    expect((await call(s.api, I.listIntegrationKeys, { token: await s.login('hr') })).status).toBe(403);
  });

  it("let an interpreter's own token report only their own presence", async () => {
    const [me, other] = [await interpreter(), await interpreter()];
    const token = await s.login(me.username);
    const res = await call(s.api, I.postPresenceEvents, {
      token,
      body: {
        events: [
          { username: other.username, online: true, at: minutesAgo(0), source_id: 'own-1' },
          { username: me.username, online: true, at: minutesAgo(0), source_id: 'own-2' },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(outcomes(res.body)).toEqual(['refused', 'applied']);
    expect(await sessions(other)).toEqual([]);
    expect((await sessions(me))[0]!.to).toBeNull();
    // A staff token reports nobody's presence.
    const hr = await call(s.api, I.postPresenceEvents, {
      token: await s.login('hr'),
      body: { events: [{ username: me.username, online: false, at: minutesAgo(1), source_id: 'hr-1' }] },
    });
    expect(outcomes(hr.body)).toEqual(['refused']);
  });
});

describe('times are bounded by the server clock', () => {
  const secondsAgo = (n: number) => new Date(Date.now() - n * 1000).toISOString();
  const storedEvents = (u: UserRow) =>
    s.database.db.selectFrom('presence_events').select('source_id').where('user_id', '=', u.id).execute();

  it('refuses events before PRESENCE_MAX_PAST or past the clock skew ahead, each with why, changing nothing', async () => {
    const [u, v] = [await interpreter(), await interpreter()];
    const { PRESENCE_MAX_PAST: past, PRESENCE_CLOCK_SKEW: skew } = s.config;
    expect([past, skew]).toEqual([6 * 3600, 30]);
    const ev = (at: string, n: string, who = u) => ({
      username: who.username,
      online: true,
      at,
      source_id: `w-${n}-${who.id}`,
    });
    const res = await send([
      ev('2020-01-01T00:00:00Z', 'ancient'),
      ev('2099-01-01T00:00:00Z', 'forever', v),
      ev(secondsAgo(past + 60), 'old'),
      ev(secondsAgo(-(skew + 60)), 'ahead'),
      ev(secondsAgo(past - 60), 'late-but-fine'),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { source_id: `w-ancient-${u.id}`, outcome: 'refused', message: fillMessage('presenceTooOld', { count: past }) },
      { source_id: `w-forever-${v.id}`, outcome: 'refused', message: fillMessage('presenceAhead', { count: skew }) },
      { source_id: `w-old-${u.id}`, outcome: 'refused', message: fillMessage('presenceTooOld', { count: past }) },
      { source_id: `w-ahead-${u.id}`, outcome: 'refused', message: fillMessage('presenceAhead', { count: skew }) },
      { source_id: `w-late-but-fine-${u.id}`, outcome: 'applied', message: null },
    ]);
    // Nothing of the refused ones is stored: the one open session starts at the accepted event.
    expect(await storedEvents(u)).toEqual([{ source_id: `w-late-but-fine-${u.id}` }]);
    expect(await storedEvents(v)).toEqual([]);
    expect(await sessions(v)).toEqual([]);
    expect((await sessions(u)).map((x) => x.to)).toEqual([null]);
    // An offline now closes it: no future event holds it open.
    expect(outcomes((await send([{ ...ev(secondsAgo(0), 'off'), online: false }])).body)).toEqual(['applied']);
    expect((await sessions(u)).map((x) => x.to)).not.toContain(null);
  });

  it("lets an interpreter's own report lag only by the clock skew, so no one back-dates their own start (late flags)", async () => {
    const me = await interpreter();
    const token = await s.login(me.username);
    const own = (at: string, n: string) =>
      call(s.api, I.postPresenceEvents, {
        token,
        body: { events: [{ username: me.username, online: true, at, source_id: `self-${n}-${me.id}` }] },
      });
    // Back to a shift's start twenty minutes ago: refused, even though the platform may send that late.
    const backdated = await own(minutesAgo(20), 'back');
    expect(backdated.body.results[0]).toEqual({
      source_id: `self-back-${me.id}`,
      outcome: 'refused',
      message: fillMessage('presenceTooOld', { count: s.config.PRESENCE_CLOCK_SKEW }),
    });
    expect(await sessions(me)).toEqual([]);
    const fresh = await own(secondsAgo(2), 'now');
    expect(outcomes(fresh.body)).toEqual(['applied']);
    expect(await sessions(me)).toHaveLength(1);
  });
});

describe('migration 0015', () => {
  it('closes sessions stored with future times (as accepted before times were bounded), so an offline applies again', async () => {
    const db = s.database.db;
    const [forever, stretched, fine] = [await interpreter(), await interpreter(), await interpreter()];
    const opened = new Date(Date.now() - 30 * 60_000);
    const seen = new Date(Date.now() - 20 * 60_000);
    const future = new Date('2099-01-01T00:00:00Z');
    const event = (u: UserRow, n: string, online: boolean, at: Date) => ({
      sender: 'key:0',
      source_id: `m15-${n}-${u.id}`,
      user_id: u.id,
      online,
      at,
      source: 'integration' as const,
    });
    // What the old server stored: one session opened in 2099, one stretched to 2099 by a
    // sign of life, and an ordinary open one.
    await db
      .insertInto('presence_events')
      .values([
        event(forever, 'on', true, future),
        event(stretched, 'on', true, opened),
        event(stretched, 'seen', true, seen),
        event(stretched, 'later', true, future),
        event(fine, 'on', true, opened),
      ])
      .execute();
    await db
      .insertInto('presence_sessions')
      .values([
        { user_id: forever.id, started_at: future, ended_at: null, last_seen_at: future, source: 'integration' },
        { user_id: stretched.id, started_at: opened, ended_at: null, last_seen_at: future, source: 'integration' },
        // Seen a moment ago, so the scheduled silence expiry leaves it open meanwhile.
        { user_id: fine.id, started_at: opened, ended_at: null, last_seen_at: new Date(), source: 'integration' },
      ])
      .execute();

    const migrationDb = db as unknown as Parameters<typeof up>[0];
    await up(migrationDb);
    await up(migrationDb); // idempotent

    expect(await sessions(forever)).toEqual([]);
    expect(await sessions(stretched)).toEqual([{ from: opened.toISOString(), to: seen.toISOString() }]);
    expect(await sessions(fine)).toEqual([{ from: opened.toISOString(), to: null }]);
    // A rebuild from the stored events keeps the close, and offline now closes the ordinary one.
    const now = new Date().toISOString();
    const sent = await send([
      { username: stretched.username, online: false, at: now, source_id: `m15-off-${stretched.id}` },
      { username: fine.username, online: false, at: now, source_id: `m15-off-${fine.id}` },
    ]);
    expect(outcomes(sent.body)).toEqual(['applied', 'applied']);
    expect(await sessions(stretched)).toEqual([{ from: opened.toISOString(), to: seen.toISOString() }]);
    expect(await sessions(fine)).toEqual([{ from: opened.toISOString(), to: now }]);
  });
});

describe('heartbeat and expiry', () => {
  it('close a silent open session at its last sign of life, and keep one with heartbeats open', async () => {
    const [silent, alive] = [await interpreter(), await interpreter()];
    const opened = minutesAgo(20);
    // Listening before the sessions open: the scheduled expiry may close the silent one at any moment after.
    const wfm = openSocket(s.url, '/ws/interpreters/', await s.login('manager.wfm'));
    await ready(wfm);
    await send([
      { username: silent.username, online: true, at: opened, source_id: `sil-${silent.id}` },
      { username: alive.username, online: true, at: opened, source_id: `alv-${alive.id}` },
    ]);
    const beat = await call(s.api, I.postPresenceHeartbeat, {
      body: { username: alive.username },
      headers: { 'x-api-key': key },
    });
    expect(beat.body).toEqual({ username: alive.username, outcome: 'alive' });

    // The server's own scheduled expiry (every minute) may get there first: what counts is the result.
    await expireSilentSessions(s.app.ctx, 5);
    expect(await sessions(silent)).toEqual([{ from: opened, to: opened }]);
    expect((await sessions(alive))[0]!.to).toBeNull();
    const frame = await wfm.next((m) => m.message?.username === silent.username && m.message?.online === 0);
    expect(frame.message).toEqual({ command: 'interpreter_status', username: silent.username, online: 0, at: opened });
    // Run again (another server): nothing left to close for them.
    await expireSilentSessions(s.app.ctx, 5);
    expect(await sessions(silent)).toHaveLength(1);
    // A later event for them rebuilds from the stored close, which stays.
    await send([{ username: silent.username, online: true, at: minutesAgo(1), source_id: `back-${silent.id}` }]);
    expect((await sessions(silent))[0]).toEqual({ from: opened, to: opened });
    expect(await sessions(silent)).toHaveLength(2);
    wfm.ws.close();
  });
});

describe('live status', () => {
  it('reaches a WFM socket on /ws/interpreters/ and the channel refuses HR', async () => {
    const u = await interpreter();
    const wfm = openSocket(s.url, '/ws/interpreters/', await s.login('manager.wfm'));
    await ready(wfm);
    const hr = openSocket(s.url, '/ws/interpreters/', await s.login('hr'));
    expect((await hr.closed).code).toBe(WS_CLOSE.forbidden);
    const at = minutesAgo(2);
    await send([{ username: u.username, online: true, at, source_id: `live-${u.id}` }]);
    const frame = await wfm.next((m) => m.message?.username === u.username);
    expect(frame.message).toEqual({ command: 'interpreter_status', username: u.username, online: 1, at });
    expect(hr.messages).toEqual([]);
    wfm.ws.close();
  });
});

describe('the demo feed', () => {
  it("keeps open sessions of the demo cast alive, and applies a minute's change once when run twice", async () => {
    const db = s.database.db;
    // interpreter13 is offline in the demo seed: bring them online 4 minutes ago, silent since.
    const u = await db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'interpreter13')
      .executeTakeFirstOrThrow();
    expect(
      outcomes(
        (await send([{ username: u.username, online: true, at: minutesAgo(4), source_id: `demo-${u.id}` }])).body,
      ),
    ).toEqual(['applied']);

    // A minute with no change: only heartbeats, so a 3-minute expiry leaves the session open.
    const minuteNow = Math.floor(Date.now() / 60_000);
    let quiet = minuteNow;
    while (isChangeMinute(quiet)) quiet--;
    const beat = await runDemoFeed(s.app.ctx, new Date(quiet * 60_000));
    expect(beat.change).toBeNull();
    expect(beat.heartbeat).toContain(u.username);
    await expireSilentSessions(s.app.ctx, 3);
    expect((await sessions(u)).at(-1)!.to).toBeNull();

    // The latest change minute, planned twice (a second server): one change, applied once.
    let busy = minuteNow;
    while (!isChangeMinute(busy)) busy--;
    const before = new Set(await onlineAmong(db, DEMO_CAST));
    const first = await runDemoFeed(s.app.ctx, new Date(busy * 60_000 + 5_000));
    const change = first.change!;
    expect(change.online).toBe(!before.has(change.username));
    const after = new Set(await onlineAmong(db, DEMO_CAST));
    expect(after.has(change.username)).toBe(change.online);
    expect(after.size).toBe(before.size + (change.online ? 1 : -1));
    const second = await runDemoFeed(s.app.ctx, new Date(busy * 60_000 + 40_000));
    expect(second.change!.source_id).toBe(change.source_id);
    expect(new Set(await onlineAmong(db, DEMO_CAST))).toEqual(after);
    const stored = await db
      .selectFrom('presence_events')
      .select(['user_id', 'online'])
      .where('sender', '=', 'demo-feed')
      .where('source_id', '=', change.source_id)
      .execute();
    expect(stored).toHaveLength(1);
  });
});
