import type { TAgentEvent } from '@portal/contracts';
import { insertAgent } from '../src/features/it/agents.repository.js';
import { ensurePartitions, ingestBatch } from '../src/features/it/telemetry.service.js';
import { insertAppEvents, type AppRow } from '../src/features/it/telemetry.repository.js';
import { factories } from '../test/factories.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { loopDelayDuring } from './loop-delay.js';

/**
 * IT telemetry ingest: 200 simulated agents each send batches of 200 app-usage
 * events through the ingest service (seq check under the agent's row lock, clock
 * correction, redaction, multi-row inserts, status and bus event: everything but the
 * websocket framing), beside the same rows written by bare multi-row INSERTs with the same
 * batch size and concurrency (the baseline). On the embedded database, the event loop's
 * delay while it ingests.
 */
const AGENTS = 200;
const BATCH = 200;
const CONCURRENCY = 10;

function appEvents(firstSeq: number, n: number, at: number): TAgentEvent[] {
  return Array.from({ length: n }, (_, i) => ({
    kind: 'app' as const,
    seq: firstSeq + i,
    at: new Date(at + i * 1000).toISOString(),
    heartbeat: i % 2 === 1,
    title: `Customer record ${firstSeq + i} — CRM — Chromium`,
    process: 'chromium',
    pid: 4242,
    memory_bytes: 512 * 2 ** 20,
    url: 'https://crm.example.com/accounts/318',
    opened_apps: i % 20 === 0 ? ['chromium', 'zoiper', 'outlook'] : [],
  }));
}

/** Runs `jobs` with at most CONCURRENCY at once. */
async function pool(jobs: (() => Promise<unknown>)[]) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < jobs.length) await jobs[next++]!();
    }),
  );
}

async function measure(s: TestServer, batchesPerAgent: number) {
  const make = factories(s.database.db);
  const agents: { agentId: number; userId: number; username: string }[] = [];
  for (let i = 0; i < AGENTS; i++) {
    const u = await make.user({ user_type: 'OPERATION' });
    const agentId = await insertAgent(s.database.db, {
      user_id: u.id,
      machine_id: `bench-${i}`,
      hostname: `bench-${i}`,
      platform: 'linux',
      version: 'bench',
      credential_hash: `bench-hash-${i}-${Date.now()}`,
    });
    agents.push({ agentId, userId: u.id, username: u.username });
  }
  const start = Date.now() - 3600_000;
  await ensurePartitions(s.app.ctx, [new Date(start), new Date()]);
  const total = AGENTS * batchesPerAgent * BATCH;
  const jobs = agents.flatMap((a) =>
    Array.from({ length: batchesPerAgent }, (_, b) => async () => {
      const events = appEvents(b * BATCH + 1, BATCH, start + b * BATCH * 1000);
      await ingestBatch(s.app.ctx, { ...a, isInterpreter: false }, { agent_time: new Date().toISOString(), events });
    }),
  );
  // Each agent's batches in order: interleave agents, one batch per agent at a time.
  const ordered = Array.from({ length: batchesPerAgent }, (_, b) =>
    jobs.filter((_, i) => i % batchesPerAgent === b),
  ).flat();
  const t0 = performance.now();
  const delay = await loopDelayDuring(() => pool(ordered));
  const ingestSeconds = (performance.now() - t0) / 1000;

  // The baseline: the same rows, bare multi-row INSERTs, same batch size and concurrency.
  const bare = agents.flatMap((a) =>
    Array.from({ length: batchesPerAgent }, (_, b) => async () => {
      const rows: AppRow[] = appEvents(b * BATCH + 1, BATCH, start + b * BATCH * 1000).map((e) => {
        const app = e as Extract<TAgentEvent, { kind: 'app' }>;
        return {
          agent_id: a.agentId,
          user_id: a.userId,
          seq: app.seq,
          at: new Date(app.at),
          heartbeat: app.heartbeat,
          title: app.title,
          process: app.process,
          pid: app.pid,
          memory_bytes: app.memory_bytes,
          url: app.url,
          opened_apps: app.opened_apps.length ? JSON.stringify(app.opened_apps) : null,
        };
      });
      await insertAppEvents(s.database.db, rows);
    }),
  );
  const t1 = performance.now();
  await pool(bare);
  const bareSeconds = (performance.now() - t1) / 1000;
  return { total, ingest: total / ingestSeconds, bare: total / bareSeconds, delay };
}

export async function benchItIngest(): Promise<string> {
  const lines = [
    `${AGENTS} agents × batches of ${BATCH} app-usage events, ${CONCURRENCY} batches in flight, through the ingest service`,
    '',
    '| database | events | ingest events/s | bare INSERT events/s (baseline) | ratio | loop delay p99 / max ms |',
    '|---|---|---|---|---|---|',
  ];
  const row = (label: string, r: Awaited<ReturnType<typeof measure>>) =>
    lines.push(
      `| ${label} | ${r.total.toLocaleString('en')} | ${r.ingest.toFixed(0)} | ${r.bare.toFixed(0)} | ${(r.ingest / r.bare).toFixed(2)} | ${r.delay.p99.toFixed(1)} / ${r.delay.max.toFixed(1)} |`,
    );
  const pgUrl = process.env.BENCH_DATABASE_URL;
  const saved = process.env.TEST_DATABASE_URL;
  delete process.env.TEST_DATABASE_URL;
  const embedded = await startTestServer({ LOG_LEVEL: 'warn' });
  try {
    row('embedded (PGlite in its worker)', await measure(embedded, 2));
  } finally {
    await embedded.stop();
  }
  if (pgUrl) {
    process.env.TEST_DATABASE_URL = pgUrl;
    const onPg = await startTestServer({ LOG_LEVEL: 'warn' });
    try {
      row('PostgreSQL', await measure(onPg, 10));
    } finally {
      await onPg.stop();
    }
  }
  if (saved === undefined) delete process.env.TEST_DATABASE_URL;
  else process.env.TEST_DATABASE_URL = saved;
  return lines.join('\n');
}
