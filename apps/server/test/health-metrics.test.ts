/**
 * Health and metrics on a real server: /api/health/live and /ready (public, outside every
 * rate limit, 503 naming the failing part), /metrics in Prometheus's text format behind
 * METRICS_TOKEN or on METRICS_PORT only, counters that move with requests, no secret in
 * any of it, and the Grafana dashboard and alert rules in docs/ops plotting only metrics
 * the server serves.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'kysely';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordBackup } from '../src/lib/metrics.js';
import { metricsPlugin } from '../src/plugins/metrics.js';
import { DEMO_PASSWORD, openSocket, ready, startTestServer, type TestServer } from './harness.js';
import { parsePrometheusText, valueOf, type Family } from './prometheus-text.js';

const METRICS_TOKEN = `metrics-${crypto.randomBytes(12).toString('hex')}`;
const JWT_SECRET = `jwt-${crypto.randomBytes(24).toString('hex')}`;
const MAX_FAILURES = 3;

let s: TestServer;
/** Tokens handed out by sign-ins during the tests: none may show in /metrics or health. */
const secrets: string[] = [METRICS_TOKEN, JWT_SECRET, DEMO_PASSWORD];

beforeAll(async () => {
  s = await startTestServer({
    METRICS_TOKEN,
    JWT_SECRET,
    LOGIN_ADDRESS_MAX_FAILURES: String(MAX_FAILURES),
  });
  secrets.push(await s.token('hr'), await s.token('admin'));
});
afterAll(() => s?.stop());

async function scrape(server = s): Promise<{ text: string; families: Map<string, Family> }> {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  return { text, families: parsePrometheusText(text) };
}

const requests = (families: Map<string, Family>, route: string, status: string) =>
  valueOf(families, 'portal_http_requests_total', { route, method: 'GET', status });

describe('health', () => {
  it('answers live and ready with 200 to anyone, with nothing but the state of each part', async () => {
    const live = await s.api('GET', '/api/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    const ready = await s.api('GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', queue: 'ok' } });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('turns ready 503 naming migrations when the database lacks the last one, and 200 once it is back', async () => {
    const db = s.database.db;
    const { rows } = await sql<{ name: string; timestamp: string }>`
      select name, timestamp from portal_migrations order by name desc limit 1`.execute(db);
    const last = rows[0]!;
    await sql`delete from portal_migrations where name = ${last.name}`.execute(db);
    try {
      const res = await s.api('GET', '/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', migrations: 'failing', queue: 'ok' },
      });
      // The process still answers: only readiness is withdrawn.
      expect((await s.api('GET', '/api/health/live')).status).toBe(200);
    } finally {
      await sql`insert into portal_migrations (name, timestamp) values (${last.name}, ${last.timestamp})`.execute(db);
    }
    // A migration the code does not know (a newer version's database) is not current either.
    await sql`insert into portal_migrations (name, timestamp) values ('9999-from-the-future', now()::text)`.execute(db);
    try {
      const res = await s.api('GET', '/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.body.checks.migrations).toBe('failing');
    } finally {
      await sql`delete from portal_migrations where name = '9999-from-the-future'`.execute(db);
    }
    expect((await s.api('GET', '/api/health/ready')).status).toBe(200);
  });
});

describe('/metrics', () => {
  it('refuses a scrape without the token or with a wrong one (401)', async () => {
    const none = await s.api('GET', '/metrics');
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('notAuthenticated');
    const wrong = await s.api('GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}x` } });
    expect(wrong.status).toBe(401);
    const user = await s.api('GET', '/metrics', { token: await s.token('admin') });
    expect(user.status).toBe(401);
  });

  it('parses as Prometheus text, and its request counter for a route moves with requests', async () => {
    const before = await scrape();
    const n = 3;
    for (let i = 0; i < n; i++) expect((await s.api('GET', '/api/health/live')).status).toBe(200);
    // A route with a parameter is counted under its pattern, never the URL asked for.
    const hr = await s.token('hr');
    expect((await s.api('GET', '/api/users/hr/', { token: hr })).status).toBe(200);
    const probe = `no-such-page-${crypto.randomBytes(4).toString('hex')}`;
    expect((await s.api('GET', `/api/${probe}`)).status).toBe(404);
    const after = await scrape();

    const live = '/api/health/live';
    expect(requests(after.families, live, '200') - requests(before.families, live, '200')).toBe(n);
    expect(requests(after.families, '/api/users/:username/', '200')).toBeGreaterThan(
      requests(before.families, '/api/users/:username/', '200'),
    );
    expect(requests(after.families, 'unmatched', '404')).toBeGreaterThan(requests(before.families, 'unmatched', '404'));
    expect(after.text).not.toContain(probe);
    expect(after.text).not.toContain('/api/users/hr/');
    const count = (f: Map<string, Family>) =>
      valueOf(f, 'portal_http_request_duration_seconds_count', { route: live, method: 'GET' });
    expect(count(after.families) - count(before.families)).toBe(n);

    // Every family the brief names is there (labelled ones may have no series yet, but a TYPE).
    for (const name of [
      'portal_http_requests_total',
      'portal_http_request_duration_seconds',
      'portal_http_rate_limited_total',
      'portal_login_failures_total',
      'portal_ws_connections',
      'portal_bus_events_published_total',
      'portal_bus_events_received_total',
      'portal_bus_lag_seconds',
      'portal_jobs_queued',
      'portal_jobs_running',
      'portal_jobs_completed_total',
      'portal_job_duration_seconds',
      'portal_ocr_pages_total',
      'portal_db_pool_connections',
      'portal_db_pool_acquire_seconds',
      'portal_backups_total',
      'portal_backup_last_success_timestamp_seconds',
      'portal_backup_last_size_bytes',
      'nodejs_eventloop_lag_seconds',
      'process_cpu_seconds_total',
    ]) {
      expect(after.families.has(name), name).toBe(true);
    }
    // The pool answered queries, so its waits were timed.
    expect(valueOf(after.families, 'portal_db_pool_acquire_seconds_count')).toBeGreaterThan(0);
  });

  it('counts websocket connections by channel, and bus events published and received', async () => {
    const before = await scrape();
    const socket = openSocket(s.url, '/ws/notification/', await s.token('hr'));
    await ready(socket);
    const during = await scrape();
    expect(valueOf(during.families, 'portal_ws_connections', { channel: '/ws/notification/' })).toBe(
      valueOf(before.families, 'portal_ws_connections', { channel: '/ws/notification/' }) + 1,
    );
    // An announcement goes out on the bus and comes back to this process's socket.
    const res = await s.api('POST', '/api/notifications/announce/', {
      token: await s.token('admin'),
      body: { message: 'Metrics probe', levels: ['HR'] },
    });
    expect(res.status).toBe(201);
    await socket.next((m) => m.message?.command === 'notification', 30_000);
    socket.ws.close();
    await socket.closed;
    const after = await scrape();
    const moved = (name: string) => valueOf(after.families, name) - valueOf(before.families, name);
    expect(moved('portal_bus_events_published_total')).toBeGreaterThan(0);
    expect(moved('portal_bus_events_received_total')).toBeGreaterThan(0);
    expect(moved('portal_bus_lag_seconds_count')).toBeGreaterThan(0);
  });

  it('records backups as the scheduled backup job reports them (recordBackup)', async () => {
    const before = await scrape();
    const startedAt = Date.now() / 1000;
    recordBackup('failure');
    recordBackup('success', 123_456);
    const after = await scrape();
    const runs = (f: Map<string, Family>, result: string) => valueOf(f, 'portal_backups_total', { result });
    expect(runs(after.families, 'success') - runs(before.families, 'success')).toBe(1);
    expect(runs(after.families, 'failure') - runs(before.families, 'failure')).toBe(1);
    expect(valueOf(after.families, 'portal_backup_last_size_bytes')).toBe(123_456);
    expect(valueOf(after.families, 'portal_backup_last_success_timestamp_seconds')).toBeGreaterThanOrEqual(
      Math.floor(startedAt),
    );
  });

  it('shows no secret: not the JWT secret, the metrics token, a password or a session token', async () => {
    const { text } = await scrape();
    const live = JSON.stringify((await s.api('GET', '/api/health/live')).body);
    const readyBody = JSON.stringify((await s.api('GET', '/api/health/ready')).body);
    for (const secret of secrets) {
      expect(text.includes(secret), 'a secret in /metrics').toBe(false);
      expect(live.includes(secret) || readyBody.includes(secret), 'a secret in health').toBe(false);
    }
    // Health names no version, path or address either.
    expect(readyBody).not.toMatch(/version|\d+\.\d+\.\d+|\/tmp|127\.0\.0\.1|postgres/i);
    expect(text).not.toContain(s.config.DATA_DIR);
  });
});

describe('the Grafana dashboard and the alert rules (docs/ops)', () => {
  const FUNCTIONS_AND_KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool']);
  const OPERATORS = new Set(['and', 'or', 'unless', 'offset']);

  /** The metric names a PromQL expression reads. */
  function metricNames(expr: string): string[] {
    const bare = expr
      .replace(/"(?:[^"\\]|\\.)*"/g, '""') // label values
      .replace(/\{[^}]*\}/g, '') // label matchers
      .replace(/\[[^\]]*\]/g, '') // ranges
      .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '') // grouping labels
      .replace(/\$\{?\w+\}?/g, '') // Grafana variables
      .replace(/(?<![\w:.])\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/g, ''); // numbers (1e3, 0.95)
    const names: string[] = [];
    for (const m of bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*(?=\s*(\()?)/g)) {
      const word = m[0];
      if (m[1] || FUNCTIONS_AND_KEYWORDS.has(word) || OPERATORS.has(word)) continue; // a function call
      if (/^(e|Inf|NaN)$/i.test(word)) continue;
      names.push(word);
    }
    return names;
  }

  /** Whether the exposition serves `name` (a histogram's _bucket/_sum/_count series included). */
  function served(families: Map<string, Family>, name: string): boolean {
    if (families.has(name)) return true;
    const m = /^(.*)_(bucket|sum|count)$/.exec(name);
    const f = m && families.get(m[1]!);
    return !!f && (f.type === 'histogram' || (f.type === 'summary' && m![2] !== 'bucket'));
  }

  it('reads nothing but metric names /metrics serves', async () => {
    const { families } = await scrape();
    const dashboard = JSON.parse(
      fs.readFileSync(new URL('../../../docs/ops/grafana-dashboard.json', import.meta.url), 'utf8'),
    ) as { panels: { title: string; targets?: { expr: string }[] }[] };
    const plotted = new Set<string>();
    for (const panel of dashboard.panels) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const t of panel.targets!) for (const name of metricNames(t.expr)) plotted.add(name);
    }
    expect(plotted.size).toBeGreaterThan(10);
    expect([...plotted].filter((name) => !served(families, name))).toEqual([]);
    // The panels the operators asked for are there.
    for (const needed of [
      'portal_http_requests_total',
      'portal_http_request_duration_seconds_bucket',
      'portal_ws_connections',
      'portal_jobs_queued',
      'portal_jobs_completed_total',
      'nodejs_eventloop_lag_p99_seconds',
      'portal_db_pool_connections',
      'portal_login_failures_total',
      'portal_http_rate_limited_total',
      'portal_backup_last_success_timestamp_seconds',
      'portal_backups_total',
    ]) {
      expect(plotted.has(needed), needed).toBe(true);
    }

    // The alert rules (when the guide ships them) read the same names.
    const alerts = new URL('../../../docs/ops/alerts.yml', import.meta.url);
    if (fs.existsSync(alerts)) {
      const exprs = [
        ...fs.readFileSync(alerts, 'utf8').matchAll(/expr:\s*(?:>-?\s*\n)?((?:.*\n?)*?)(?=^\s*\w+:|(?![\s\S]))/gm),
      ];
      expect(exprs.length).toBeGreaterThan(0);
      const names = new Set(exprs.flatMap((m) => metricNames(m[1]!)));
      names.delete('up'); // Prometheus's own, per scrape target
      expect([...names].filter((name) => !served(families, name))).toEqual([]);
    }
  });

  it('extracts names from PromQL as meant (the check above is only as good as this)', () => {
    expect(
      metricNames(
        'histogram_quantile(0.95, sum by (le, route) (rate(portal_http_request_duration_seconds_bucket{route=~"/api/.*"}[$__rate_interval])))',
      ),
    ).toEqual(['portal_http_request_duration_seconds_bucket']);
    expect(metricNames('time() - max(portal_backup_last_success_timestamp_seconds) > 26 * 3600')).toEqual([
      'portal_backup_last_success_timestamp_seconds',
    ]);
    expect(metricNames('a_total / clamp_min(b_total, 1) > 1e3 and on (x) c')).toEqual(['a_total', 'b_total', 'c']);
  });
});

describe('outside every rate limit', () => {
  // Last in the file: it exhausts this address's sign-in budget.
  it('answers health while sign-ins from the same address are refused with 429', async () => {
    const before = await scrape();
    for (let i = 0; i < MAX_FAILURES; i++) {
      const res = await s.api('POST', '/api/auth/jwt/login/', { body: { username: 'hr', password: `Wrong-${i}-x` } });
      expect(res.status).toBe(400);
    }
    const refused = await s.api('POST', '/api/auth/jwt/login/', { body: { username: 'hr', password: DEMO_PASSWORD } });
    expect(refused.status).toBe(429);
    // Hammered well past the limit, in parallel: every answer is 200.
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => s.api('GET', i % 2 ? '/api/health/live' : '/api/health/ready')),
    );
    expect(statuses.filter((r) => r.status !== 200)).toEqual([]);
    const after = await scrape();
    expect(
      valueOf(after.families, 'portal_http_rate_limited_total', { route: '/api/auth/jwt/login/' }) -
        valueOf(before.families, 'portal_http_rate_limited_total', { route: '/api/auth/jwt/login/' }),
    ).toBe(1);
    const failures = (f: Map<string, Family>, reason: string) => valueOf(f, 'portal_login_failures_total', { reason });
    expect(failures(after.families, 'refused') - failures(before.families, 'refused')).toBe(MAX_FAILURES);
    expect(failures(after.families, 'throttled') - failures(before.families, 'throttled')).toBe(1);
  });
});

describe('METRICS_PORT', () => {
  let m: TestServer;
  beforeAll(async () => {
    m = await startTestServer({ METRICS_PORT: '0' });
  });
  afterAll(() => m?.stop());

  it('serves /metrics on its own loopback port only; the main port answers 404', async () => {
    expect(m.app.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const own = await fetch(m.app.metricsUrl!);
    expect(own.status).toBe(200);
    const families = parsePrometheusText(await own.text());
    expect(families.has('portal_http_requests_total')).toBe(true);
    expect((await fetch(m.app.metricsUrl!.replace(/\/metrics$/, '/api/health/live'))).status).toBe(404);
    const main = await m.api('GET', '/metrics');
    expect(main.status).toBe(404);
    expect(main.body.code).toBe('notFound');
  });
});

describe('neither METRICS_TOKEN nor METRICS_PORT', () => {
  it('answers /metrics 404', async () => {
    const app = Fastify();
    await app.register(metricsPlugin, { host: '127.0.0.1' });
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('notFound');
    await app.close();
  });
});
