/**
 * The IT pages' live logs (/ws/it/): real sockets on a real server, telemetry stored as
 * the ingest stores it, the bus event published as the ingest publishes it; and the
 * per-user coalescing of reads (fake timers: no waiting on the clock).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { itEndpoints, WS_CLOSE, ZWsItChannelMessage, type TBusEventOf } from '@portal/contracts';
import { callAs } from '../../../test/client.js';
import type { UserRow } from '../../db/schema.js';
import { factories, type AgentRef, type Factories } from '../../../test/factories.js';
import { openSocket, ready, startTestServer, type TestServer, type TestSocket } from '../../../test/harness.js';
import { createCoalescer, type ItKind } from './it-live.js';

describe('coalescing reads per user', () => {
  afterEach(() => void vi.useRealTimers());

  it('reads the first event at once, a burst in the window once at its end, then forgets the user', async () => {
    vi.useFakeTimers();
    const reads: [number, ItKind[]][] = [];
    const c = createCoalescer(500, async (user, kinds) => void reads.push([user, [...kinds].sort()]));
    c.add(1, ['app']);
    expect(reads).toEqual([[1, ['app']]]);
    c.add(1, ['app']);
    c.add(1, ['device']);
    c.add(2, ['network']); // another user has a window of their own
    c.add(1, ['app', 'daily']);
    expect(reads).toEqual([
      [1, ['app']],
      [2, ['network']],
    ]);
    vi.advanceTimersByTime(499);
    expect(reads).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(reads.at(-1)).toEqual([1, ['app', 'daily', 'device']]);
    // That read opened a window too: nothing came, so the user is forgotten after it.
    vi.advanceTimersByTime(500);
    expect(reads).toHaveLength(3);
    c.add(1, ['activity']);
    expect(reads.at(-1)).toEqual([1, ['activity']]);
    c.close();
    vi.advanceTimersByTime(5000);
    expect(reads).toHaveLength(4);
  });
});

describe('/ws/it/', () => {
  let s: TestServer;
  let make: Factories;
  let interp: UserRow;
  let staff: UserRow;
  let burst: UserRow;
  const agents = new Map<number, AgentRef>();

  const app = (user: UserRow, title: string, more: { url?: string; opened_apps?: string[] | null } = {}) => ({
    agent: agents.get(user.id)!,
    at: new Date().toISOString(),
    heartbeat: false,
    title,
    process: 'excel',
    pid: 77,
    memory_bytes: 2048,
    url: more.url ?? null,
    opened_apps: more.opened_apps ?? null,
  });
  // Each machine's telemetry is announced with its agent (the test users have one machine each).
  const publish = (event: Omit<TBusEventOf<'it'>, 'type' | 'agent'>) =>
    s.app.ctx.bus.publish({ type: 'it', agent: agents.get(event.user)!.id, ...event });
  const framesFor = (socket: TestSocket, username: string, command?: string) =>
    socket.messages.filter((m) => m.message?.username === username && (!command || m.message.command === command));

  beforeAll(async () => {
    s = await startTestServer();
    make = factories(s.database.db);
    [interp, staff, burst] = await Promise.all([
      make.user({ user_type: 'INTERPRETER' }),
      make.user({ user_type: 'HR' }),
      make.user({ user_type: 'INTERPRETER' }),
    ]);
    for (const u of [interp, staff, burst])
      agents.set(u.id, await make.agent({ user: u, hostname: `pc-${u.username}` }));
    expect(
      (
        await callAs(s, 'it', itEndpoints.createCategoryRule, {
          body: { field: 'process', pattern: 'excel', category: 'productive' },
        })
      ).status,
    ).toBe(201);
  });
  afterAll(() => s?.stop());

  it('sends each kind to the viewers who may watch the user, and no socket at all to HR', async () => {
    const hr = openSocket(s.url, '/ws/it/', await s.token('hr'));
    expect((await hr.closed).code).toBe(WS_CLOSE.forbidden);
    const interpreterSocket = openSocket(s.url, '/ws/it/', await s.token('interpreter01'));
    expect((await interpreterSocket.closed).code).toBe(WS_CLOSE.forbidden);

    const it = openSocket(s.url, '/ws/it/', await s.token('it'));
    const quality = openSocket(s.url, '/ws/it/', await s.token('quality'));
    await Promise.all([ready(it), ready(quality)]);

    const now = Date.now();
    const agent = agents.get(interp.id)!;
    await make.telemetry({
      apps: [
        // Both times are fixed: app() stamps "now" when called, which on a busy machine can be
        // a millisecond or more after `now`, tying or passing the later window.
        { ...app(interp, 'Old window', { opened_apps: ['excel'] }), at: new Date(now).toISOString() },
        { ...app(interp, 'Budget.xlsx'), at: new Date(now + 1000).toISOString() },
      ],
      samples: [
        {
          agent,
          at: new Date(now).toISOString(),
          kind: 'network',
          data: {
            interface: 'wlan0',
            rx_bytes_per_s: 10,
            tx_bytes_per_s: 5,
            latency_ms: 12,
            loss_percent: 0,
            wifi_signal_percent: 80,
          },
        },
      ],
    });
    const today = new Date().toISOString().slice(0, 10);
    const log = {
      date: today,
      first_activity: null,
      last_activity: null,
      active_minutes: 3,
      idle_minutes: 0,
      locked_minutes: 0,
      lock_periods: [],
    };
    await make.telemetry({
      daily: [{ agent, day: today, data: log }],
      status: { agent, state: 'idle', since: now, last_seen_at: now },
    });
    await publish({ user: interp.id, kinds: ['app', 'network', 'daily', 'activity'] });

    for (const socket of [it, quality]) {
      const appUsage = await socket.next(
        (m) => m.message?.command === 'app_usage' && m.message.username === interp.username,
      );
      expect(appUsage.message.data).toEqual({
        active_app_title: 'Budget.xlsx',
        active_app_process: 'excel',
        active_app_memory: 2048,
        url: null,
        opened_apps: [],
        pid: 77,
        category: 'productive',
      });
      const net = await socket.next((m) => m.message?.command === 'network' && m.message.username === interp.username);
      expect(net.message.data).toMatchObject({ at: new Date(now).toISOString(), interface: 'wlan0', latency_ms: 12 });
      const logs = await socket.next(
        (m) => m.message?.command === 'user_logs' && m.message.username === interp.username,
      );
      expect(logs.message.data).toEqual([{ ...log, hostname: `pc-${interp.username}` }]);
      const status = await socket.next(
        (m) => m.message?.command === 'it_status' && m.message.username === interp.username,
      );
      expect(status.message).toMatchObject({ status: 'idle', since: new Date(now).toISOString() });
      // Every frame is one the contract knows, and only the kinds that changed were sent.
      for (const m of socket.messages) expect(ZWsItChannelMessage.safeParse(m).success).toBe(true);
      expect(framesFor(socket, interp.username, 'device')).toEqual([]);
    }

    // A staff member's app: IT hears it, QUALITY (interpreters only) does not.
    await make.telemetry({ apps: [app(staff, 'Payroll')] });
    await publish({ user: staff.id, kinds: ['app'] });
    await it.next((m) => m.message?.command === 'app_usage' && m.message.username === staff.username);
    // A later event QUALITY may hear: once it is there, the staff member's would have been too.
    await make.telemetry({ apps: [app(burst, 'Marker')] });
    await publish({ user: burst.id, kinds: ['app'] });
    await quality.next((m) => m.message?.username === burst.username);
    expect(framesFor(quality, staff.username)).toEqual([]);
    for (const socket of [it, quality]) socket.ws.close();
  });

  it('sends the latest app of a burst of batches, reading at most once more after the first', async () => {
    const viewer = openSocket(s.url, '/ws/it/', await s.token('manager.it'));
    await ready(viewer);
    const u = await make.user({ user_type: 'INTERPRETER' });
    agents.set(u.id, await make.agent({ user: u, hostname: 'pc-burst' }));
    const t = Date.now();
    const batch = (i: number) => ({ ...app(u, `Batch ${i}`), at: new Date(t + i).toISOString() });
    await make.telemetry({ apps: [batch(1)] });
    void publish({ user: u.id, kinds: ['app'] });
    // Four more batches land and are announced while the first read is under way.
    await make.telemetry({ apps: [batch(2), batch(3), batch(4), batch(5)] });
    for (let i = 2; i <= 5; i++) void publish({ user: u.id, kinds: ['app'] });
    await viewer.next((m) => m.message?.username === u.username && m.message.data.active_app_title === 'Batch 5');
    const frames = framesFor(viewer, u.username, 'app_usage');
    expect(frames.length).toBeLessThanOrEqual(2);
    expect(frames.at(-1).message.data.active_app_title).toBe('Batch 5');
    viewer.ws.close();
  });
});
