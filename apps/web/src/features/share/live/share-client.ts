import {
  WS_CHANNEL_MESSAGES,
  WS_CHANNELS,
  type TShareCall,
  type TShareSignal,
  type TWsShareChannelMessage,
} from '@portal/contracts';
import { LiveSocket, type LiveSocketOptions, type LiveStatus } from '../../../lib/live-socket';

/** What the share client needs of the server beyond its socket (the portal's API, or the sharing page's own). */
export interface ShareTransport {
  /** `/ws/share/` with a fresh ticket; null when signed out. */
  socketUrl(): Promise<string | null>;
  accept(id: number, endpoint: string): Promise<TShareCall>;
  decline(id: number, note?: string): Promise<TShareCall>;
  end(id: number): Promise<TShareCall>;
  iceServers(): Promise<RTCIceServer[]>;
}

export type ShareSignalFrame = { call_id: number; from: string; signal: TShareSignal };

const parse = WS_CHANNEL_MESSAGES[WS_CHANNELS.share];
/** Signals that arrive before their call's peer is listening (frames can overtake each other across servers). */
const EARLY_SIGNALS_KEPT = 64;

/**
 * One tab's `/ws/share/` connection: its endpoint name (given by the server on every
 * open), call frames to whoever listens, and signals for one call at a time per peer.
 * Framework-free, so the portal and the interpreters' sharing page use the same one.
 */
export class ShareClient {
  endpoint: string | null = null;
  status: LiveStatus = 'stopped';
  private readonly socket: LiveSocket;
  private readonly callListeners = new Set<(call: TShareCall) => void>();
  private readonly signalListeners = new Map<number, (s: ShareSignalFrame) => void>();
  private readonly early: ShareSignalFrame[] = [];
  private readonly stateListeners = new Set<() => void>();

  constructor(
    readonly transport: ShareTransport,
    /** Node's `ws` in tests (no global WebSocket there). */
    socketImpl?: LiveSocketOptions['WebSocketImpl'],
  ) {
    this.socket = new LiveSocket({
      ...(socketImpl ? { WebSocketImpl: socketImpl } : {}),
      url: () => transport.socketUrl(),
      onStatus: (status) => {
        this.status = status;
        if (status !== 'open') this.endpoint = null;
        this.changed();
      },
      onMessage: (raw) => this.receive(raw),
    });
  }

  start(): void {
    this.socket.start();
  }

  stop(): void {
    this.socket.stop();
    this.endpoint = null;
  }

  /** Subscribes to state changes (endpoint, status); returns the unsubscribe. */
  subscribe(fn: () => void): () => void {
    this.stateListeners.add(fn);
    return () => this.stateListeners.delete(fn);
  }

  onCall(fn: (call: TShareCall) => void): () => void {
    this.callListeners.add(fn);
    return () => this.callListeners.delete(fn);
  }

  /** Signals of one call; those that came early are handed over at once. */
  onSignal(callId: number, fn: (s: ShareSignalFrame) => void): () => void {
    this.signalListeners.set(callId, fn);
    for (const s of this.early.filter((e) => e.call_id === callId)) fn(s);
    this.early.splice(0, this.early.length, ...this.early.filter((e) => e.call_id !== callId));
    return () => {
      if (this.signalListeners.get(callId) === fn) this.signalListeners.delete(callId);
    };
  }

  signal(callId: number, signal: TShareSignal): void {
    this.socket.send({ command: 'signal', call_id: callId, signal });
  }

  private changed() {
    for (const fn of this.stateListeners) fn();
  }

  private receive(raw: unknown) {
    const parsed = parse.safeParse(raw);
    if (!parsed.success) return;
    const frame: TWsShareChannelMessage = parsed.data;
    const { message } = frame;
    if (message.command === 'share_hello') {
      this.endpoint = message.data.endpoint;
      this.changed();
    } else if (message.command === 'share_call') {
      for (const fn of this.callListeners) fn(message.data);
    } else if (message.command === 'share_signal') {
      const listener = this.signalListeners.get(message.data.call_id);
      if (listener) listener(message.data);
      else {
        this.early.push(message.data);
        if (this.early.length > EARLY_SIGNALS_KEPT) this.early.shift();
      }
    }
  }
}
