import fs from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { makeApi, tempDir } from '../harness.js';
import { runCli, spawnServer, type ServerProcess } from '../processes.js';

const dataDir = tempDir();
let server: ServerProcess | undefined;
afterAll(() => {
  server?.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});
const env = { DATA_DIR: dataDir };
const create = (...args: string[]) => runCli(['create-user', ...args], env);

describe('npm run portal -- …', () => {
  it('help lists the commands; an unknown command fails with one line', async () => {
    const help = await runCli(['help'], env);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/create-user[\s\S]*migrate[\s\S]*help/);
    const bad = await runCli(['frobnicate'], env);
    expect(bad.code).toBe(1);
    expect(bad.out.trim().split('\n')).toHaveLength(1);
  });

  it('migrate runs the migrations on the embedded data (no server running)', async () => {
    const first = await runCli(['migrate'], env);
    expect(first.code).toBe(0);
    const again = await runCli(['migrate'], env);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/up to date/);
  });

  it('create-user creates, and refuses a bad type, a short password and a duplicate in one line with exit 1', async () => {
    const ok = await create(
      '--username',
      'cli.hr',
      '--password',
      'Velvet-Canyon-63',
      '--type',
      'HR',
      '--manager',
      '--first-name',
      'Cli',
    );
    expect(ok.code, ok.out).toBe(0);
    expect(ok.out).toMatch(/Created HR user 'cli.hr'/);
    for (const [args, pattern] of [
      [['--username', 'x1', '--password', 'Velvet-Canyon-63', '--type', 'BOSS'], /--type/],
      [['--username', 'x2', '--password', 'short', '--type', 'HR'], /--password/],
      [['--username', 'cli.hr', '--password', 'Velvet-Canyon-63', '--type', 'HR'], /already exists/],
      [['--username', 'x3', '--type', 'HR'], /--password/],
    ] as const) {
      const res = await create(...args);
      expect(res.code, res.out).toBe(1);
      expect(res.out).toMatch(pattern);
      expect(res.out.trim().split('\n'), res.out).toHaveLength(1);
    }
  });

  it('works while the server runs, through its socket, and the server sees the new user', async () => {
    server = await spawnServer(env);
    const res = await create('--username', 'cli.g.i', '--password', 'Velvet-Canyon-63', '--type', 'G.I', '--director');
    expect(res.code, res.out).toBe(0);
    const api = makeApi(server.url);
    const login = await api('POST', '/api/auth/jwt/login/', {
      body: { username: 'cli.g.i', password: 'Velvet-Canyon-63' },
    });
    expect(login.status).toBe(200);
    const me = await api('GET', '/api/auth/me/', { token: login.body.access });
    expect(me.body).toMatchObject({ user_type: 'G.I', is_director: true });
    // The server did not seed demo users: the database was not empty.
    const admin = await api('POST', '/api/auth/jwt/login/', {
      body: { username: 'admin', password: 'Portal#Demo2026' },
    });
    expect(admin.status).toBe(400);
  });

  it('verify-eventlog reports an intact chain, then the first tampered row', async () => {
    const intact = await runCli(['verify-eventlog'], env);
    expect(intact.code, intact.out).toBe(0);
    expect(intact.out).toMatch(/intact: \d+ rows/);
    // Tamper through the running server's socket, as `psql -h DATA_DIR` would.
    const client = new pg.Client({ host: dataDir, port: 5432, user: 'postgres', database: 'postgres' });
    await client.connect();
    const { rows } = await client.query('select id from event_logs order by id limit 1');
    await client.query(`update event_logs set details = '{"forged": true}' where id = $1`, [rows[0].id]);
    await client.end();
    const broken = await runCli(['verify-eventlog'], env);
    expect(broken.code).toBe(1);
    expect(broken.out).toContain(`broken at row ${rows[0].id}`);
  });
});
