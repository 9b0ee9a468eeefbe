import type { TShareCall } from '@portal/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { ShareClient, type ShareSignalFrame, type ShareTransport } from './share-client';

const servers: WebSocketServer[] = [];
const clients: ShareClient[] = [];
afterEach(() => {
  clients.splice(0).forEach((c) => c.stop());
  servers.splice(0).forEach((s) => s.close());
});

const until = async (cond: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** A real websocket server playing /ws/share/: hello on open, and whatever the test sends. */
async function server() {
  const wss = await new Promise<WebSocketServer>((resolve) => {
    const s: WebSocketServer = new WebSocketServer({ port: 0, host: '127.0.0.1' }, () => resolve(s));
  });
  servers.push(wss);
  const received: unknown[] = [];
  wss.on('connection', (ws) => {
    ws.send(JSON.stringify({ message: { command: 'share_hello', data: { endpoint: 'e-1' } } }));
    ws.on('message', (raw: Buffer) => received.push(JSON.parse(raw.toString())));
  });
  const url = `ws://127.0.0.1:${(wss.address() as { port: number }).port}`;
  const broadcast = (frame: unknown) => wss.clients.forEach((c) => c.send(JSON.stringify(frame)));
  return { url, received, broadcast };
}

function client(url: string) {
  const transport: ShareTransport = {
    socketUrl: async () => url,
    accept: () => Promise.reject(new Error('unused')),
    decline: () => Promise.reject(new Error('unused')),
    end: () => Promise.reject(new Error('unused')),
    iceServers: async () => [],
  };
  const c = new ShareClient(transport, WebSocket as never);
  clients.push(c);
  c.start();
  return c;
}

const person = { id: 1, username: 'quality', first_name: 'Qamar', last_name: 'Lutfi', user_type: 'QUALITY' as const };
const call: TShareCall = {
  id: 7,
  viewer: person,
  target: { ...person, id: 2, username: 'interpreter20', user_type: 'INTERPRETER' },
  reason: 'Coaching',
  status: 'requested',
  consent: 'ask',
  requested_at: '2026-11-26T10:00:00.000Z',
  started_at: null,
  ended_at: null,
  duration_seconds: null,
  expires_at: null,
  ended_by: null,
  end_reason: null,
  decline_note: null,
  viewer_endpoint: 'e-0',
  target_endpoint: null,
  snapshots: [],
};
const signalFrame = (call_id: number, sdp: string) => ({
  message: { command: 'share_signal', data: { call_id, from: 'quality', signal: { type: 'offer', sdp } } },
});

describe('ShareClient against a real websocket server', () => {
  it('learns its endpoint from the hello, and tells its subscribers', async () => {
    const { url } = await server();
    const c = client(url);
    let told = 0;
    c.subscribe(() => told++);
    await until(() => c.endpoint === 'e-1');
    expect(told).toBeGreaterThan(0);
  });

  it('hands call frames to every listener, and ignores frames outside the contract', async () => {
    const { url, broadcast } = await server();
    const c = client(url);
    const calls: TShareCall[] = [];
    c.onCall((x) => calls.push(x));
    await until(() => c.endpoint !== null);
    broadcast({ message: { command: 'share_call', data: { ...call, status: 'bogus' } } });
    broadcast({ message: { command: 'share_call', data: call } });
    await until(() => calls.length === 1);
    expect(calls[0]).toMatchObject({ id: 7, reason: 'Coaching' });
  });

  it('keeps signals that arrive before their call is listened to, and hands them over in order', async () => {
    const { url, broadcast } = await server();
    const c = client(url);
    await until(() => c.endpoint !== null);
    broadcast(signalFrame(7, 'v=0 first'));
    broadcast(signalFrame(8, 'v=0 other call'));
    broadcast(signalFrame(7, 'v=0 second'));
    await new Promise((r) => setTimeout(r, 100));
    const got: ShareSignalFrame[] = [];
    c.onSignal(7, (s) => got.push(s));
    expect(got.map((s) => (s.signal.type === 'offer' ? s.signal.sdp : ''))).toEqual(['v=0 first', 'v=0 second']);
    // Later signals go straight to the listener; the other call's stay kept for its own.
    broadcast(signalFrame(7, 'v=0 third'));
    await until(() => got.length === 3);
    const other: ShareSignalFrame[] = [];
    c.onSignal(8, (s) => other.push(s));
    expect(other).toHaveLength(1);
  });

  it('sends a signal as the contract’s client frame, naming only the call', async () => {
    const { url, received } = await server();
    const c = client(url);
    await until(() => c.endpoint !== null);
    c.signal(7, {
      type: 'candidate',
      candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    });
    await until(() => received.length === 1);
    expect(received[0]).toEqual({
      command: 'signal',
      call_id: 7,
      signal: {
        type: 'candidate',
        candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host',
        sdpMid: '0',
        sdpMLineIndex: 0,
      },
    });
  });
});
