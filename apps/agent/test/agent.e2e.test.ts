import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../server/test/harness.js';
import { DiskQueue } from '../src/queue.js';
import { enrollAgent, startAgent, type AgentProcess } from './agent-process.js';
import { startDesktop, until, type Desktop } from './desktop.js';

/**
 * The agent as users run it (its command line, as a child process) on a real X desktop
 * (Xvfb + openbox), against a real server and database.
 */
// Every wait inside is on a condition; these outer bounds hold on a loaded 2-core machine.
describe('the agent against a real server on a real X desktop', { timeout: 300_000 }, () => {
  let server: TestServer;
  let desktop: Desktop;
  const homes: string[] = [];
  const agents: AgentProcess[] = [];

  beforeAll(async () => {
    [server, desktop] = await Promise.all([
      // The backlog test sends 20,000 events at once: past the default per-second cap, which has tests of its own.
      startTestServer({ IT_IDLE_AFTER_SECONDS: '10', IT_AGENT_MAX_EVENTS_PER_SECOND: '100000' }),
      startDesktop(),
    ]);
  });
  afterEach(async () => {
    await Promise.all(agents.splice(0).map((a) => a.stop('SIGKILL')));
  });
  afterAll(async () => {
    await desktop?.stop();
    await server?.stop();
    for (const h of homes) fs.rmSync(h, { recursive: true, force: true });
  });

  const db = () => server.database.db;

  async function enrolled(username: string) {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-home-'));
    homes.push(home);
    const env = { PORTAL_AGENT_MACHINE_ID: `test-machine-${username}-${path.basename(home)}` };
    const r = await enrollAgent({ serverUrl: server.url, home, username, password: DEMO_PASSWORD, env });
    expect(r.code, r.output).toBe(0);
    const config = JSON.parse(fs.readFileSync(path.join(home, 'config.json'), 'utf8'));
    // The password is never kept; the config and its directory are the owner's alone.
    expect(fs.readFileSync(path.join(home, 'config.json'), 'utf8')).not.toContain(DEMO_PASSWORD);
    expect(fs.statSync(path.join(home, 'config.json')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(home).mode & 0o777).toBe(0o700);
    return { home, env, agentId: config.agent_id as number };
  }

  function run(home: string, env: Record<string, string>) {
    const a = startAgent({ serverUrl: server.url, home, display: desktop.display, env });
    agents.push(a);
    return a;
  }

  const switches = async (agentId: number) =>
    (
      await sql<{ seq: number; title: string; process: string }>`
        select seq, title, process from it_app_events where agent_id = ${agentId} and not heartbeat order by seq`.execute(
        db(),
      )
    ).rows;

  it('reports two real window switches with their titles, and it-list shows previous_*', async () => {
    const { home, env, agentId } = await enrolled('hr');
    await desktop.openWindow('Alpha report');
    await desktop.openWindow('Beta — ledger');
    await desktop.activate('Alpha report');
    const agent = run(home, env);
    await agent.waitFor(/connected to/);
    await until('the first window stored', async () =>
      (await switches(agentId)).some((s) => s.title === 'Alpha report') ? true : undefined,
    );
    await desktop.activate('Beta — ledger');
    await until('the switch stored', async () =>
      (await switches(agentId)).some((s) => s.title === 'Beta — ledger') ? true : undefined,
    );
    const rows = await switches(agentId);
    expect(rows.map((r) => [r.title, r.process])).toEqual([
      ['Alpha report', 'xmessage'],
      ['Beta — ledger', 'xmessage'],
    ]);
    expect(rows[1]!.seq).toBeGreaterThan(rows[0]!.seq);

    const list = await server.api('GET', '/api/script/it-list/', { token: await server.token('it') });
    expect(list.status).toBe(200);
    // Spec §7: a list of records, each with its username.
    const usage = (list.body as any[]).find((r) => r.username === 'hr').app_usage as any[];
    expect(usage.at(-1)).toMatchObject({
      active_app_title: 'Beta — ledger',
      active_app_process: 'xmessage',
      previous_active_app_title: 'Alpha report',
      previous_active_app_process: 'xmessage',
    });
    expect(usage.at(-1).opened_apps).toEqual(['xmessage']);
  });

  it('goes idle when nothing moves and active again on a mouse move', async () => {
    const { home, env, agentId } = await enrolled('quality');
    await desktop.moveMouse();
    const agent = run(home, env);
    await agent.waitFor(/connected to/);
    const states = async () =>
      (
        await sql<{ seq: number; state: string; idle_seconds: number }>`
          select seq, state, idle_seconds from it_activity_events where agent_id = ${agentId} order by seq`.execute(
          db(),
        )
      ).rows;
    const idle = await until('idle', async () => (await states()).find((s) => s.state === 'idle'));
    // The server's IT_IDLE_AFTER_SECONDS (10) reached the agent in its welcome.
    expect(idle.idle_seconds).toBeGreaterThanOrEqual(10);
    await desktop.moveMouse();
    const back = await until('active again', async () =>
      (await states()).find((s) => s.seq > idle.seq && s.state === 'active'),
    );
    expect(back.idle_seconds).toBeLessThan(10);
    expect((await states()).map((s) => s.state)).toEqual(['active', 'idle', 'active']);
  });

  /**
   * Waits until `count()` reaches `target`, failing only when it stops moving for `stallMs`:
   * 20,000 events take 9 s on a quiet machine and over a minute on a loaded one, so a bound
   * on the whole would be either flaky or huge, while a stall is what a real fault looks like.
   */
  async function untilCountReaches(what: string, count: () => Promise<number>, target: number, stallMs = 90_000) {
    let last = -1;
    let movedAt = Date.now();
    for (;;) {
      const n = await count();
      if (n >= target) return;
      if (n !== last) [last, movedAt] = [n, Date.now()];
      else if (Date.now() - movedAt > stallMs) throw new Error(`${what}: stuck at ${n} of ${target} for ${stallMs} ms`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  // The outer bound only: progress is what the test waits on.
  it('loses and doubles nothing when killed (SIGKILL) mid-stream and restarted', { timeout: 900_000 }, async () => {
    const { home, env, agentId } = await enrolled('dev');
    // A backlog as after a long time offline: many batches to send.
    const N = 20_000;
    const queue = new DiskQueue(path.join(home, 'queue'));
    const t0 = Date.now() - N;
    for (let i = 1; i <= N; i++) {
      queue.append({
        kind: 'app',
        at: new Date(t0 + i).toISOString(),
        heartbeat: false,
        title: `bulk ${i}`,
        process: 'bulk',
        pid: null,
        memory_bytes: null,
        url: null,
        opened_apps: [],
      });
    }
    queue.close();
    const bulk = async () =>
      Number(
        (
          await sql<{
            n: string;
          }>`select count(*) as n from it_app_events where agent_id = ${agentId} and process = 'bulk'`.execute(db())
        ).rows[0]!.n,
      );
    const first = run(home, env);
    await until('part of the backlog stored', async () => ((await bulk()) > 0 ? true : undefined), 120_000);
    await first.stop('SIGKILL');
    const atKill = await bulk();
    expect(atKill).toBeLessThan(N); // really interrupted mid-stream

    const second = run(home, env);
    await untilCountReaches('the whole backlog stored', bulk, N);
    await second.waitFor(/connected to/);
    const { rows } = await sql<{ n: number; distinct_seqs: number; lo: number; hi: number }>`
      select count(*) as n, count(distinct seq) as distinct_seqs, min(seq) as lo, max(seq) as hi
      from it_app_events where agent_id = ${agentId} and process = 'bulk'`.execute(db());
    expect(rows[0]).toEqual({ n: N, distinct_seqs: N, lo: 1, hi: N });
    // Every title arrived once, with its own seq.
    const mismatched = await sql<{ n: number }>`
      select count(*) as n from it_app_events
      where agent_id = ${agentId} and process = 'bulk' and title <> 'bulk ' || seq`.execute(db());
    expect(mismatched.rows[0]!.n).toBe(0);
  });

  it('stops with exit code 2 when its credential is revoked, and is refused on restart', async () => {
    const { home, env, agentId } = await enrolled('manager.wfm');
    const agent = run(home, env);
    await agent.waitFor(/connected to/);
    const revoke = await server.api('DELETE', `/api/it/agents/${agentId}/`, { token: await server.token('it') });
    expect(revoke.status).toBe(204);
    expect(await agent.exited).toBe(2);
    expect(agent.output()).toMatch(/refused this agent's credential \(4401/);
    const again = run(home, env);
    expect(await again.exited).toBe(2);
  });
});
