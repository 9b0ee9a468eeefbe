/**
 * The HTTP edge, what every request passes through: HSTS only where it means something,
 * `Cache-Control` on API answers and the web app's files, and long URLs answered 414 in
 * the API's error shape (never the static handler's 403).
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Config } from '../src/lib/config.js';
import { factories, TINY_PNG } from './factories.js';
import { DEMO_PASSWORD, startTestServer, tempDir, type TestServer } from './harness.js';

let s: TestServer;
let dist: string;
const extra: FastifyInstance[] = [];

beforeAll(async () => {
  dist = tempDir('portal-web-');
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  s = await startTestServer({}, dist);
});
afterAll(async () => {
  for (const app of extra) await app.close();
  await s?.stop();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** A second app on the same database with other settings, listening on its own port. */
async function variant(config: Partial<Config>): Promise<string> {
  const app = await buildApp({
    ctx: { ...s.app.ctx, config: { ...s.config, LOG_LEVEL: 'silent', ...config } },
    webDist: dist,
  });
  extra.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address() as net.AddressInfo;
  return `http://127.0.0.1:${addr.port}`;
}

/** One raw HTTP exchange (for requests fetch would refuse to send). */
function raw(request: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(s.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.on('data', (d) => (data += d));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]), body });
    });
  });
}

describe('Strict-Transport-Security', () => {
  it('is not sent over plain HTTP, nor on an untrusted X-Forwarded-Proto', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }] as Record<string, string>[]) {
      const res = await fetch(`${s.url}/api/auth/me/`, { headers });
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect((await fetch(`${s.url}/`, { headers })).headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('is sent when a trusted proxy says the request came over TLS', async () => {
    const url = await variant({ TRUST_PROXY: true });
    const tls = await fetch(`${url}/api/auth/me/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect((await fetch(`${url}/api/auth/me/`)).headers.get('strict-transport-security')).toBeNull();
  });

  it('is sent on every answer when HSTS=1', async () => {
    const url = await variant({ HSTS: true });
    expect((await fetch(`${url}/api/auth/me/`)).headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect((await fetch(`${url}/`)).headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });
});

describe('Cache-Control', () => {
  it('is no-store on every API answer: data, errors, unknown paths, the document', async () => {
    const token = await s.login('hr');
    for (const [url, auth, status] of [
      ['/api/auth/me/', true, 200],
      ['/api/auth/me/', false, 401],
      ['/api/nothing/', false, 404],
      ['/api/openapi.json', false, 200],
    ] as const) {
      const res = await s.api('GET', url, auth ? { token } : {});
      expect(res.status, url).toBe(status);
      expect(res.headers.get('cache-control'), url).toBe('no-store');
    }
    const bad = await s.api('POST', '/api/auth/jwt/login/', {
      rawBody: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps what a route sets itself: attachment downloads are private, no-cache', async () => {
    const owner = await factories(s.database.db).user({ user_type: 'HR' });
    const ticket = await factories(s.database.db).ticket({ owner, files: [{ filename: 'a.png', data: TINY_PNG }] });
    const res = await s.api('GET', `/api/user/ticket_attachment/${ticket.attachments[0]!.id}/`, {
      token: await s.login(owner.username),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('lets hashed assets be cached for good, and never index.html', async () => {
    const asset = await fetch(`${s.url}/assets/app-1234.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const p of ['/', '/index.html', '/ticket/12']) {
      const page = await fetch(s.url + p);
      expect(page.status, p).toBe(200);
      expect(page.headers.get('cache-control'), p).toBe('no-cache');
    }
    // A missing asset is a 404 that no cache keeps for a year.
    const gone = await fetch(`${s.url}/assets/gone-0000.js`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('cache-control') ?? '').not.toMatch(/immutable/);
  });
});

describe('long URLs', () => {
  const json = async (res: Response) => ({ status: res.status, body: await res.json() });

  it('answers 414 in the error shape past 4096 bytes of path and query, whatever the route', async () => {
    for (const url of [
      `/api/${'a'.repeat(4100)}`,
      `/api/auth/me/?q=${'a'.repeat(4100)}`,
      `/ticket/${'a'.repeat(4100)}`,
      `/${'é'.repeat(2100)}`, // 4200 bytes in UTF-8, 2101 characters
    ]) {
      const res = await json(await fetch(s.url + url));
      expect(res.status, url.slice(0, 20)).toBe(414);
      expect(res.body).toEqual({
        message: 'The URL is too long (limit 4096 bytes of path and query).',
        code: 'urlTooLong',
        params: { count: 4096 },
      });
    }
  });

  it('answers URLs just under the limit as usual: 404 under /api/, the app elsewhere (not 403)', async () => {
    // /api/ + 4090 = 4095 bytes: once the static handler's path check turned these into 403.
    const api = await json(await fetch(`${s.url}/api/${'a'.repeat(4090)}`));
    expect(api).toEqual({ status: 404, body: { message: 'Not found.', code: 'notFound' } });
    expect((await fetch(`${s.url}/x/${'a'.repeat(4090)}`)).status).toBe(200);
    // One segment past NAME_MAX (255 bytes) once failed the same way.
    expect((await fetch(`${s.url}/${'a'.repeat(300)}`)).status).toBe(200);
    expect((await fetch(`${s.url}/assets/${'a'.repeat(300)}.js`)).status).toBe(404);
  });

  it('answers 414 even past Node’s 16 KiB header limit, and 431 for huge headers, in the error shape', async () => {
    const long = await raw(`GET /api/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(long.status).toBe(414);
    expect(JSON.parse(long.body)).toEqual({
      message: expect.stringMatching(/too long/),
      code: 'urlTooLong',
      params: { count: 4096 },
    });
    const headers = await raw(`GET /api/auth/me/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    expect(headers.status).toBe(431);
    expect(JSON.parse(headers.body)).toEqual({ message: expect.any(String), code: 'headersTooLarge' });
  });
});

describe('while the server closes', () => {
  it('finishes the request in flight and answers one arriving behind it 503 in the error shape', async () => {
    const closing = await startTestServer({ LOG_LEVEL: 'silent' });
    const { port } = new URL(closing.url);
    const body = JSON.stringify({ username: 'admin', password: DEMO_PASSWORD });
    const socket = net.connect(Number(port), '127.0.0.1');
    let data = '';
    socket.on('data', (d) => (data += d));
    const ended = new Promise((resolve) => socket.on('close', resolve));
    // Half a body: the request is in flight when the server starts closing.
    socket.write(
      `POST /api/auth/jwt/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 200));
    const stopping = closing.stop();
    await new Promise((r) => setTimeout(r, 100));
    socket.write(`${body.slice(10)}GET /api/auth/me/ HTTP/1.1\r\nHost: x\r\n\r\n`);
    await ended;
    await stopping;
    const statuses = [...data.matchAll(/HTTP\/1\.1 (\d+)/g)].map((m) => Number(m[1]));
    expect(statuses).toEqual([200, 503]);
    expect(data).toMatch(/retry-after: 5/i);
    expect(data.slice(data.lastIndexOf('\r\n\r\n') + 4)).toBe(
      JSON.stringify({
        message: 'The service is temporarily unavailable. Try again shortly.',
        code: 'serviceUnavailable',
      }),
    );
  });
});

describe('an error after a route chose another content type', () => {
  it("still answers in the JSON error shape (the web app's index.html vanishing mid-deploy)", async () => {
    const web = tempDir('portal-web-');
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><html></html>');
    const app = await buildApp({ ctx: { ...s.app.ctx, config: { ...s.config, LOG_LEVEL: 'silent' } }, webDist: web });
    extra.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
    fs.rmSync(path.join(web, 'index.html'));
    try {
      const res = await fetch(`${url}/wfm/interpreter01`);
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ message: 'Internal server error.', code: 'internalError' });
    } finally {
      fs.rmSync(web, { recursive: true, force: true });
    }
  });
});
