import { z } from 'zod';
import { ZText } from '../common/text.js';
import { ZDailyLog, ZDeviceMonitor, ZNetworkMonitor } from './it.js';

/**
 * `/ws/agent/`: the desktop agent's channel, authenticated by its credential
 * (`?token=agt_…`). Every event carries the agent's own sequence number (`seq`,
 * increasing by one per event, kept on disk): the server stores an event once, when its
 * seq is above the agent's high-water mark, so a batch replayed after a crash or a lost
 * ack never doubles anything. Times are the agent's clock; the server corrects them by
 * the offset it measures from `agent_time`.
 */

const seq = z.number().int().min(1);
const at = ZText.max(40);

/** The active window switched (or, with `heartbeat`, is still the same one). */
export const ZAgentAppEvent = z.object({
  kind: z.literal('app'),
  seq,
  at,
  heartbeat: z.boolean(),
  title: ZText.max(1000),
  process: ZText.max(255),
  pid: z.number().int().nullable(),
  memory_bytes: z.number().int().min(0).nullable(),
  url: ZText.max(2000).nullable(),
  /** Empty on heartbeats that did not look (spec §4: an empty list leaves the list as it is). */
  opened_apps: z.array(ZText.max(255)).max(100),
});

/** Input state changed: active, idle (no input for the idle threshold, and no call), locked; offline when the agent stops. */
export const ZAgentActivityEvent = z.object({
  kind: z.literal('activity'),
  seq,
  at,
  state: z.enum(['active', 'idle', 'locked', 'offline']),
  idle_seconds: z.number().int().min(0),
});

export const ZAgentDeviceEvent = z.object({
  kind: z.literal('device'),
  seq,
  at,
  data: ZDeviceMonitor.omit({ at: true }),
});
export const ZAgentNetworkEvent = z.object({
  kind: z.literal('network'),
  seq,
  at,
  data: ZNetworkMonitor.omit({ at: true }),
});
/** The day so far on this machine (replaces the previous log of that day). */
export const ZAgentDailyEvent = z.object({
  kind: z.literal('daily'),
  seq,
  at,
  data: ZDailyLog.omit({ hostname: true }),
});

export const ZAgentEvent = z.discriminatedUnion('kind', [
  ZAgentAppEvent,
  ZAgentActivityEvent,
  ZAgentDeviceEvent,
  ZAgentNetworkEvent,
  ZAgentDailyEvent,
]);
export type TAgentEvent = z.infer<typeof ZAgentEvent>;

/** Events per batch; the agent also keeps a batch under the gateway's 64 KiB frame limit. */
export const AGENT_BATCH_MAX = 200;

/** Agent → server: who I am (answered by `welcome`). */
export const ZAgentHello = z.object({
  command: z.literal('hello'),
  version: ZText.max(40),
  agent_time: at,
});
/** Agent → server: events in seq order (answered by `ack`). */
export const ZAgentBatch = z.object({
  command: z.literal('events'),
  batch: ZText.max(64),
  agent_time: at,
  events: z.array(ZAgentEvent).min(1).max(AGENT_BATCH_MAX),
});
export const ZAgentClientMessage = z.discriminatedUnion('command', [ZAgentHello, ZAgentBatch]);
export type TAgentClientMessage = z.infer<typeof ZAgentClientMessage>;

/** Settings the server hands the agent (IT may change them centrally). */
export const ZAgentSettings = z.object({
  /** Idle after this long without input. */
  idle_after_seconds: z.number().int().min(10),
  /** Processes whose audio session means a call is on: never idle meanwhile. */
  call_processes: z.array(ZText),
});
export type TAgentSettings = z.infer<typeof ZAgentSettings>;

/** Server → agent: the server's clock and the highest seq it holds (the agent drops what is at or below). */
export const ZAgentWelcome = z.object({
  message: z.object({
    command: z.literal('welcome'),
    server_time: ZText,
    last_seq: z.number().int().min(0),
    settings: ZAgentSettings,
  }),
});
export const ZAgentAck = z.object({
  message: z.object({
    command: z.literal('ack'),
    batch: ZText,
    last_seq: z.number().int().min(0),
    /** Events stored now. */
    accepted: z.number().int().min(0),
    /** Events at or below the high-water mark: already stored, skipped. */
    duplicates: z.number().int().min(0),
  }),
});
/**
 * Server → agent: the batch was NOT stored because the agent is over an ingest cap
 * (`too_fast`: events per second on this connection; `daily_limit`: rows stored today,
 * UTC). The agent keeps the batch and everything after it, sends nothing for
 * `retry_after_seconds`, then sends the same events again.
 */
export const ZAgentRefused = z.object({
  message: z.object({
    command: z.literal('refused'),
    batch: ZText,
    reason: z.enum(['too_fast', 'daily_limit']),
    retry_after_seconds: z.number().int().min(1),
    /** In words, for the agent's log. */
    detail: ZText,
  }),
});
export type TAgentWelcome = z.infer<typeof ZAgentWelcome>;
export type TAgentAck = z.infer<typeof ZAgentAck>;
export type TAgentRefused = z.infer<typeof ZAgentRefused>;
