import autocannon from 'autocannon';
import fs from 'node:fs';
import pg from 'pg';
import { DEMO_PASSWORD, freshPostgresDatabase, makeApi, tempDir } from '../test/harness.js';
import { spawnScript, spawnServer } from '../test/processes.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 20;
const EXISTING = 10_000;

interface Figures {
  rps: number;
  p99: number;
  kib: number;
}

async function load(opts: autocannon.Options): Promise<Figures> {
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${opts.url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99, kib: r.throughput.average / r.requests.average / 1024 };
}

/**
 * `count` (10,000) tickets in one statement: a spread of owners, departments, priorities and
 * statuses (3 in 10 closed), half of them with a desk reply. Everyone but `dev` owns
 * the bulk; `dev` owns 20 (a typical owner's list). Numbered from `from`: a second call
 * with `from` past the first adds older tickets, none of them `dev`'s.
 */
export async function fill(client: pg.Client, count = EXISTING, from = 1) {
  await client.query(
    `with staff as (
       select array_agg(id order by id) as ids from users
        where user_type not in ('INTERPRETER', 'GUEST') and username <> 'dev'
     ), depts as (
       select array_agg(distinct user_type::text order by user_type::text) as names from users
        where user_type not in ('INTERPRETER', 'GUEST')
     )
     insert into tickets (owner_id, department, subject, description, priority, status,
                          created_at, updated_at, first_response_at, closed_at, waiting_since)
     select case when g <= 20 then (select id from users where username = 'dev')
                 else staff.ids[1 + g % cardinality(staff.ids)] end,
            depts.names[1 + g % cardinality(depts.names)],
            'Bench ticket ' || g, repeat('Something is not working as expected. ', 8),
            (array['low','normal','high','urgent'])[1 + g % 4],
            (array['open','open','open','in_progress','answered','answered','open','closed','closed','closed'])[1 + g % 10],
            now() - make_interval(mins => g), now() - make_interval(mins => g),
            case when g % 2 = 0 then now() - make_interval(mins => g) + interval '20 minutes' end,
            case when g % 10 >= 7 then now() - make_interval(mins => g) + interval '3 hours' end,
            case when g % 2 = 1 and g % 10 < 7 then now() - make_interval(mins => g) end
       from generate_series($2::int, $2::int + $1::int - 1) g, staff, depts`,
    [count, from],
  );
  await client.query(
    `insert into ticket_replies (ticket_id, author_id, body, is_desk, created_at)
     select t.id, (select id from users where username = 'admin'), 'We are looking into it.', true, t.first_response_at
       from tickets t
      where t.first_response_at is not null
        and not exists (select 1 from ticket_replies r where r.ticket_id = t.id)`,
  );
  await client.query('analyze tickets; analyze ticket_replies');
}

/** Starts a server on `env`, fills it through `connect`, and measures every target. */
async function measure(env: Record<string, string>, connect: () => pg.Client) {
  const portal = await spawnServer({ LOG_LEVEL: 'warn', ...env });
  try {
    const api = makeApi(portal.url);
    const login = async (username: string) =>
      (await api('POST', '/api/auth/jwt/login/', { body: { username, password: DEMO_PASSWORD } })).body
        .access as string;
    const [admin, dev, hr] = [await login('admin'), await login('dev'), await login('hr')];
    // The server is idle: a second connection (through its socket, when embedded) is safe here.
    const client = connect();
    await client.connect();
    const t0 = performance.now();
    try {
      await fill(client);
    } finally {
      await client.end();
    }
    const fillSeconds = (performance.now() - t0) / 1000;
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const url = (p: string) => `${portal.url}${p}`;
    const figures: [string, Figures][] = [
      [
        'GET /api/auth/me/ (baseline: token + session lookup)',
        await load({ url: url('/api/auth/me/'), headers: auth(dev) }),
      ],
      [
        'GET /api/user/active-tickets/?scope=mine — an owner with 20 of the 10,000',
        await load({ url: url('/api/user/active-tickets/?scope=mine'), headers: auth(dev) }),
      ],
      [
        "GET /api/user/active-tickets/?scope=desk&department=IT&limit=20 — a desk's 20 newest active, with threads",
        await load({ url: url('/api/user/active-tickets/?scope=desk&department=IT&limit=20'), headers: auth(admin) }),
      ],
      [
        'GET /api/user/active-tickets/ — ADMIN (desk of every department): newest 200 of ~7,000, with threads',
        await load({ url: url('/api/user/active-tickets/'), headers: auth(admin) }),
      ],
      [
        'GET /api/user/active-tickets/?scope=desk&status=open&priority=urgent&limit=20 — ADMIN',
        await load({
          url: url('/api/user/active-tickets/?scope=desk&status=open&priority=urgent&limit=20'),
          headers: auth(admin),
        }),
      ],
      // Last, since it adds tickets (each: ticket, event-log link, notification, bus event).
      [
        'POST /api/user/create_ticket/ (JSON)',
        await load({
          url: url('/api/user/create_ticket/'),
          method: 'POST',
          headers: { ...auth(hr), 'content-type': 'application/json' },
          body: JSON.stringify({
            department: 'IT',
            subject: 'Bench: printer',
            description: 'Blank pages.',
            priority: 'normal',
          }),
        }),
      ],
    ];
    return { figures, fillSeconds };
  } finally {
    portal.child.kill('SIGTERM');
    await portal.exited;
  }
}

/**
 * Ticket creation and active-ticket listing throughput through the API (autocannon)
 * with 10,000 existing tickets (bulk-inserted with SQL), beside GET /api/auth/me/ on the
 * same server as the baseline. Embedded database; also PostgreSQL when
 * BENCH_DATABASE_URL names a server (a fresh database is created there and dropped).
 */
export async function benchTickets(): Promise<string> {
  const dataDir = tempDir('portal-bench-');
  // The baseline of every ratio: a bare Fastify hello-world, measured in this run.
  const hello = await spawnScript('bench/hello.ts');
  let base: Figures;
  try {
    base = await load({ url: `${hello.url}/hello` });
  } finally {
    hello.child.kill('SIGTERM');
    await hello.exited;
  }
  const lines = [
    `autocannon: ${CONNECTIONS} connections, ${SECONDS} s per target, ${EXISTING.toLocaleString('en')} tickets already there; ` +
      `bare Fastify hello-world in the same run: ${base.rps.toFixed(0)} req/s`,
    '',
  ];
  const table = (title: string, r: { figures: [string, Figures][]; fillSeconds: number }) => {
    lines.push(`${title} (bulk insert of the tickets and their replies: ${r.fillSeconds.toFixed(1)} s)`, '');
    lines.push('| target | req/s | p99 ms | KiB/answer | ÷ hello-world |', '|---|---|---|---|---|');
    for (const [label, f] of r.figures)
      lines.push(
        `| ${label} | ${f.rps.toFixed(0)} | ${f.p99} | ${f.kib.toFixed(1)} | ${(f.rps / base.rps).toFixed(3)} |`,
      );
    lines.push('');
  };
  try {
    table(
      'Embedded database (PGlite)',
      await measure(
        { DATA_DIR: dataDir },
        () => new pg.Client({ host: dataDir, port: 5432, user: 'postgres', database: 'postgres' }),
      ),
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.env.BENCH_DATABASE_URL) {
    const database = await freshPostgresDatabase(process.env.BENCH_DATABASE_URL);
    const pgDir = tempDir('portal-bench-');
    try {
      table(
        'PostgreSQL (DATABASE_URL)',
        await measure(
          { DATA_DIR: pgDir, DATABASE_URL: database.url, PORTAL_SEED_DEMO: '1' },
          () => new pg.Client({ connectionString: database.url }),
        ),
      );
    } finally {
      await database.drop();
      fs.rmSync(pgDir, { recursive: true, force: true });
    }
  }
  return lines.join('\n').trimEnd();
}

// `node --import tsx bench/tickets.bench.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchTickets());
