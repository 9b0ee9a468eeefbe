/**
 * The app's one reconnecting websocket client (spec §4: reconnects automatically, at
 * most 100 attempts). Framework-free: the store wires it to Redux and RTK Query.
 */
export type LiveStatus = 'connecting' | 'open' | 'down' | 'stopped';

type SocketLike = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
};

export interface LiveSocketOptions {
  /** Builds the URL for each attempt (a fresh single-use ticket each time); null = give up (signed out). */
  url(): Promise<string | null>;
  onMessage(message: unknown): void;
  onStatus?(status: LiveStatus): void;
  /** After a re-open (not the first open): server state may have changed meanwhile. */
  onReconnect?(): void;
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Injected in tests (Node has no global WebSocket before v22). */
  WebSocketImpl?: new (url: string) => SocketLike;
  random?: () => number;
}

export const MAX_RECONNECT_ATTEMPTS = 100;

/** Exponential backoff with "equal jitter": half fixed, half random, capped. */
export function backoffDelay(attempt: number, base: number, max: number, random = Math.random): number {
  const exp = Math.min(max, base * 2 ** attempt);
  return exp / 2 + random() * (exp / 2);
}

const OPEN = 1;

export class LiveSocket {
  private socket: SocketLike | null = null;
  private attempts = 0;
  private everOpened = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private status: LiveStatus = 'stopped';
  private readonly opts: Required<Omit<LiveSocketOptions, 'onStatus' | 'onReconnect'>> &
    Pick<LiveSocketOptions, 'onStatus' | 'onReconnect'>;

  constructor(options: LiveSocketOptions) {
    this.opts = {
      maxAttempts: MAX_RECONNECT_ATTEMPTS,
      baseDelayMs: 500,
      maxDelayMs: 30_000,
      WebSocketImpl: globalThis.WebSocket as unknown as new (url: string) => SocketLike,
      random: Math.random,
      ...options,
    };
  }

  get currentStatus(): LiveStatus {
    return this.status;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.attempts = 0;
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onclose = null;
      s.close(1000, 'bye');
    }
    this.setStatus('stopped');
  }

  send(message: unknown): boolean {
    if (this.socket?.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Back online or tab visible again: try now instead of waiting out the backoff. */
  reconnectNow(): void {
    if (this.stopped || this.socket) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.attempts = 0;
    void this.connect();
  }

  private setStatus(s: LiveStatus) {
    if (s === this.status) return;
    this.status = s;
    this.opts.onStatus?.(s);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    this.setStatus(this.everOpened ? 'down' : 'connecting');
    let url: string | null;
    try {
      url = await this.opts.url();
    } catch {
      return this.scheduleRetry();
    }
    if (this.stopped) return;
    if (url === null) return this.stop();
    const s = new this.opts.WebSocketImpl(url);
    this.socket = s;
    s.onopen = () => {
      const reopened = this.everOpened;
      this.everOpened = true;
      this.attempts = 0;
      this.setStatus('open');
      if (reopened) this.opts.onReconnect?.();
    };
    s.onmessage = (ev) => {
      try {
        this.opts.onMessage(JSON.parse(String(ev.data)));
      } catch {
        /* not JSON: nothing the app can use */
      }
    };
    s.onerror = () => undefined; // onclose follows and decides
    s.onclose = () => {
      this.socket = null;
      this.scheduleRetry();
    };
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    if (this.attempts >= this.opts.maxAttempts) return this.stop();
    this.setStatus(this.everOpened ? 'down' : 'connecting');
    const delay = backoffDelay(this.attempts++, this.opts.baseDelayMs, this.opts.maxDelayMs, this.opts.random);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, delay);
  }
}
