import WebSocket from 'ws';
import {
  WS_CHANNELS,
  ZAgentAck,
  ZAgentRefused,
  ZAgentWelcome,
  type TAgentClientMessage,
  type TAgentSettings,
} from '@portal/contracts';
import { makeBatch, type TAgentBatch } from './batch.js';
import type { DiskQueue } from './queue.js';
import type { PathQuality } from './probes/system.js';

/** The credential is no longer accepted (revoked, or the user may not use this channel). */
export const FATAL_CLOSE_CODES = new Set([4401, 4403]);

/** Capped exponential backoff with full jitter: a random wait in [base/2, min(cap, base·2^attempt)]. */
export function backoffDelay(attempt: number, rand = Math.random, baseMs = 1000, capMs = 60_000): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(baseMs / 2 + rand() * Math.max(0, ceiling - baseMs / 2));
}

export interface TransportOptions {
  /** http(s)://host[:port] of the portal. */
  server: string;
  credential: string;
  version: string;
  queue: DiskQueue;
  onWelcome?(settings: TAgentSettings, clockOffsetMs: number): void;
  /** The server refused the credential for good. */
  onRefused(code: number, reason: string): void;
  log(message: string): void;
  ackTimeoutMs?: number;
}

/**
 * The agent's websocket: hello → welcome (the queue drops what the server already
 * holds), then the queue's events in order, one batch in flight, each waiting for its ack.
 * Reconnects with backoff after any failure, except a refused credential.
 */
export class Transport {
  private ws: WebSocket | null = null;
  private ready = false;
  private inFlight: TAgentBatch | null = null;
  private ackTimer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  /** Over an ingest cap: nothing is sent before this instant (epoch ms). */
  private pausedUntil = 0;
  private pauseTimer: NodeJS.Timeout | undefined;
  private attempt = 0;
  private stopped = false;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly o: TransportOptions) {}

  get connected() {
    return this.ready;
  }

  start() {
    this.stopped = false;
    this.connect();
  }

  private url() {
    const base = this.o.server.replace(/\/+$/, '').replace(/^http/, 'ws');
    return `${base}${WS_CHANNELS.agent}?token=${encodeURIComponent(this.o.credential)}`;
  }

  private connect() {
    // No Origin header: the gateway lets non-browser clients in on their credential alone.
    const ws = new WebSocket(this.url(), { handshakeTimeout: 15_000 });
    this.ws = ws;
    ws.on('open', () => this.send({ command: 'hello', version: this.o.version, agent_time: new Date().toISOString() }));
    ws.on('message', (raw) => this.onMessage(String(raw)));
    ws.on('error', (err) => this.o.log(`connection error: ${err.message}`));
    ws.on('unexpected-response', (_req, res) => {
      this.o.log(`the server answered HTTP ${res.statusCode} instead of opening the socket`);
      ws.terminate();
    });
    ws.on('close', (code, reason) => this.onClose(ws, code, String(reason)));
  }

  private onClose(ws: WebSocket, code: number, reason: string) {
    if (this.ws !== ws) return;
    this.ws = null;
    this.ready = false;
    this.inFlight = null;
    clearTimeout(this.ackTimer);
    if (this.stopped) return;
    if (FATAL_CLOSE_CODES.has(code)) {
      this.stopped = true;
      this.o.onRefused(code, reason);
      return;
    }
    const delay = backoffDelay(this.attempt++);
    this.o.log(`disconnected (${code}${reason ? ` ${reason}` : ''}); retrying in ${Math.round(delay / 100) / 10} s`);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private send(m: TAgentClientMessage) {
    this.ws?.send(JSON.stringify(m));
  }

  private onMessage(raw: string) {
    let m: unknown;
    try {
      m = JSON.parse(raw);
    } catch {
      return;
    }
    const welcome = ZAgentWelcome.safeParse(m);
    if (welcome.success) {
      const w = welcome.data.message;
      this.o.queue.rebase(w.last_seq);
      this.o.queue.ack(w.last_seq);
      this.ready = true;
      this.attempt = 0;
      this.o.onWelcome?.(w.settings, Date.parse(w.server_time) - Date.now());
      this.pump();
      return;
    }
    const ack = ZAgentAck.safeParse(m);
    if (ack.success) {
      const a = ack.data.message;
      if (!this.inFlight || a.batch !== this.inFlight.batch) return;
      clearTimeout(this.ackTimer);
      this.o.queue.ack(a.last_seq);
      this.inFlight = null;
      this.pump();
      return;
    }
    const refused = ZAgentRefused.safeParse(m);
    if (refused.success) {
      const r = refused.data.message;
      if (!this.inFlight || r.batch !== this.inFlight.batch) return;
      // Not stored: the events stay queued (on disk) and go again, unchanged, after the wait.
      clearTimeout(this.ackTimer);
      this.inFlight = null;
      this.pauseFor(r.retry_after_seconds * 1000);
      this.o.log(`the server refused a batch (${r.reason}): ${r.detail}`);
      return;
    }
    const error = (m as { message?: { command?: string; data?: unknown } }).message;
    if (error?.command === 'error') {
      this.o.log(`the server refused a message: ${String(error.data)}`);
      // The batch was not stored: start over on a fresh connection, after a pause.
      if (this.inFlight) this.ws?.close(1000, 'retry');
    }
  }

  /** Sends nothing for `ms` (plus a little jitter, so agents refused together do not return together). */
  private pauseFor(ms: number) {
    const wait = ms + Math.round(Math.random() * Math.min(60_000, ms / 10));
    this.pausedUntil = Date.now() + wait;
    clearTimeout(this.pauseTimer);
    this.pauseTimer = setTimeout(() => this.pump(), wait);
  }

  /** Sends the next batch when connected, not paused, and none is in flight. Call after appending to the queue. */
  pump() {
    if (!this.ready || this.inFlight || !this.ws || Date.now() < this.pausedUntil) return;
    const batch = makeBatch(this.o.queue.peek(256), new Date().toISOString());
    if (!batch) {
      for (const w of this.idleWaiters.splice(0)) w();
      return;
    }
    this.inFlight = batch;
    this.send(batch);
    const ws = this.ws;
    this.ackTimer = setTimeout(() => {
      this.o.log('no acknowledgement in time; reconnecting');
      ws.terminate();
    }, this.o.ackTimeoutMs ?? 30_000);
  }

  /** Resolves when the queue is empty and acknowledged, or after `ms`. */
  flush(ms: number): Promise<boolean> {
    if (!this.o.queue.size) return Promise.resolve(true);
    return new Promise((resolve) => {
      const t = setTimeout(() => resolve(false), ms);
      this.idleWaiters.push(() => {
        clearTimeout(t);
        resolve(true);
      });
      this.pump();
    });
  }

  /** Round trips to the server by websocket pings: average latency and the share unanswered. */
  async measure(count = 3, timeoutMs = 2000): Promise<PathQuality> {
    const ws = this.ws;
    // Not connected (yet): nothing measured, rather than a loss the start-up would fake.
    if (!ws || !this.ready) return { latency_ms: null, loss_percent: null };
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      const answered = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => done(false), timeoutMs);
        const onPong = () => done(true);
        const done = (ok: boolean) => {
          clearTimeout(timer);
          ws.off('pong', onPong);
          resolve(ok);
        };
        ws.once('pong', onPong);
        try {
          ws.ping();
        } catch {
          done(false);
        }
      });
      if (answered) times.push(performance.now() - t0);
    }
    return {
      latency_ms: times.length ? Math.round((times.reduce((a, b) => a + b, 0) / times.length) * 10) / 10 : null,
      loss_percent: Math.round(((count - times.length) / count) * 1000) / 10,
    };
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.ackTimer);
    clearTimeout(this.pauseTimer);
    const ws = this.ws;
    if (!ws) return;
    await new Promise<void>((resolve) => {
      ws.once('close', () => resolve());
      ws.close(1000, 'agent stopping');
      setTimeout(() => (ws.terminate(), resolve()), 2000).unref();
    });
  }
}
