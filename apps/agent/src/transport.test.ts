import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { DiskQueue } from './queue.js';
import { Transport } from './transport.js';

/** A stand-in for the server's agent channel, scripted per test. */
async function fakeServer(onConnection: (ws: WebSocket, url: string, frames: any[]) => void) {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const connections: { url: string; origin: string | undefined; frames: any[] }[] = [];
  wss.on('connection', (ws, req) => {
    const c = { url: req.url!, origin: req.headers.origin, frames: [] as any[] };
    connections.push(c);
    ws.on('message', (raw) => c.frames.push(JSON.parse(String(raw))));
    onConnection(ws, req.url!, c.frames);
  });
  return {
    url: `http://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    connections,
    close: () => new Promise<void>((r) => wss.close(() => r())),
  };
}

const welcome = (lastSeq: number) =>
  JSON.stringify({
    message: {
      command: 'welcome',
      server_time: new Date().toISOString(),
      last_seq: lastSeq,
      settings: { idle_after_seconds: 30, call_processes: ['zoiper'] },
    },
  });
const ackOf = (b: any) =>
  JSON.stringify({
    message: {
      command: 'ack',
      batch: b.batch,
      last_seq: b.events.at(-1).seq,
      accepted: b.events.length,
      duplicates: 0,
    },
  });

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

function queueWith(n: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-transport-'));
  const q = new DiskQueue(dir);
  for (let i = 0; i < n; i++)
    q.append({ kind: 'activity', at: new Date().toISOString(), state: 'active', idle_seconds: i });
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  cleanup.push(() => q.close());
  return q;
}

const waitFor = async (cond: () => boolean) => {
  while (!cond()) await new Promise((r) => setTimeout(r, 10));
};

describe('Transport', () => {
  it('says hello, drops what the welcome holds, then sends batches in order, one in flight', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const srv = await fakeServer((ws, _url, frames) => {
      ws.on('message', () => {
        const f = frames.at(-1);
        if (f.command === 'hello') return ws.send(welcome(100));
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        // Ack a moment later, so a second batch could overlap if the transport allowed it.
        setImmediate(() => {
          inFlight--;
          ws.send(ackOf(f));
        });
      });
    });
    cleanup.push(srv.close);
    const q = queueWith(500);
    let settings: unknown;
    const t = new Transport({
      server: srv.url,
      credential: 'agt_secret/+',
      version: '9.9.9',
      queue: q,
      log: () => undefined,
      onRefused: () => undefined,
      onWelcome: (s) => (settings = s),
    });
    cleanup.push(() => t.stop());
    t.start();
    expect(await t.flush(10_000)).toBe(true);
    const c = srv.connections[0]!;
    expect(c.url).toBe('/ws/agent/?token=agt_secret%2F%2B');
    expect(c.origin).toBeUndefined();
    expect(c.frames[0]).toMatchObject({ command: 'hello', version: '9.9.9' });
    const batches = c.frames.slice(1);
    const seqs = batches.flatMap((b) => b.events.map((e: any) => e.seq));
    expect(seqs).toEqual(Array.from({ length: 400 }, (_, i) => 101 + i));
    expect(batches.map((b) => b.events.length)).toEqual([200, 200]);
    expect(maxInFlight).toBe(1);
    expect(settings).toEqual({ idle_after_seconds: 30, call_processes: ['zoiper'] });
    expect(q.size).toBe(0);
  });

  it('reconnects after a drop and resends the unacknowledged batch', async () => {
    let connection = 0;
    const srv = await fakeServer((ws, _url, frames) => {
      const n = ++connection;
      ws.on('message', () => {
        const f = frames.at(-1);
        if (f.command === 'hello') return ws.send(welcome(0));
        // The first connection dies with the batch unacknowledged.
        if (n === 1) return ws.terminate();
        ws.send(ackOf(f));
      });
    });
    cleanup.push(srv.close);
    const q = queueWith(3);
    const t = new Transport({
      server: srv.url,
      credential: 'c',
      version: '1',
      queue: q,
      log: () => undefined,
      onRefused: () => undefined,
    });
    cleanup.push(() => t.stop());
    t.start();
    await waitFor(() => srv.connections.length === 2 && q.size === 0);
    expect(srv.connections.map((c) => c.frames[1].events.map((e: any) => e.seq))).toEqual([
      [1, 2, 3],
      [1, 2, 3],
    ]);
  });

  it('gives up for good on 4401 (revoked)', async () => {
    const srv = await fakeServer((ws) => ws.close(4401, 'not authenticated'));
    cleanup.push(srv.close);
    const refused: [number, string][] = [];
    const t = new Transport({
      server: srv.url,
      credential: 'c',
      version: '1',
      queue: queueWith(1),
      log: () => undefined,
      onRefused: (code, reason) => refused.push([code, reason]),
    });
    t.start();
    await waitFor(() => refused.length > 0);
    expect(refused).toEqual([[4401, 'not authenticated']]);
    expect(srv.connections).toHaveLength(1);
  });
});
