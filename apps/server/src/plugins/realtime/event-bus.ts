import { EventEmitter } from 'node:events';
import pg from 'pg';
import { busLag, busPublished, busReceived } from '../../lib/metrics.js';
import { ZBusEvent, type TBusEvent, type TBusEventOf, type TBusEventType } from '@portal/contracts';

/**
 * Small live events between server processes: ids and kinds, never whole rows (each
 * receiver reads what it needs). Published after the transaction that caused them
 * commits. The events themselves are one map in contracts (`ZBusEvent`).
 */
export type BusEvent = TBusEvent;

export interface EventBus {
  publish(event: TBusEvent): Promise<void>;
  /** Receives the events of one type, typed as that type's payload. */
  subscribe<K extends TBusEventType>(type: K, handler: (event: TBusEventOf<K>) => void): () => void;
  /**
   * Whether events from other processes are arriving now. While not, anything kept on
   * the strength of "I would have heard" (cached sessions) must not be trusted.
   */
  readonly connected: boolean;
  /** Called when `connected` changes (a dropped LISTEN connection, and its return). */
  onConnectionChange(handler: (connected: boolean) => void): () => void;
  close(): Promise<void>;
}

/** Subscribers by event type, over one emitter. */
function typedSubscribe(emitter: EventEmitter): EventBus['subscribe'] {
  return (type, handler) => {
    const listener = handler as (e: TBusEvent) => void;
    emitter.on(type, listener);
    return () => emitter.off(type, listener);
  };
}

/** Text from another process (or our own round trip) → a known event, or null. */
function decode(payload: string): TBusEvent | null {
  const parsed = ZBusEvent.safeParse(JSON.parse(payload));
  return parsed.success ? parsed.data : null;
}

/** Counts an event received and how long after its publication, then delivers it. */
function received(publishedAtMs: number | undefined, deliver: () => void): void {
  busReceived.inc();
  if (publishedAtMs !== undefined) busLag.observe(Math.max(0, Date.now() - publishedAtMs) / 1000);
  deliver();
}

/** The publication time a payload carries (an older server's events carry none). */
function publishedAt(payload: string): number | undefined {
  const m = /"publishedAt":(\d+)/.exec(payload.slice(-40));
  return m ? Number(m[1]) : undefined;
}

/** PostgreSQL NOTIFY payloads are limited to 8000 bytes. */
export const MAX_PAYLOAD_BYTES = 8000;
const CHANNEL = 'portal_events';

function encode(event: BusEvent, extra: { publishedAt?: number } = {}): string {
  const payload = JSON.stringify({ ...event, ...extra });
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
    throw new Error(`bus event ${event.type} is over ${MAX_PAYLOAD_BYTES} bytes: send ids, not rows`);
  }
  return payload;
}

/** One process (the embedded default). */
export function createLocalBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      const payload = encode(event); // same limits as across servers, so nothing breaks on scale-out
      busPublished.inc();
      const at = Date.now();
      queueMicrotask(() => {
        const e = decode(payload);
        if (e) received(at, () => emitter.emit(e.type, e));
      });
    },
    subscribe: typedSubscribe(emitter),
    // In one process nothing can be missed.
    connected: true,
    onConnectionChange: () => () => undefined,
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Several processes on one PostgreSQL: LISTEN on a dedicated connection (reconnected
 * with backoff if it drops), NOTIFY through the pool.
 */
export async function createPostgresBus(
  connectionString: string,
  pool: pg.Pool,
  log: { warn(obj: unknown, msg?: string): void },
): Promise<EventBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  const state = new EventEmitter();
  const setConnected = (connected: boolean) => state.emit('change', connected);

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      let e: TBusEvent | null = null;
      try {
        e = decode(msg.payload);
      } catch {
        // not JSON: reported below
      }
      if (e) received(publishedAt(msg.payload), () => emitter.emit(e.type, e));
      else log.warn({ payload: msg.payload.slice(0, 200) }, 'ignoring a malformed bus event');
    });
    c.on('error', (err) => log.warn({ err }, 'event bus connection failed'));
    c.on('end', () => {
      if (closed) return;
      client = null;
      setConnected(false);
      const delay = Math.min(30_000, 250 * 2 ** attempt++);
      setTimeout(() => void connect().catch(() => undefined), delay).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    attempt = 0;
    client = c;
    setConnected(true);
  };
  await connect();

  return {
    async publish(event) {
      // When it was sent travels with it (other servers measure the bus's lag; decoding drops it).
      await pool.query('select pg_notify($1, $2)', [CHANNEL, encode(event, { publishedAt: Date.now() })]);
      busPublished.inc();
    },
    subscribe: typedSubscribe(emitter),
    get connected() {
      return client !== null;
    },
    onConnectionChange(handler) {
      state.on('change', handler);
      return () => state.off('change', handler);
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
      state.removeAllListeners();
      await client?.end().catch(() => undefined);
    },
  };
}
