import { createHash, randomBytes } from 'node:crypto';
import type { TAgentEvent } from '@portal/contracts';
import type { AppContext } from '../../lib/context.js';
import { usersByUsername } from '../users/index.js';
import * as agents from './agents.repository.js';
import { ingestBatch } from './telemetry.service.js';
import { agentLastSeq } from './telemetry.repository.js';

/**
 * Demo data for IT monitoring: a few staff machines with two days of believable telemetry,
 * stored through the real ingest (seq, partitions, status), and a feed that keeps three of
 * them live. Interpreters are left to the presence demo feed.
 */
const CAST = ['it', 'quality', 'manager.ops', 'hr', 'dev', 'manager.it'] as const;
/** Played live every minute by the feed (every machine of theirs). */
const LIVE = ['it', 'quality', 'manager.ops'];
/** Someone who works on two machines: a desk all day and a laptop in the afternoon. */
const TWO_MACHINES = 'manager.ops';

const APPS = [
  { title: 'Zoiper — Call with +966 11 555 0142', process: 'zoiper', url: null },
  { title: 'Inbox — Outlook', process: 'outlook', url: null },
  { title: 'Ticket #4821 · Help desk — Chromium', process: 'chromium', url: 'https://portal.example.com/dashboard' },
  { title: 'Customer record — CRM — Chromium', process: 'chromium', url: 'https://crm.example.com/accounts/318' },
  { title: 'Weekly roster.xlsx — Excel', process: 'excel', url: null },
  { title: 'Team chat — Microsoft Teams', process: 'teams', url: null },
  { title: 'YouTube — Chromium', process: 'chromium', url: 'https://www.youtube.com/watch?v=demo' },
] as const;
const OPENED = ['zoiper', 'outlook', 'chromium', 'teams'];

/** A small deterministic generator, so every demo looks the same. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

function deviceData(hostname: string, load: number, diskUsed: number) {
  return {
    hostname,
    os: 'Debian GNU/Linux 12',
    cpu_model: 'Intel Core i5-1235U',
    cpu_load: load,
    memory_total_bytes: 16 * 2 ** 30,
    memory_used_bytes: Math.round((6 + load / 20) * 2 ** 30),
    disks: [{ mount: '/', size_bytes: 512 * 10 ** 9, used_bytes: Math.round(diskUsed * 512 * 10 ** 9) }],
    battery_percent: null,
    charging: null,
    uptime_seconds: 3600 * 5,
    addresses: ['10.20.3.41'],
  };
}

/** One working stretch: switches among the apps, a break (idle then locked), samples, the day's log. */
function workStretch(from: number, to: number, seq: () => number, next: () => number, who: number, hostname: string) {
  const events: TAgentEvent[] = [];
  const iso = (t: number) => new Date(t).toISOString();
  const slowNet = who === 3; // one user on a poor connection
  const fullDisk = who === 4 ? 0.93 : 0.55; // one disk nearly full
  events.push({ kind: 'activity', seq: seq(), at: iso(from), state: 'active', idle_seconds: 0 });
  const breakAt = from + (to - from) * 0.55;
  let active = 0;
  for (let t = from; t < to; t += (3 + next() * 9) * 60_000) {
    const pick = APPS[Math.floor(next() * (t > breakAt - 1800_000 && t < breakAt ? APPS.length : APPS.length - 1))]!;
    events.push({
      kind: 'app',
      seq: seq(),
      at: iso(t),
      heartbeat: false,
      title: pick.title,
      process: pick.process,
      pid: 1000 + Math.floor(next() * 30000),
      memory_bytes: Math.round((150 + next() * 600) * 2 ** 20),
      url: pick.url,
      opened_apps: OPENED,
    });
    active++;
  }
  events.push({ kind: 'activity', seq: seq(), at: iso(breakAt), state: 'idle', idle_seconds: 300 });
  events.push({ kind: 'activity', seq: seq(), at: iso(breakAt + 600_000), state: 'locked', idle_seconds: 600 });
  events.push({ kind: 'activity', seq: seq(), at: iso(breakAt + 2400_000), state: 'active', idle_seconds: 0 });
  for (let t = from; t < to; t += 15 * 60_000) {
    events.push({ kind: 'device', seq: seq(), at: iso(t), data: deviceData(hostname, 15 + next() * 50, fullDisk) });
    events.push({
      kind: 'network',
      seq: seq(),
      at: iso(t),
      data: {
        interface: 'eth0',
        rx_bytes_per_s: Math.round(20_000 + next() * 400_000),
        tx_bytes_per_s: Math.round(5_000 + next() * 90_000),
        latency_ms: slowNet ? 340 + next() * 200 : 8 + next() * 25,
        loss_percent: slowNet ? 6 : 0,
        wifi_signal_percent: null,
      },
    });
  }
  events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const minutes = Math.round((to - from) / 60_000);
  return { events, minutes, switches: active, lock: { from: iso(breakAt + 600_000), to: iso(breakAt + 2400_000) } };
}

/** One demo machine: its agent, and its stretches of work stored through the real ingest (with the day's log). */
async function seedMachine(
  ctx: AppContext,
  user: { id: number; username: string },
  m: { hostname: string; machineId: string; who: number; stretches: readonly (readonly [number, number])[] },
  now: Date,
) {
  const agentId = await agents.insertAgent(ctx.db, {
    user_id: user.id,
    machine_id: m.machineId,
    hostname: m.hostname,
    platform: 'linux',
    version: '1.0.0',
    // Nobody holds this credential: a hash of random bytes.
    credential_hash: createHash('sha256').update(randomBytes(32)).digest('hex'),
  });
  let n = 0;
  const seq = () => ++n;
  const next = random(m.who + 7);
  for (const [from, to] of m.stretches) {
    const { events, minutes, lock } = workStretch(from, to, seq, next, m.who, m.hostname);
    const date = new Date(from).toISOString().slice(0, 10);
    // The agent's log says what its events say: 10 minutes idle, then a 30-minute lock.
    events.push({
      kind: 'daily',
      seq: seq(),
      at: new Date(to).toISOString(),
      data: {
        date,
        first_activity: new Date(from).toISOString(),
        last_activity: new Date(to).toISOString(),
        active_minutes: minutes - 40,
        idle_minutes: 10,
        locked_minutes: 30,
        lock_periods: [lock],
      },
    });
    const agent = { agentId, userId: user.id, username: user.username, isInterpreter: false };
    for (let i = 0; i < events.length; i += 200) {
      await ingestBatch(ctx, agent, { agent_time: now.toISOString(), events: events.slice(i, i + 200) }, now);
    }
  }
}

/**
 * Two days of telemetry for the demo staff (run once, right after the demo accounts are
 * seeded); one of them works on two machines.
 */
export async function seedItDemo(ctx: AppContext, now = new Date()): Promise<void> {
  const users = await usersByUsername(ctx.db, CAST);
  const t = now.getTime();
  const day = 86_400_000;
  for (const [who, user] of users.entries()) {
    const stretches = [
      [t - day - 8 * 3600_000, t - day],
      [t - 4 * 3600_000, t - 60_000],
    ] as const;
    const hostname = `desk-${String(who + 11).padStart(2, '0')}`;
    await seedMachine(ctx, user, { hostname, machineId: `demo-${user.username}`, who, stretches }, now);
    if (user.username === TWO_MACHINES) {
      await seedMachine(
        ctx,
        user,
        {
          hostname: 'laptop-ops',
          machineId: `demo-${user.username}-laptop`,
          who: who + 20,
          stretches: [[t - 2 * 3600_000, t - 60_000]],
        },
        now,
      );
    }
  }
}

/**
 * One minute of the IT demo feed: the machines of three demo people switch app now and then and stay
 * active. Each event is the agent's next seq, so with several servers one of them stores it.
 */
export async function runItDemoFeed(ctx: AppContext, now = new Date()): Promise<void> {
  const live = await agents.agentsOfUsernames(ctx.db, LIVE);
  const minute = Math.floor(now.getTime() / 60_000);
  for (const [i, a] of live.entries()) {
    const last = await agentLastSeq(ctx.db, a.id);
    const pick = APPS[(minute + i * 2) % (APPS.length - 1)]!;
    const switching = (minute + i) % 2 === 0;
    const events: TAgentEvent[] = [
      { kind: 'activity', seq: last + 1, at: now.toISOString(), state: 'active', idle_seconds: 0 },
      {
        kind: 'app',
        seq: last + 2,
        at: now.toISOString(),
        heartbeat: !switching,
        title: pick.title,
        process: pick.process,
        pid: 2000 + i,
        memory_bytes: 400 * 2 ** 20,
        url: pick.url,
        opened_apps: OPENED,
      },
    ];
    await ingestBatch(
      ctx,
      { agentId: a.id, userId: a.user_id, username: a.username, isInterpreter: false },
      { agent_time: now.toISOString(), events },
      now,
    );
  }
}
