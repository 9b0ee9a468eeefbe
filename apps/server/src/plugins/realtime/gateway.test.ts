import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../app.js';
import type { Config } from '../../lib/config.js';
import { openSocket, opened, ready, startTestServer, type TestServer } from '../../../test/harness.js';

let s: TestServer;
const variants: FastifyInstance[] = [];
beforeAll(async () => {
  s = await startTestServer({ WS_HEARTBEAT: '1' });
});
afterAll(async () => {
  for (const app of variants) await app.close();
  await s?.stop();
});

/** A second app on the same database and bus with other settings, on its own port. */
async function variant(config: Partial<Config>): Promise<string> {
  const app = await buildApp({ ctx: { ...s.app.ctx, config: { ...s.config, LOG_LEVEL: 'silent', ...config } } });
  variants.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://localhost:${(app.server.address() as net.AddressInfo).port}`;
}

const ticketFor = async (token: string) =>
  (await s.api('POST', '/api/auth/ws-ticket/', { token })).body.ticket as string;

describe('websocket authentication', () => {
  it('accepts a single-use ticket once, and refuses it the second time with 4401', async () => {
    const token = await s.login('hr');
    const ticket = await ticketFor(token);
    expect(ticket).toMatch(/^wst_/);
    const first = openSocket(s.url, '/ws/notification/', ticket);
    await ready(first);
    const again = openSocket(s.url, '/ws/notification/', ticket);
    expect((await again.closed).code).toBe(4401);
    first.ws.close();
  });

  it('tracks the socket by the time the client sees it open, so no frame sent after "open" is lost', async () => {
    const token = await s.login('it');
    const me = (await s.api('GET', '/api/auth/me/', { token })).body.id as number;
    const sock = openSocket(s.url, '/ws/notification/', await ticketFor(token));
    await opened(sock);
    // No ping first: authentication finished before the upgrade, not after it.
    expect([...s.app.gateway.connectionsOf(me)].map((c) => c.channel)).toContain('/ws/notification/');
    sock.ws.close();
  });

  it('accepts a raw access token (spec §7 clients)', async () => {
    const sock = openSocket(s.url, '/ws/notification/', await s.login('it'));
    await ready(sock);
    sock.ws.close();
  });

  it('closes with 4401 for a missing, bad or revoked token', async () => {
    const token = await s.login('quality');
    await s.api('POST', '/api/auth/jwt/logout/', { token });
    for (const t of [undefined, 'garbage', 'wst_not-a-ticket', token]) {
      const sock = openSocket(s.url, '/ws/notification/', t);
      expect((await sock.closed).code, String(t)).toBe(4401);
    }
  });

  it('refuses a foreign Origin (cross-site websocket hijacking) and admits its own', async () => {
    const token = await s.login('hr');
    const evil = openSocket(s.url, '/ws/notification/', token, { origin: 'https://evil.example' });
    await expect(opened(evil)).rejects.toThrow(/403/);
    const own = openSocket(s.url, '/ws/notification/', token, { origin: s.url.replace('localhost', '127.0.0.1') });
    await expect(opened(own)).rejects.toThrow(/403/); // another host name is another origin
    const same = openSocket(s.url, '/ws/notification/', token, { origin: s.url });
    await ready(same);
    same.ws.close();
  });

  it('compares the scheme too: an http:// page is not the https:// portal, nor the reverse', async () => {
    const token = await s.login('hr');
    const https = openSocket(s.url, '/ws/notification/', token, { origin: s.url.replace('http:', 'https:') });
    await expect(opened(https)).rejects.toThrow(/403/);
    // Behind a trusted proxy the request's scheme is X-Forwarded-Proto's.
    const proxied = await variant({ TRUST_PROXY: true });
    const headers = { 'x-forwarded-proto': 'https' };
    const tls = openSocket(proxied, '/ws/notification/', token, {
      headers,
      origin: proxied.replace('http:', 'https:'),
    });
    await ready(tls);
    tls.ws.close();
    const plain = openSocket(proxied, '/ws/notification/', token, { headers, origin: proxied });
    await expect(opened(plain)).rejects.toThrow(/403/);
  });

  it('admits exactly PUBLIC_ORIGIN (and WS_ALLOWED_ORIGINS) when it is set', async () => {
    const token = await s.login('hr');
    const url = await variant({
      PUBLIC_ORIGIN: 'https://portal.example.com',
      WS_ALLOWED_ORIGINS: ['https://agent.example.com'],
    });
    for (const origin of [
      'https://portal.example.com',
      'https://PORTAL.example.com:443',
      'https://agent.example.com',
    ]) {
      const ok = openSocket(url, '/ws/notification/', token, { origin });
      await ready(ok);
      ok.ws.close();
    }
    for (const origin of [url, 'http://portal.example.com', 'https://portal.example.com:8443', 'null']) {
      const refused = openSocket(url, '/ws/notification/', token, { origin });
      await expect(opened(refused), origin).rejects.toThrow(/403/);
    }
  });

  it('refuses INTERPRETER and GUEST on staff channels with 4403', async () => {
    const sock = openSocket(s.url, '/ws/notification/', await s.login('guest'));
    expect((await sock.closed).code).toBe(4403);
  });

  it('closes the sockets of a session when it is revoked, and of every session on password change', async () => {
    const a = await s.login('manager.hr');
    const b = await s.login('manager.hr');
    const sa = openSocket(s.url, '/ws/notification/', await ticketFor(a));
    const sb = openSocket(s.url, '/ws/notification/', await ticketFor(b));
    await Promise.all([ready(sa), ready(sb)]);
    await s.api('POST', '/api/auth/jwt/logout/', { token: a });
    expect((await sa.closed).code).toBe(4401);
    expect(sb.ws.readyState).toBe(WebSocket.OPEN);
    const c = await s.login('manager.hr');
    const sc = openSocket(s.url, '/ws/notification/', await ticketFor(c));
    await ready(sc);
    const changed = await s.api('POST', '/api/auth/change_password/', {
      token: c,
      body: { old_password: 'Portal#Demo2026', new_password: 'Harbor-Lights-902' },
    });
    expect(changed.status).toBe(200);
    expect((await sb.closed).code).toBe(4401);
    // The session that changed the password lives on (it got a fresh token); its old
    // socket belonged to the old session and is closed too.
    expect((await sc.closed).code).toBe(4401);
  });
});

describe('sockets per user', () => {
  it('admits 20 sockets of one user across channels; the 21st is closed with 1008 and a reason', async () => {
    const token = await s.login('admin');
    const sockets = Array.from({ length: 20 }, (_, i) =>
      openSocket(s.url, i % 2 ? '/ws/admins/' : '/ws/notification/', token),
    );
    await Promise.all(sockets.map(ready));
    const extra = openSocket(s.url, '/ws/admins/', token);
    const closed = await extra.closed;
    expect(closed.code).toBe(1008);
    expect(closed.reason).toMatch(/too many/i);
    // Another user is not affected; a freed place can be taken again.
    const other = openSocket(s.url, '/ws/notification/', await s.login('it'));
    await ready(other);
    sockets[0]!.ws.close();
    await sockets[0]!.closed;
    const again = openSocket(s.url, '/ws/notification/', token);
    await ready(again);
    for (const x of [...sockets, other, again]) x.ws.close();
  });
});

describe('websocket messages', () => {
  it('answers a malformed or unknown message with an error command, and stays open', async () => {
    const sock = openSocket(s.url, '/ws/notification/', await s.login('hr'));
    await ready(sock);
    sock.ws.send('{not json');
    expect((await sock.next((m) => m.message?.command === 'error')).message.data).toMatch(/malformed/i);
    sock.ws.send(JSON.stringify({ command: 'launch_missiles' }));
    await sock.next((m) => m.message?.command === 'error' && /unknown/i.test(m.message.data));
    expect(sock.ws.readyState).toBe(WebSocket.OPEN);
    sock.ws.close();
  });

  it('closes a socket that sends a message over 64 KiB', async () => {
    const sock = openSocket(s.url, '/ws/notification/', await s.login('hr'));
    await ready(sock);
    sock.ws.send('x'.repeat(64 * 1024 + 1));
    expect((await sock.closed).code).toBe(1009);
  });

  it('rate-limits a flooding socket, then closes it', async () => {
    const sock = openSocket(s.url, '/ws/notification/', await s.login('hr'));
    await ready(sock);
    for (let i = 0; i < 200; i++) sock.ws.send(JSON.stringify({ command: 'ping' }));
    await sock.next((m) => m.message?.command === 'error' && /slow down/i.test(m.message.data));
    expect((await sock.closed).code).toBe(1008);
  });

  it('terminates a client that misses two heartbeats', async () => {
    const sock = openSocket(s.url, '/ws/notification/', await s.login('hr'), { autoPong: false });
    await ready(sock);
    const { code } = await sock.closed;
    expect(code).toBe(1006); // terminated, no close frame
  });

  it('keeps a client that answers heartbeats', async () => {
    const sock = openSocket(s.url, '/ws/notification/', await s.login('hr'));
    await ready(sock);
    await new Promise((r) => setTimeout(r, 3500));
    expect(sock.ws.readyState).toBe(WebSocket.OPEN);
    sock.ws.close();
  });
});

describe('shutdown', () => {
  it('closes open sockets with 1001 when the server stops', async () => {
    const other = await startTestServer();
    const sock = openSocket(other.url, '/ws/admins/', await other.login('admin'));
    await ready(sock);
    const stopping = other.stop();
    expect((await sock.closed).code).toBe(1001);
    await stopping;
  });

  it('cuts a client that never answers the close, instead of waiting 30 s for it', async () => {
    const other = await startTestServer();
    const token = await other.login('admin');
    const { port } = new URL(other.url);
    // A raw upgrade that then goes silent: it will never send its close frame back.
    const silent = net.connect(Number(port), '127.0.0.1');
    const upgraded = new Promise<void>((resolve) => silent.once('data', () => resolve()));
    silent.write(
      `GET /ws/admins/?token=${token} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\n` +
        'Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    await upgraded;
    const gone = new Promise<void>((resolve) => silent.once('close', () => resolve()));
    const started = Date.now();
    await other.stop();
    await gone;
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
