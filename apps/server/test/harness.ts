/**
 * Starts a real server (real HTTP, real database) for API tests: an embedded database
 * in a fresh DATA_DIR by default, or a fresh database on the PostgreSQL server named by
 * TEST_DATABASE_URL (the CI PostgreSQL pass).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { Writable } from 'node:stream';
import { loadConfig, type Config } from '../src/lib/config.js';
import { startServer, type RunningServer } from '../src/server.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';

export { DEMO_PASSWORD };

export interface TestServer extends RunningServer {
  config: Config;
  logs: string[];
  api: Api;
  login(username: string, password?: string): Promise<string>;
  /** A demo user's token, signed in once per server and reused (tests that sign out use `login`). */
  token(user: string | { username: string }): Promise<string>;
  stop(): Promise<void>;
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface ApiOptions {
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (with whatever content-type `headers` names). */
  rawBody?: string;
  /** Sent as multipart/form-data (see `multipartBody`); fetch writes the boundary. */
  form?: FormData;
  headers?: Record<string, string>;
}

export type Api = <T = any>(method: string, url: string, opts?: ApiOptions) => Promise<ApiResponse<T>>;

/** A file part of a multipart request: its bytes, and the type its sender declares (none by default). */
export interface FilePart {
  name: string;
  data: Uint8Array;
  type?: string;
}

/**
 * A multipart body as the web app sends one: every defined field as text, then the files,
 * each a part named `fileField` (`attachments` on tickets, leave and reports; `files` on
 * OCR; `snapshot` on share calls). Send it with `api(method, url, { token, form })`.
 */
export function multipartBody(
  fields: Record<string, unknown>,
  files: readonly FilePart[] = [],
  fileField = 'attachments',
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, String(v));
  for (const f of files) {
    form.append(fileField, new Blob([new Uint8Array(f.data)], f.type ? { type: f.type } : {}), f.name);
  }
  return form;
}

export function makeApi(baseUrl: string): Api {
  return async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | FormData | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.form !== undefined) body = opts.form;
    else if (opts.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await fetch(baseUrl + url, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as never, headers: res.headers };
  };
}

/** A new, empty database on the server at `adminUrl`, and how to drop it. */
export async function freshPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `portal_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function tempDir(prefix = 'portal-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Starts a server; demo users are seeded on both kinds of database. */
export async function startTestServer(env: Record<string, string> = {}, webDist?: string): Promise<TestServer> {
  const dataDir = tempDir();
  const pgUrl = process.env.TEST_DATABASE_URL;
  const database = pgUrl ? await freshPostgresDatabase(pgUrl) : undefined;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PORTAL_SEED_DEMO: '1',
    // The demo presence feed and the KPI reminders (due in the last days of every week and
    // month, for the demo's missing values) would notify the demo cast under the tests' feet.
    PRESENCE_DEMO_FEED: '0',
    IT_DEMO_FEED: '0',
    OCR_DEMO: '0',
    KPI_REMINDERS: '0',
    // Tests sign in as ADMIN and IT freely; the second factor's own tests turn it on.
    MFA_REQUIRED_TYPES: '',
    LOG_LEVEL: 'trace',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const { loggerOptions } = await import('../src/lib/logger.js');
  const logger = pino(loggerOptions('trace') as pino.LoggerOptions, sink);
  const server = await startServer(config, { loggerInstance: logger, webDist });
  const api = makeApi(server.url);
  const tokens = new Map<string, Promise<string>>();
  return Object.assign(server, {
    config,
    logs,
    api,
    async login(username: string, password = DEMO_PASSWORD) {
      const res = await api<{ access: string }>('POST', '/api/auth/jwt/login/', { body: { username, password } });
      // A second factor due answers 200 without `access` (a challenge): not a sign-in.
      if (res.status !== 200 || !res.body.access) {
        throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
      }
      return res.body.access;
    },
    token(user: string | { username: string }) {
      const name = typeof user === 'string' ? user : user.username;
      if (!tokens.has(name)) tokens.set(name, this.login(name));
      return tokens.get(name)!;
    },
    async stop() {
      await server.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

import WebSocket from 'ws';

export interface TestSocket {
  ws: WebSocket;
  messages: any[];
  /** Resolves with the first message (already received or future) matching `pred`. */
  next(pred?: (m: any) => boolean, timeoutMs?: number): Promise<any>;
  closed: Promise<{ code: number; reason: string }>;
}

/** Opens a websocket to the server with `?token=`, collecting every frame. */
export function openSocket(
  baseUrl: string,
  path: string,
  token?: string,
  opts: WebSocket.ClientOptions = {},
): TestSocket {
  const url = baseUrl.replace(/^http/, 'ws') + path + (token ? `?token=${encodeURIComponent(token)}` : '');
  const ws = new WebSocket(url, opts);
  const messages: any[] = [];
  const waiters: { pred: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw));
    messages.push(m);
    for (const w of [...waiters]) {
      if (w.pred(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  ws.on('error', () => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  return {
    ws,
    messages,
    closed,
    next(pred = () => true, timeoutMs = 5000) {
      const found = messages.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const t = setTimeout(
          () => reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`)),
          timeoutMs,
        );
        waiters.push({ pred, resolve: (m) => (clearTimeout(t), resolve(m)) });
      });
    },
  };
}

export const opened = (s: TestSocket) =>
  new Promise<void>((resolve, reject) => {
    if (s.ws.readyState === WebSocket.OPEN) return resolve();
    s.ws.once('open', () => resolve());
    s.ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });

/** A socket is usable once the server has authenticated it: ping and wait for pong. */
export async function ready(s: TestSocket) {
  await opened(s);
  s.ws.send(JSON.stringify({ command: 'ping' }));
  await s.next((m) => m.message?.command === 'pong');
}
