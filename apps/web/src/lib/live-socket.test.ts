import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, WebSocket } from 'ws';
import { backoffDelay, LiveSocket, type LiveStatus } from './live-socket';

const servers: WebSocketServer[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

function server(port = 0): Promise<{ wss: WebSocketServer; url: string }> {
  return new Promise((resolve) => {
    const wss = new WebSocketServer({ port, host: '127.0.0.1' }, () => {
      const a = wss.address() as { port: number };
      resolve({ wss, url: `ws://127.0.0.1:${a.port}` });
    });
    servers.push(wss);
  });
}

const until = async (cond: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('backoffDelay', () => {
  it('grows exponentially, with jitter between half and the whole, capped', () => {
    expect(backoffDelay(0, 500, 30_000, () => 0)).toBe(250);
    expect(backoffDelay(0, 500, 30_000, () => 1)).toBe(500);
    expect(backoffDelay(3, 500, 30_000, () => 0.5)).toBe(3000);
    expect(backoffDelay(20, 500, 30_000, () => 1)).toBe(30_000);
    expect(backoffDelay(20, 500, 30_000, () => 0)).toBe(15_000);
  });
});

describe('LiveSocket against a real websocket server', () => {
  it('delivers messages, reconnects after the server drops it, and reports the re-open', async () => {
    const { wss, url } = await server();
    wss.on('connection', (ws) => ws.send(JSON.stringify({ message: { command: 'hello' } })));
    const got: unknown[] = [];
    const statuses: LiveStatus[] = [];
    let reconnects = 0;
    let urls = 0;
    const live = new LiveSocket({
      url: async () => (urls++, url),
      onMessage: (m) => got.push(m),
      onStatus: (s) => statuses.push(s),
      onReconnect: () => reconnects++,
      baseDelayMs: 20,
      WebSocketImpl: WebSocket as never,
    });
    live.start();
    await until(() => got.length === 1);
    expect(live.send({ command: 'ping' })).toBe(true);
    for (const c of wss.clients) c.terminate();
    await until(() => got.length === 2);
    expect(reconnects).toBe(1);
    expect(urls).toBe(2); // a fresh URL (ticket) for each attempt
    expect(statuses).toEqual(['connecting', 'open', 'down', 'open']);
    live.stop();
    expect(live.currentStatus).toBe('stopped');
  });

  it('gives up after the attempt limit', async () => {
    const { wss, url } = await server();
    await new Promise<void>((r) => wss.close(() => r())); // nothing listens there now
    let tries = 0;
    const live = new LiveSocket({
      url: async () => (tries++, url),
      onMessage: () => undefined,
      maxAttempts: 5,
      baseDelayMs: 1,
      maxDelayMs: 2,
      WebSocketImpl: WebSocket as never,
    });
    live.start();
    await until(() => live.currentStatus === 'stopped');
    expect(tries).toBe(6); // the first try and 5 retries
  });

  it('stops when there is no URL to use (signed out), and reconnectNow skips the wait', async () => {
    const stopped = new LiveSocket({
      url: async () => null,
      onMessage: () => undefined,
      WebSocketImpl: WebSocket as never,
    });
    stopped.start();
    await until(() => stopped.currentStatus === 'stopped');

    const { wss, url } = await server();
    let connections = 0;
    wss.on('connection', () => connections++);
    let down = true;
    const live = new LiveSocket({
      url: async () => (down ? 'ws://127.0.0.1:1' : url),
      onMessage: () => undefined,
      baseDelayMs: 60_000, // a retry would take a minute…
      WebSocketImpl: WebSocket as never,
    });
    live.start();
    await until(() => live.currentStatus === 'connecting' && connections === 0);
    await new Promise((r) => setTimeout(r, 100));
    down = false;
    live.reconnectNow(); // …but the browser says it is back online
    await until(() => connections === 1 && live.currentStatus === 'open');
    live.stop();
  });
});
