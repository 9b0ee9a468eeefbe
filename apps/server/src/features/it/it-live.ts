import {
  canSeeMonitoring,
  WS_CHANNELS,
  type TBusEventOf,
  type TWsItAppUsage,
  type TWsItChannelMessage,
  type TWsItDevice,
  type TWsItNetwork,
  type TWsItStatus,
  type TWsItUserLogs,
} from '@portal/contracts';
import type { AppContext } from '../../lib/context.js';
import type { LiveConnection } from '../../plugins/realtime/gateway.js';
import { usableRules } from './pattern-safety.js';
import { presentAppUpdate, presentDailyLog, presentDevice, presentNetwork, statusOf } from './it.presenter.js';
import * as repo from './it.repository.js';

export type ItKind = TBusEventOf<'it'>['kinds'][number];

export interface ItSockets {
  connections(channel?: string): Iterable<LiveConnection>;
}

/** At most one read per user per this long on a server: a burst of batches sends the latest. */
export const IT_LIVE_WINDOW_MS = 500;

/**
 * Throttles reads per key (a machine), leading and trailing: the first event of a key is read at
 * once; events arriving in the next `windowMs` only add their kinds, read together when
 * the window ends (so the read sees the latest rows). Kept in this process only: it
 * decides when this server reads for its own sockets, nothing another server needs.
 */
export function createCoalescer(windowMs: number, run: (user: number, kinds: ReadonlySet<ItKind>) => Promise<void>) {
  const users = new Map<number, { kinds: Set<ItKind>; timer: ReturnType<typeof setTimeout> }>();
  let closed = false;

  const flush = (user: number, kinds: Set<ItKind>) => {
    const entry = {
      kinds: new Set<ItKind>(),
      // The window: what arrives meanwhile waits for its end; nothing arrived → forget the user.
      timer: setTimeout(() => {
        if (entry.kinds.size > 0 && !closed) flush(user, entry.kinds);
        else users.delete(user);
      }, windowMs),
    };
    users.set(user, entry);
    void run(user, kinds);
  };

  return {
    add(user: number, kinds: readonly ItKind[]): void {
      if (closed || kinds.length === 0) return;
      const entry = users.get(user);
      if (entry) for (const k of kinds) entry.kinds.add(k);
      else flush(user, new Set(kinds));
    },
    close(): void {
      closed = true;
      for (const e of users.values()) clearTimeout(e.timer);
      users.clear();
    },
  };
}

const ORDER: readonly ItKind[] = ['app', 'activity', 'device', 'network', 'daily'];

/**
 * Reads once what `kinds` changed for `user`'s machine `agent` and sends the frames to this server's
 * /ws/it/ sockets that may watch them (canSeeMonitoring). Reads nothing when this server
 * has no such socket. Answers how many frames went out.
 */
export async function deliverItUpdate(
  ctx: AppContext,
  user: number,
  agent: number,
  kinds: ReadonlySet<ItKind>,
  sockets: ItSockets,
): Promise<number> {
  if (isEmpty(sockets.connections(WS_CHANNELS.it))) return 0;
  const row = await repo.liveRow(ctx.db, user, agent, kinds);
  if (!row) return 0;
  // The sockets as they are after the read (some may have gone meanwhile).
  const to = [...sockets.connections(WS_CHANNELS.it)].filter((c) => canSeeMonitoring(c.user, row));
  if (to.length === 0) return 0;
  const username = row.username;
  const machine = { agent_id: row.agent_id, hostname: row.hostname };
  const frames: TWsItChannelMessage[] = [];
  for (const kind of ORDER) {
    if (!kinds.has(kind)) continue;
    if (kind === 'app' && row.app) {
      const frame: TWsItAppUsage = {
        message: {
          command: 'app_usage',
          username,
          ...machine,
          data: presentAppUpdate(row.app, await usableRules(row.rules ?? [])),
        },
      };
      frames.push(frame);
    } else if (kind === 'activity' && row.status?.last_seen) {
      // The board's rule: a silent machine is offline from its last sign of life.
      const { status, since } = statusOf(row.status);
      const lastSeen = new Date(row.status.last_seen).toISOString();
      const frame: TWsItStatus = {
        message: { command: 'it_status', username, ...machine, status, since: since ?? lastSeen, last_seen: lastSeen },
      };
      frames.push(frame);
    } else if (kind === 'device' && row.device) {
      const frame: TWsItDevice = {
        message: { command: 'device', username, ...machine, data: presentDevice(row.device) },
      };
      frames.push(frame);
    } else if (kind === 'network' && row.network) {
      const frame: TWsItNetwork = {
        message: { command: 'network', username, ...machine, data: presentNetwork(row.network) },
      };
      frames.push(frame);
    } else if (kind === 'daily' && row.daily_logs) {
      const frame: TWsItUserLogs = {
        message: { command: 'user_logs', username, data: row.daily_logs.map(presentDailyLog) },
      };
      frames.push(frame);
    }
  }
  for (const frame of frames) {
    const text = JSON.stringify(frame);
    for (const c of to) c.send(text);
  }
  return frames.length * to.length;
}

function isEmpty(it: Iterable<unknown>): boolean {
  for (const _ of it) return false;
  return true;
}

/** The bus's `it` events → coalesced reads → frames to this server's IT pages. */
export function startItLive(
  ctx: AppContext,
  sockets: ItSockets,
  onError: (err: unknown) => void,
  windowMs = IT_LIVE_WINDOW_MS,
) {
  // Reads are coalesced per machine (one person's machines each send their own frames).
  const userOf = new Map<number, number>();
  const coalescer = createCoalescer(windowMs, (agent, kinds) =>
    deliverItUpdate(ctx, userOf.get(agent)!, agent, kinds, sockets).then(
      () => undefined,
      (err: unknown) => onError(err),
    ),
  );
  const unsubscribe = ctx.bus.subscribe('it', (event) => {
    // No IT page open here: nothing to read, nothing to remember.
    if (isEmpty(sockets.connections(WS_CHANNELS.it))) return;
    userOf.set(event.agent, event.user);
    coalescer.add(event.agent, event.kinds);
  });
  return () => {
    unsubscribe();
    coalescer.close();
  };
}
