import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { startTestServer, tempDir, type TestServer } from './harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.stop());

describe('error shapes', () => {
  it('unknown /api/ paths answer 404 JSON in the error shape', async () => {
    for (const [m, p] of [
      ['GET', '/api/nothing-here/'],
      ['POST', '/api/auth/jwt/nope/'],
      ['DELETE', '/api/auth/me/'],
    ]) {
      const res = await s.api(m!, p!);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.body).toEqual({ message: 'Not found.', code: 'notFound' });
    }
  });

  it('bodies over 1 MiB answer 413', async () => {
    const res = await s.api('POST', '/api/auth/jwt/login/', {
      rawBody: JSON.stringify({ username: 'x', password: 'y'.repeat(1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request body is too large (limit 1 MiB).', code: 'bodyTooLarge' });
  });

  it('malformed JSON, wrong types and odd content types answer 4xx, never 500, never a stack', async () => {
    const cases = [
      { rawBody: '{"username": ', headers: { 'content-type': 'application/json' } },
      { body: { username: 42, password: ['x'] } },
      { rawBody: 'username=a&password=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { rawBody: '', headers: { 'content-type': 'application/json' } },
      { body: null },
    ];
    for (const c of cases) {
      const res = await s.api('POST', '/api/auth/jwt/login/', c);
      expect(res.status, JSON.stringify(c)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(c)).toBeLessThan(500);
      expect(res.body.message).toEqual(expect.any(String));
      expect(JSON.stringify(res.body)).not.toMatch(/\bat .+:\d+:\d+|node_modules|stack/);
    }
  });

  it('a wrong-typed field is reported under that field', async () => {
    const res = await s.api('POST', '/api/auth/jwt/login/', { body: { username: 42, password: 'x' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.extra.fields)).toEqual(['username']);
  });
});

describe('OpenAPI', () => {
  it('serves a document listing every API route, and a reference UI', async () => {
    const doc = await s.api('GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    const documented = new Set<string>();
    for (const [p, ops] of Object.entries(doc.body.paths as Record<string, object>)) {
      for (const m of Object.keys(ops)) documented.add(`${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`);
    }
    const routes = new Set(s.app.apiRoutes.map((r) => `${r.method} ${r.url}`));
    expect(routes.size).toBeGreaterThan(8);
    for (const r of routes) expect(documented, r).toContain(r);
    const ui = await fetch(`${s.url}/api/docs/`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toMatch(/<html/i);
  });
});

describe('the web app', () => {
  it('is served without a token: index, assets, and client-side routes; /api/ stays JSON', async () => {
    const dist = tempDir('portal-web-');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    const web = await startTestServer({}, dist);
    try {
      for (const p of ['/', '/login', '/ticket/12', '/eventlogs', '/profile/director.gi']) {
        const res = await fetch(web.url + p);
        expect(res.status, p).toBe(200);
        expect(res.headers.get('content-type'), p).toMatch(/text\/html/);
        expect(await res.text()).toContain('<div id="root">');
        // Plain-http office installs must not be pushed to https for their own assets.
        expect(res.headers.get('content-security-policy')).not.toMatch(/upgrade-insecure-requests/);
      }
      const asset = await fetch(`${web.url}/assets/app-1234.js`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toMatch(/immutable/);
      // A file built after start is served; a missing one is a 404, not the app.
      fs.writeFileSync(path.join(dist, 'assets', 'later-5678.js'), 'console.log(2)');
      expect((await fetch(`${web.url}/assets/later-5678.js`)).status).toBe(200);
      expect((await fetch(`${web.url}/assets/gone-0000.js`)).status).toBe(404);
      expect((await fetch(`${web.url}/gone.js`)).status).toBe(404);
      const api = await fetch(`${web.url}/api/nothing/`);
      expect(api.status).toBe(404);
      expect(await api.json()).toEqual({ message: 'Not found.', code: 'notFound' });
      expect((await fetch(`${web.url}/api/auth/me/`)).status).toBe(401);
    } finally {
      await web.stop();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
