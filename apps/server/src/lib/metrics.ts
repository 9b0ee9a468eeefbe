import client from 'prom-client';

/**
 * The server's Prometheus metrics: one registry per process (not prom-client's global one),
 * its metrics created once at module load. Several apps built in one process (tests) share
 * it, so creating an app never registers a metric twice; values are per process, and
 * Prometheus scrapes each server process on its own. Gauges that read live state (pool,
 * queue depth) sum over the sources each app registers and unregisters on close.
 * Labels carry route patterns, queue and channel names only: never URLs, users or secrets.
 */
export const registry = new client.Registry();

client.collectDefaultMetrics({ register: registry });

const ms = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const httpRequests = new client.Counter({
  name: 'portal_http_requests_total',
  help: 'HTTP requests answered, by route pattern, method and status code.',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new client.Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route pattern and method.',
  labelNames: ['route', 'method'] as const,
  buckets: ms,
  registers: [registry],
});

export const rateLimited = new client.Counter({
  name: 'portal_http_rate_limited_total',
  help: 'Requests refused with 429 (too many requests), by route pattern.',
  labelNames: ['route'] as const,
  registers: [registry],
});

export const loginFailures = new client.Counter({
  name: 'portal_login_failures_total',
  help: 'Failed sign-in attempts, by reason (refused: wrong or invalid credentials; throttled: answered 429).',
  labelNames: ['reason'] as const,
  registers: [registry],
});

export const wsConnections = new client.Gauge({
  name: 'portal_ws_connections',
  help: 'Open websocket connections on this process, by channel.',
  labelNames: ['channel'] as const,
  registers: [registry],
});

export const busPublished = new client.Counter({
  name: 'portal_bus_events_published_total',
  help: 'Events this process published on the event bus.',
  registers: [registry],
});

export const busReceived = new client.Counter({
  name: 'portal_bus_events_received_total',
  help: 'Events this process received from the event bus.',
  registers: [registry],
});

export const busLag = new client.Histogram({
  name: 'portal_bus_lag_seconds',
  help: 'Delay between an event being published and this process receiving it.',
  buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const jobsSent = new client.Counter({
  name: 'portal_jobs_sent_total',
  help: 'Jobs this process sent, by queue.',
  labelNames: ['queue'] as const,
  registers: [registry],
});

export const jobsRunning = new client.Gauge({
  name: 'portal_jobs_running',
  help: 'Jobs running now in this process, by queue.',
  labelNames: ['queue'] as const,
  registers: [registry],
});

export const jobsCompleted = new client.Counter({
  name: 'portal_jobs_completed_total',
  help: 'Jobs this process finished, by queue and result (success, failure).',
  labelNames: ['queue', 'result'] as const,
  registers: [registry],
});

export const jobDuration = new client.Histogram({
  name: 'portal_job_duration_seconds',
  help: 'Time a job handler ran, by queue.',
  labelNames: ['queue'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [registry],
});

export const ocrPages = new client.Counter({
  name: 'portal_ocr_pages_total',
  help: 'Pages the OCR pipeline recognised.',
  registers: [registry],
});

export const poolAcquireWait = new client.Histogram({
  name: 'portal_db_pool_acquire_seconds',
  help: 'Time waited for a database connection from the pool.',
  buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const backups = new client.Counter({
  name: 'portal_backups_total',
  help: 'Backups this process ran, by result (success, failure).',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const backupLastSuccess = new client.Gauge({
  name: 'portal_backup_last_success_timestamp_seconds',
  help: 'Unix time of the last successful backup this process ran (0: none yet).',
  registers: [registry],
});

export const backupLastSize = new client.Gauge({
  name: 'portal_backup_last_size_bytes',
  help: 'Size of the last successful backup this process wrote.',
  registers: [registry],
});

for (const r of ['success', 'failure']) backups.inc({ result: r }, 0);
backupLastSuccess.set(0);
backupLastSize.set(0);

/** Called by the backup job when a backup ends. */
export function recordBackup(result: 'success' | 'failure', bytes?: number): void {
  backups.inc({ result });
  if (result === 'success') {
    backupLastSuccess.set(Date.now() / 1000);
    if (bytes !== undefined) backupLastSize.set(bytes);
  }
}

/** Live readings an app contributes to gauges at scrape time; removed when the app closes. */
export interface MetricsSource {
  pool?: () => { inUse: number; idle: number; waiting: number };
  queueDepth?: () => Promise<Record<string, number>>;
}

const sources = new Set<MetricsSource>();

/** Adds an app's live readings; returns the function that removes them. */
export function addMetricsSource(source: MetricsSource): () => void {
  sources.add(source);
  return () => sources.delete(source);
}

new client.Gauge({
  name: 'portal_db_pool_connections',
  help: 'Database pool connections of this process, by state (in_use, idle, waiting).',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const total = { in_use: 0, idle: 0, waiting: 0 };
    for (const s of sources) {
      const p = s.pool?.();
      if (!p) continue;
      total.in_use += p.inUse;
      total.idle += p.idle;
      total.waiting += p.waiting;
    }
    for (const [state, v] of Object.entries(total)) this.set({ state }, v);
  },
});

new client.Gauge({
  name: 'portal_jobs_queued',
  help: 'Jobs waiting in the shared queue (all processes see the same), by queue.',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const s of sources) {
      if (!s.queueDepth) continue;
      const depth = await s.queueDepth().catch(() => ({}) as Record<string, number>);
      for (const [queue, n] of Object.entries(depth)) this.set({ queue }, n);
    }
  },
});

export const metricsContentType = registry.contentType;

/** Times every wait for a pool connection (Kysely and pg's own `query` both go through `connect`). */
export function measurePoolAcquire(pool: {
  connect: (...args: any[]) => any;
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}): MetricsSource['pool'] {
  const connect = pool.connect.bind(pool) as (...args: any[]) => any;
  pool.connect = (...args: any[]) => {
    const end = poolAcquireWait.startTimer();
    const cb = args[0] as ((err: unknown, client: unknown, done: unknown) => void) | undefined;
    if (typeof cb === 'function') {
      return connect((err: unknown, client: unknown, done: unknown) => {
        end();
        cb(err, client, done);
      });
    }
    return (connect() as Promise<unknown>).finally(end);
  };
  return () => ({
    inUse: pool.totalCount - pool.idleCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  });
}
