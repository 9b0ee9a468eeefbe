/**
 * The plans of the two hot ticket lists (a desk's 20 newest active tickets with
 * their threads, and an owner's active tickets) at 10,000 and at 1,000,000 tickets, read
 * with EXPLAIN (ANALYZE, BUFFERS) on PostgreSQL (BENCH_DATABASE_URL): the SQL is the one the
 * repository sends, captured through Kysely's log hook.
 */
import pg from 'pg';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import '../src/db/database.js'; // pg's type parsers, as the server sets them
import type { DB } from '../src/db/schema.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedDemo } from '../src/seed/demo.js';
import { findUserByUsername } from '../src/features/users/users.repository.js';
import { listActive, type Visibility } from '../src/features/tickets/tickets.repository.js';
import { deskDepartments, noteDepartments } from '../src/features/tickets/ticket-reads.service.js';
import { freshPostgresDatabase } from '../test/harness.js';
import { fill } from './tickets.bench.js';

const SIZES = [10_000, 1_000_000];

interface Plan {
  planning: number;
  execution: number;
  buffers: number;
  top: string;
}

async function explain(client: pg.Client, q: CompiledQuery): Promise<Plan> {
  const runs: Plan[] = [];
  // The best of five: the first run warms the cache, the rest show the steady cost.
  for (let i = 0; i < 5; i++) {
    const r = await client.query(`explain (analyze, buffers, format json) ${q.sql}`, [...q.parameters]);
    const [{ Plan: root, 'Planning Time': planning, 'Execution Time': execution }] = r.rows[0]['QUERY PLAN'];
    const access: string[] = [];
    const walk = (n: Record<string, any>) => {
      if (n['Relation Name'] === 'tickets')
        access.push(`${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : ''}`);
      for (const c of n.Plans ?? []) walk(c);
    };
    walk(root);
    runs.push({
      planning,
      execution,
      buffers: root['Shared Hit Blocks'] + root['Shared Read Blocks'],
      top: access.join(' + '),
    });
  }
  return runs.sort((a, b) => a.execution - b.execution)[0]!;
}

export async function benchPlans(): Promise<string> {
  if (!process.env.BENCH_DATABASE_URL) return 'plans: skipped (needs BENCH_DATABASE_URL, a PostgreSQL server).';
  const database = await freshPostgresDatabase(process.env.BENCH_DATABASE_URL);
  const captured: CompiledQuery[] = [];
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    log: (e) => void (e.level === 'query' && captured.push(e.query)),
  });
  const client = new pg.Client({ connectionString: database.url });
  const lines = [
    'EXPLAIN (ANALYZE, BUFFERS) of the SQL the repository sends, best of 5 runs, PostgreSQL',
    '',
    '| tickets | list | rows | planning ms | execution ms | buffers | tickets read through |',
    '|---|---|---|---|---|---|---|',
  ];
  try {
    await migrateToLatest(db);
    await seedDemo(db);
    await client.connect();
    const admin = (await findUserByUsername(db, 'admin'))!;
    const dev = (await findUserByUsername(db, 'dev'))!;
    const viewer = (u: typeof admin, scope: Visibility['scope']): Visibility => ({
      viewerId: u.id,
      deskDepartments: deskDepartments(u),
      notes: noteDepartments(u),
      scope,
    });
    const lists = {
      "a desk's 20 newest active (IT), with threads and the count": () =>
        listActive(db, viewer(admin, 'desk'), { department: 'IT' }, { sort: 'activity', reversed: false }, 20),
      "an owner's active tickets (20 in all), with threads": () =>
        listActive(db, viewer(dev, 'mine'), {}, { sort: 'activity', reversed: false }, 200),
    };
    let have = 0;
    for (const size of SIZES) {
      await fill(client, size - have, have + 1);
      // What autovacuum does on a live table: statistics and the visibility map (index-only scans).
      await client.query('vacuum analyze');
      have = size;
      for (const [label, run] of Object.entries(lists)) {
        captured.length = 0;
        const { rows } = await run();
        const p = await explain(client, captured.at(-1)!);
        lines.push(
          `| ${size.toLocaleString('en')} | ${label} | ${rows.length} | ${p.planning.toFixed(2)} | ${p.execution.toFixed(2)} | ${p.buffers} | ${p.top} |`,
        );
      }
    }
  } finally {
    await client.end().catch(() => {});
    await db.destroy();
    await database.drop();
  }
  return lines.join('\n');
}

// `node --import tsx bench/plans.bench.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchPlans());
