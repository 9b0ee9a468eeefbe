import { REDACTED_TITLE, RULE_MATCH_INPUT_MAX, type TAgentEvent, type TItStatus } from '@portal/contracts';

/**
 * The agent ingest's rules that need no I/O: clock-skew correction,
 * idempotency by seq, retention, redaction, day partitions, status and presence changes.
 */

export const DAY_MS = 24 * 3600_000;

/** The telemetry tables partitioned by day (migration 0012). */
export const PARTITIONED_TABLES = ['it_app_events', 'it_activity_events', 'it_samples'] as const;
export type PartitionedTable = (typeof PARTITIONED_TABLES)[number];

/** Server receipt time − the agent's clock at sending: what to add to the agent's times. */
export function clockOffsetMs(receivedAt: Date, agentTime: string): number {
  const agent = Date.parse(agentTime);
  return Number.isFinite(agent) ? Math.round(receivedAt.getTime() - agent) : 0;
}

/** An event's time on the server's clock: shifted by the offset, never later than now (null: unreadable). */
export function correctedTime(at: string, offsetMs: number, now: Date): Date | null {
  const t = Date.parse(at);
  if (!Number.isFinite(t)) return null;
  return new Date(Math.min(t + offsetMs, now.getTime()));
}

/** Telemetry before this instant is past retention. */
export const retentionCutoff = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** Start of the UTC day of `d`. */
export const utcDayStart = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/** `<table>_pYYYYMMDD` for the UTC day of `d`. */
export function partitionName(table: PartitionedTable, d: Date): string {
  return `${table}_p${utcDayStart(d).toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/** The UTC day a partition holds (from its name), or null for a name that is not ours. */
export function partitionDay(name: string): Date | null {
  const m = /_p(\d{4})(\d{2})(\d{2})$/.exec(name);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

/** Whether a partition's whole day ended before the retention cutoff. */
export function partitionExpired(name: string, cutoff: Date): boolean {
  const day = partitionDay(name);
  return day !== null && day.getTime() + DAY_MS <= cutoff.getTime();
}

export type TimedEvent = TAgentEvent & { time: Date };

export interface BatchPlan {
  /** Events to store, seq order, with their corrected time. */
  fresh: TimedEvent[];
  /** At or below the high-water mark, or repeated within the batch. */
  duplicates: number;
  /** New, but older than retention (or with an unreadable time): skipped, neither stored nor duplicates. */
  skipped: number;
  /** The new high-water mark (skipped events count as handled: the agent need not send them again). */
  lastSeq: number;
}

/** Which events of a batch are new, given the agent's high-water mark. */
export function planBatch(
  events: readonly TAgentEvent[],
  lastSeq: number,
  opts: { offsetMs: number; now: Date; cutoff: Date },
): BatchPlan {
  const seen = new Set<number>();
  const fresh: TimedEvent[] = [];
  let duplicates = 0;
  let skipped = 0;
  let high = lastSeq;
  for (const e of [...events].sort((a, b) => a.seq - b.seq)) {
    if (e.seq <= lastSeq || seen.has(e.seq)) {
      duplicates++;
      continue;
    }
    seen.add(e.seq);
    high = Math.max(high, e.seq);
    const time = correctedTime(e.at, opts.offsetMs, opts.now);
    if (!time || time < opts.cutoff) {
      skipped++;
      continue;
    }
    fresh.push({ ...e, time });
  }
  return { fresh, duplicates, skipped, lastSeq: high };
}

/** IT's redaction patterns as case-insensitive expressions; one that does not compile is ignored. */
export function compilePatterns(patterns: readonly string[]): RegExp[] {
  const out: RegExp[] = [];
  for (const p of patterns) {
    try {
      out.push(new RegExp(p, 'i'));
    } catch {
      continue;
    }
  }
  return out;
}

/**
 * A window as stored: a title (or its address) matching a rule becomes REDACTED_TITLE and
 * loses its address, so the words never reach the database.
 */
export function redact(
  title: string,
  url: string | null,
  rules: readonly RegExp[],
): { title: string; url: string | null } {
  const matches = (r: RegExp, text: string) => r.test(text.slice(0, RULE_MATCH_INPUT_MAX));
  const hit = rules.some((r) => matches(r, title) || (url !== null && matches(r, url)));
  return hit ? { title: REDACTED_TITLE, url: null } : { title, url };
}

export interface StatusNow {
  state: TItStatus;
  since: Date;
}

/**
 * A machine's state after a batch's activity events. Fresh events are newer than the ones
 * that set the state held (seq order), so each applies; a change starts its period at the
 * event's time, but never before the period held began (a period started at reconnect
 * stays started there). `silent`: the agent had said nothing for IT_SILENT_AFTER_MS before
 * this batch, so it was offline meanwhile and the state held starts a new period now.
 */
export function nextStatus(
  current: StatusNow | undefined,
  activity: readonly { state: TItStatus; time: Date; seq: number }[],
  resume?: { silent: boolean; now: Date },
): StatusNow | undefined {
  let status = current;
  if (status && resume?.silent && status.state !== 'offline') status = { state: status.state, since: resume.now };
  for (const a of [...activity].sort((x, y) => x.seq - y.seq)) {
    if (!status) status = { state: a.state, since: a.time };
    else if (status.state !== a.state)
      status = { state: a.state, since: new Date(Math.max(a.time.getTime(), status.since.getTime())) };
  }
  return status;
}

export interface PresenceChange {
  online: boolean;
  at: Date;
  seq: number;
}

const AWAY: readonly (TItStatus | undefined)[] = [undefined, 'offline', 'locked'];

/**
 * An interpreter's presence from their machine: active after offline or locked opens a
 * session; locked or offline after active or idle closes it (idle keeps it: they are
 * still at the desk, maybe on a call). These are one machine's; the presence feed keeps a
 * person on several machines online while any of them is (presence-rules' deriveSessions).
 */
export function presenceChanges(
  before: TItStatus | undefined,
  activity: readonly { state: TItStatus; time: Date; seq: number }[],
): PresenceChange[] {
  const out: PresenceChange[] = [];
  let state = before;
  for (const a of [...activity].sort((x, y) => x.seq - y.seq)) {
    const wasAway = AWAY.includes(state);
    const isAway = a.state === 'offline' || a.state === 'locked';
    if (wasAway && a.state === 'active') out.push({ online: true, at: a.time, seq: a.seq });
    else if (!wasAway && isAway) out.push({ online: false, at: a.time, seq: a.seq });
    state = a.state;
  }
  return out;
}

/**
 * Events per second on one agent connection: a token bucket that
 * refills at `perSecond` and holds at least one full batch, so any batch can pass once the
 * bucket is full. Answers 0 when `n` events may go now (and takes them), else the whole
 * seconds to wait.
 */
export class EventRate {
  private tokens: number;
  private at: number;
  private readonly capacity: number;

  constructor(
    private readonly perSecond: number,
    batchMax: number,
    nowMs: number,
  ) {
    this.capacity = Math.max(perSecond, batchMax);
    this.tokens = this.capacity;
    this.at = nowMs;
  }

  take(n: number, nowMs: number): number {
    this.tokens = Math.min(this.capacity, this.tokens + ((nowMs - this.at) / 1000) * this.perSecond);
    this.at = nowMs;
    if (n <= this.tokens) {
      this.tokens -= n;
      return 0;
    }
    return Math.max(1, Math.ceil((Math.min(n, this.capacity) - this.tokens) / this.perSecond));
  }
}

/** `YYYY-MM-DD` of the UTC day of `d` (the day the per-agent row cap counts). */
export const utcDayKey = (d: Date) => utcDayStart(d).toISOString().slice(0, 10);

/** Whole seconds from `now` to the next UTC midnight (at least 1). */
export const secondsToNextUtcDay = (now: Date) =>
  Math.max(1, Math.ceil((utcDayStart(now).getTime() + DAY_MS - now.getTime()) / 1000));

/** Rows this agent already has stored today, by its counter (a counter of another day counts 0). */
export const rowsStoredToday = (row: { rows_day: string | null; rows_on_day: number }, now: Date) =>
  row.rows_day === utcDayKey(now) ? row.rows_on_day : 0;

/** A number the database keeps as a 32-bit integer, or null when it does not fit. */
export function int32OrNull(n: number | null): number | null {
  return n !== null && Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 ? n : null;
}

/** `YYYY-MM-DD` naming a real calendar day. */
export function isCalendarDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
