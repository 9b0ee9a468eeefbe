import { type TAgentEvent, type TAgentSettings, type TBusEventOf } from '@portal/contracts';
import type { AppContext } from '../../lib/context.js';
import { withTx } from '../../lib/tx.js';
import { presenceHeartbeat, receivePresenceEvents } from '../interpreters/index.js';
import * as agents from './agents.repository.js';
import {
  clockOffsetMs,
  compilePatterns,
  DAY_MS,
  int32OrNull,
  isCalendarDay,
  nextStatus,
  partitionExpired,
  partitionName,
  PARTITIONED_TABLES,
  planBatch,
  presenceChanges,
  redact,
  retentionCutoff,
  rowsStoredToday,
  secondsToNextUtcDay,
  utcDayKey,
  utcDayStart,
  type TimedEvent,
} from './ingest-rules.js';
import { usableRules } from './pattern-safety.js';
import * as repo from './telemetry.repository.js';

type Kind = TBusEventOf<'it'>['kinds'][number];

/**
 * Partitions known to exist, per database (tests run several servers on several databases
 * in one process); another server may make or drop them, so a miss is retried once.
 */
const knownByDb = new WeakMap<object, Set<string>>();
const knownPartitions = (db: object) => {
  let set = knownByDb.get(db);
  if (!set) knownByDb.set(db, (set = new Set()));
  return set;
};

/** Makes sure the day partitions for these instants exist, outside any transaction. */
export async function ensurePartitions(ctx: Pick<AppContext, 'db'>, times: readonly Date[]): Promise<void> {
  const known = knownPartitions(ctx.db);
  const days = new Map<number, Date>();
  for (const t of times) days.set(utcDayStart(t).getTime(), utcDayStart(t));
  for (const day of days.values()) {
    for (const table of PARTITIONED_TABLES) {
      const name = partitionName(table, day);
      if (known.has(name)) continue;
      try {
        await repo.createPartition(ctx.db, table, name, day, new Date(day.getTime() + DAY_MS));
      } catch (err) {
        // Another server created it between our check and our CREATE: fine if it is there now.
        if (!(await repo.listPartitions(ctx.db)).some((p) => p.name === name)) throw err;
      }
      known.add(name);
    }
  }
}

/** What the server hands an agent when it says hello. */
export function agentSettings(ctx: AppContext): TAgentSettings {
  return { idle_after_seconds: ctx.config.IT_IDLE_AFTER_SECONDS, call_processes: ctx.config.IT_CALL_PROCESSES };
}

/** `hello`: the agent's high-water mark; it is seen now (back from a silence: a new period). */
export async function greet(ctx: AppContext, agentId: number, agentTime: string) {
  const row = await agents.greetAgent(ctx.db, agentId, clockOffsetMs(new Date(), agentTime));
  return { last_seq: row?.last_seq ?? 0, settings: agentSettings(ctx) };
}

/**
 * `it.silence` (every server, every 30 s): machines whose agent fell silent without a
 * clean stop are offline from their last sign of life (reads judge that on the database
 * clock); this tells the IT pages, once per silence, so open boards turn the row offline.
 */
export async function announceSilentAgents(ctx: AppContext): Promise<number> {
  const silent = await agents.claimNewlySilent(ctx.db);
  for (const a of silent) {
    await ctx.bus.publish({ type: 'it', user: a.user_id, agent: a.id, kinds: ['activity'] }).catch(() => undefined);
  }
  return silent.length;
}

export interface BatchResult {
  last_seq: number;
  accepted: number;
  duplicates: number;
}

/** The batch would take the agent past IT_AGENT_MAX_ROWS_PER_DAY: nothing of it is stored. */
export interface DailyLimitRefusal {
  refused: 'daily_limit';
  retry_after_seconds: number;
}

/**
 * One batch of an agent's events (`/ws/agent/` `events`): corrected for the agent's clock
 * skew, only those above its high-water mark, redacted, stored with multi-row inserts in
 * one transaction with the agent row locked (batches of one agent apply one after another;
 * a resent or replayed batch stores nothing twice). Then the IT pages hear of it (bus
 * event `it`) and, for an interpreter, presence follows the machine.
 */
export async function ingestBatch(
  ctx: AppContext,
  agent: IngestAgent,
  batch: { agent_time: string; events: readonly TAgentEvent[] },
  now = new Date(),
): Promise<BatchResult | DailyLimitRefusal | 'revoked'> {
  try {
    return await ingestOnce(ctx, agent, batch, now);
  } catch (err) {
    // A partition this process thought existed was dropped (retention on another server): once more.
    if ((err as { code?: string }).code !== NO_PARTITION) throw err;
    knownByDb.delete(ctx.db);
    return ingestOnce(ctx, agent, batch, now);
  }
}

/** PostgreSQL: "no partition of relation … found for row". */
const NO_PARTITION = '23514';

export interface IngestAgent {
  agentId: number;
  userId: number;
  username: string;
  isInterpreter: boolean;
}

async function ingestOnce(
  ctx: AppContext,
  agent: IngestAgent,
  batch: { agent_time: string; events: readonly TAgentEvent[] },
  now: Date,
): Promise<BatchResult | DailyLimitRefusal | 'revoked'> {
  const offsetMs = clockOffsetMs(now, batch.agent_time);
  const cutoff = retentionCutoff(now, ctx.config.IT_RETENTION_DAYS);
  // Partitions first (DDL outside the transaction); the times are recomputed the same way inside.
  await ensurePartitions(
    ctx,
    planBatch(batch.events, 0, { offsetMs, now, cutoff }).fresh.map((e) => e.time),
  );
  // Vetted before the transaction: a first check of a stored pattern must not hold the agent's lock.
  const rules = compilePatterns((await usableRules(await repo.redactionPatterns(ctx.db))).map((r) => r.pattern));
  const outcome = await withTx(ctx, async (tx) => {
    const row = await agents.lockAgent(tx.db, agent.agentId);
    if (!row || row.revoked_at) return null;
    const plan = planBatch(batch.events, row.last_seq, { offsetMs, now, cutoff });
    // Counted on the agent's locked row, so the cap holds across every server process.
    const storedToday = rowsStoredToday(row, now);
    if (plan.fresh.length > 0 && storedToday + plan.fresh.length > ctx.config.IT_AGENT_MAX_ROWS_PER_DAY) {
      const refusal: DailyLimitRefusal = { refused: 'daily_limit', retry_after_seconds: secondsToNextUtcDay(now) };
      return { refusal };
    }
    const kinds = new Set<Kind>();
    const base = { agent_id: agent.agentId, user_id: agent.userId };
    const apps: repo.AppRow[] = [];
    const activity: (repo.ActivityRow & { time: Date })[] = [];
    const samples: repo.SampleRow[] = [];
    let daily: Extract<TimedEvent, { kind: 'daily' }> | undefined;
    for (const e of plan.fresh) {
      kinds.add(e.kind);
      if (e.kind === 'app') {
        const shown = redact(e.title, e.url, rules);
        apps.push({
          ...base,
          seq: e.seq,
          at: e.time,
          heartbeat: e.heartbeat,
          title: shown.title,
          process: e.process,
          // A value the column cannot hold must not stick the agent's queue: stored as unknown.
          pid: int32OrNull(e.pid),
          memory_bytes: e.memory_bytes,
          url: shown.url,
          opened_apps: e.opened_apps.length > 0 ? JSON.stringify(e.opened_apps) : null,
        });
      } else if (e.kind === 'activity') {
        activity.push({
          ...base,
          seq: e.seq,
          at: e.time,
          time: e.time,
          state: e.state,
          idle_seconds: Math.min(e.idle_seconds, 2 ** 31 - 1),
        });
      } else if (e.kind === 'device' || e.kind === 'network') {
        samples.push({ ...base, seq: e.seq, at: e.time, kind: e.kind, data: JSON.stringify(e.data) });
      } else if (isCalendarDay(e.data.date) && (!daily || e.seq > daily.seq)) {
        daily = e;
      }
    }
    await repo.insertAppEvents(tx.db, apps);
    await repo.insertActivityEvents(
      tx.db,
      activity.map(({ time: _t, ...a }) => a),
    );
    await repo.insertSamples(tx.db, samples);
    if (daily) {
      const { date, ...log } = daily.data;
      await repo.upsertDailyLog(tx.db, {
        ...base,
        day: date,
        data: JSON.stringify({ date, hostname: row.hostname, ...log }),
      });
    }
    // The machine's own state (a person's machines each keep theirs).
    const before = row.state && row.state_since ? { state: row.state, since: row.state_since } : undefined;
    const status = nextStatus(before, activity, { silent: row.silent, now });
    const changed =
      status && (!before || before.state !== status.state || before.since.getTime() !== status.since.getTime());
    if (changed) kinds.add('activity');
    await agents.recordBatch(tx.db, agent.agentId, {
      last_seq: plan.lastSeq,
      clock_offset_ms: offsetMs,
      last_seen_at: now,
      rows_day: utcDayKey(now),
      rows_on_day: storedToday + plan.fresh.length,
      ...(changed ? { state: status.state, state_since: status.since } : {}),
    });
    if (kinds.size > 0) tx.publish({ type: 'it', user: agent.userId, agent: agent.agentId, kinds: [...kinds] });
    return {
      result: { last_seq: plan.lastSeq, accepted: plan.fresh.length, duplicates: plan.duplicates },
      presence: agent.isInterpreter ? presenceChanges(before?.state, activity) : [],
      // At the desk after this batch (active, or idle as on a call): a sign of life for presence.
      atDesk: agent.isInterpreter && ['active', 'idle'].includes((changed ? status.state : row.state) ?? ''),
    };
  });
  if (!outcome) return 'revoked';
  if (outcome.refusal) return outcome.refusal;
  const sender = { kind: 'agent', agentId: agent.agentId, username: agent.username } as const;
  if (outcome.presence.length > 0) {
    // The presence feed's own rules (idempotent on source_id): online on unlock, offline on lock or stop.
    await receivePresenceEvents(
      ctx,
      sender,
      outcome.presence.map((p) => ({
        username: agent.username,
        online: p.online,
        at: p.at.toISOString(),
        source_id: `agent:${agent.agentId}:${p.seq}`,
      })),
    );
  }
  // Presence events come only on lock and unlock: without this, hours at an unlocked machine
  // look silent and the presence expiry would close the session minutes after it opened.
  if (outcome.atDesk) await presenceHeartbeat(ctx, sender, agent.username);
  return outcome.result;
}

/**
 * `it.maintenance` (hourly, every server; each step is idempotent): today's and
 * tomorrow's partitions, and whole days past IT_RETENTION_DAYS dropped.
 */
export async function maintainTelemetry(ctx: AppContext, now = new Date()): Promise<{ dropped: string[] }> {
  await ensurePartitions(ctx, [now, new Date(now.getTime() + DAY_MS)]);
  const cutoff = retentionCutoff(now, ctx.config.IT_RETENTION_DAYS);
  const dropped: string[] = [];
  for (const p of await repo.listPartitions(ctx.db)) {
    if (!partitionExpired(p.name, cutoff)) continue;
    await repo.dropPartition(ctx.db, p.name);
    knownPartitions(ctx.db).delete(p.name);
    dropped.push(p.name);
  }
  await repo.deleteDailyLogsBefore(ctx.db, utcDayStart(cutoff).toISOString().slice(0, 10));
  return { dropped };
}
