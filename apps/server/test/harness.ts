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
import { loadConfig, type Config } from '../src/config.js';
import { startServer, type RunningServer } from '../src/server.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';

export { DEMO_PASSWORD };

export interface TestServer extends RunningServer {
  config: Config;
  logs: string[];
  api: Api;
  login(username: string, password?: string): Promise<string>;
  stop(): Promise<void>;
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export type Api = <T = any>(
  method: string,
  url: string,
  opts?: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> },
) => Promise<ApiResponse<T>>;

export function makeApi(baseUrl: string): Api {
  return async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
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

async function freshPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
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
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = tempDir();
  const pgUrl = process.env.TEST_DATABASE_URL;
  const database = pgUrl ? await freshPostgresDatabase(pgUrl) : undefined;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PORTAL_SEED_DEMO: '1',
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
  const server = await startServer(config, { loggerInstance: logger });
  const api = makeApi(server.url);
  return Object.assign(server, {
    config,
    logs,
    api,
    async login(username: string, password = DEMO_PASSWORD) {
      const res = await api<{ access: string }>('POST', '/api/auth/jwt/login/', { body: { username, password } });
      if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.access;
    },
    async stop() {
      await server.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  });
}
