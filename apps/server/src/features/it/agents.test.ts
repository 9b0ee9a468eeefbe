import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itAgentEndpoints as A, itEndpoints as I, type TAgentEnrollRequest } from '@portal/contracts';
import { call, callAs } from '../../../test/client.js';
import { openSocket, startTestServer, type TestServer } from '../../../test/harness.js';
import { agentSocket as openAgentSocket, appEvent, enrollAgent, enrollBody } from '../../../test/agent-socket.js';
import { maintainTelemetry } from './telemetry.service.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

const enroll = (username: string, extra: Partial<TAgentEnrollRequest> = {}) => enrollAgent(s, username, extra);
const agentSocket = (credential: string) => openAgentSocket(s, credential);
const app = (seq: number, title: string, at?: string) => appEvent(seq, title, at);

const stored = async (agentId: number) =>
  (
    await sql<{ seq: number; title: string; at: Date }>`
      select seq, title, at from it_app_events where agent_id = ${agentId} order by seq`.execute(s.database.db)
  ).rows;

describe('agent enrolment', () => {
  it('exchanges the password once for a credential; only its hash is kept', async () => {
    const r = await enroll('hr');
    expect(r.username).toBe('hr');
    expect(r.credential).toMatch(/^agt_[A-Za-z0-9_-]{43}$/);
    const row = await sql<{ credential_hash: string }>`
      select credential_hash from it_agents where id = ${r.agent_id}`.execute(s.database.db);
    expect(row.rows[0]!.credential_hash).not.toContain(r.credential);
    expect(row.rows[0]!.credential_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a wrong password on the form, a guest with 403, and bad fields with 400 — creating nothing', async () => {
    const before = (await sql<{ n: number }>`select count(*) as n from it_agents`.execute(s.database.db)).rows[0]!.n;
    const wrong = await call(s.api, A.enrollAgent, { body: enrollBody('hr', { password: 'nope' }) });
    expect(wrong.status).toBe(400);
    // A platform outside the contract's choices: sent as it comes.
    const bad = await s.api('POST', '/api/it/agents/enroll/', {
      body: { ...enrollBody('hr', { machine_id: 'x' }), platform: 'amiga' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.extra.fields).sort()).toEqual(['machine_id', 'platform']);
    const after = (await sql<{ n: number }>`select count(*) as n from it_agents`.execute(s.database.db)).rows[0]!.n;
    expect(after).toBe(before);
  });

  it('admits interpreters, and enrolling a machine again revokes its previous credential at once', async () => {
    const first = await enroll('interpreter01', { machine_id: 'same-machine-0001' });
    const a = await agentSocket(first.credential);
    const second = await enroll('interpreter01', { machine_id: 'same-machine-0001' });
    expect(second.agent_id).not.toBe(first.agent_id);
    expect((await a.sock.closed).code).toBe(4401);
    const again = openSocket(s.url, '/ws/agent/', first.credential);
    expect((await again.closed).code).toBe(4401);
  });
});

describe('agents list and revocation', () => {
  it('lists machines for IT and ADMIN only; revoking closes the agent with 4401', async () => {
    const r = await enroll('quality');
    const a = await agentSocket(r.credential);
    const list = await callAs(s, 'it', A.listAgents);
    expect(list.status).toBe(200);
    const mine = list.body.find((x) => x.id === r.agent_id);
    expect(mine).toMatchObject({ username: 'quality', hostname: 'desk-07', connected: true, revoked_at: null });
    expect((await callAs(s, 'hr', A.listAgents)).status).toBe(403);
    const revoke = async (id: number, who: string) => (await callAs(s, who, A.revokeAgent, { params: { id } })).status;
    expect(await revoke(r.agent_id, 'hr')).toBe(403);
    expect(await revoke(999999, 'it')).toBe(404);

    expect(await revoke(r.agent_id, 'admin')).toBe(204);
    expect((await a.sock.closed).code).toBe(4401);
    const after = (await callAs(s, 'it', A.listAgents)).body;
    expect(after.find((x) => x.id === r.agent_id)?.revoked_at).toEqual(expect.any(String));
  });
});

describe('telemetry ingest', () => {
  it('stores each event once: a resent batch and a replay that overlaps are acknowledged, not doubled', async () => {
    const r = await enroll('it');
    const a = await agentSocket(r.credential);
    expect(a.welcome.last_seq).toBe(0);
    expect(a.welcome.settings.call_processes).toContain('zoiper');
    const first = await a.send([app(1, 'Inbox'), app(2, 'CRM')]);
    expect(first).toMatchObject({ last_seq: 2, accepted: 2, duplicates: 0 });
    const resent = await a.send([app(1, 'Inbox'), app(2, 'CRM')]);
    expect(resent).toMatchObject({ last_seq: 2, accepted: 0, duplicates: 2 });
    const overlap = await a.send([app(2, 'CRM'), app(3, 'Excel')]);
    expect(overlap).toMatchObject({ last_seq: 3, accepted: 1, duplicates: 1 });
    expect((await stored(r.agent_id)).map((e) => [e.seq, e.title])).toEqual([
      [1, 'Inbox'],
      [2, 'CRM'],
      [3, 'Excel'],
    ]);
    // A reconnecting agent learns the high-water mark.
    a.sock.ws.close();
    const b = await agentSocket(r.credential);
    expect(b.welcome.last_seq).toBe(3);
    b.sock.ws.close();
  });

  it("corrects the agent's clock by the measured offset, never into the future", async () => {
    const r = await enroll('manager.wfm');
    const a = await agentSocket(r.credential);
    // The agent's clock runs one hour fast: its "now" is an hour ahead of the server's.
    const skew = 3600_000;
    const agentNow = new Date(Date.now() + skew);
    const tenMinutesAgo = new Date(agentNow.getTime() - 600_000).toISOString();
    await a.send([app(1, 'Report', tenMinutesAgo)], agentNow.toISOString());
    const [event] = await stored(r.agent_id);
    const expected = Date.now() - 600_000;
    expect(Math.abs(event!.at.getTime() - expected)).toBeLessThan(5_000);
    a.sock.ws.close();
  });

  it('never stores a title that matches a redaction rule', async () => {
    const rule = await callAs(s, 'it', I.createRedactionRule, {
      body: { pattern: 'online banking', description: 'Banks' },
    });
    expect(rule.status).toBe(201);
    const r = await enroll('manager.hr');
    const a = await agentSocket(r.credential);
    await a.send([{ ...app(1, 'My Online Banking — Statement'), url: 'https://bank.example/statement' }]);
    const rows = await sql<{ title: string; url: string | null }>`
      select title, url from it_app_events where agent_id = ${r.agent_id}`.execute(s.database.db);
    expect(rows.rows).toEqual([{ title: '[redacted]', url: null }]);
    a.sock.ws.close();
  });

  it('moves the machine through active, idle and locked, and answers a malformed batch with an error frame', async () => {
    const r = await enroll('manager.ops');
    const a = await agentSocket(r.credential);
    const t0 = Date.now() - 60_000;
    const activity = (seq: number, state: string, ms: number) => ({
      kind: 'activity',
      seq,
      at: new Date(t0 + ms).toISOString(),
      state,
      idle_seconds: 0,
    });
    await a.send([activity(1, 'active', 0), activity(2, 'idle', 10_000), activity(3, 'locked', 20_000)]);
    // The machine's own state, on its agent's row.
    const status = await sql<{ state: string }>`
      select state from it_agents where id = ${r.agent_id}`.execute(s.database.db);
    expect(status.rows).toEqual([{ state: 'locked' }]);
    a.sock.ws.send(JSON.stringify({ command: 'events', batch: 'x', agent_time: 'now', events: [{ kind: 'weird' }] }));
    expect((await a.sock.next((m) => m.message?.command === 'error')).message.data).toBe('Malformed agent message.');
    expect(a.sock.ws.readyState).toBe(a.sock.ws.OPEN);
    a.sock.ws.close();
  });
});

describe('retention', () => {
  it('drops whole day partitions past IT_RETENTION_DAYS and keeps recent ones', async () => {
    const r = await enroll('dev');
    const a = await agentSocket(r.credential);
    const now = new Date();
    const old = new Date(now.getTime() - 120 * 86_400_000);
    // Stored with the clock a day ahead of retention by asking maintenance about a later "now".
    await a.send([app(1, 'Today')]);
    a.sock.ws.close();
    const { dropped: none } = await maintainTelemetry(s.app.ctx, now);
    expect(none).toEqual([]);
    const later = new Date(now.getTime() + 91 * 86_400_000);
    const { dropped } = await maintainTelemetry(s.app.ctx, later);
    const day = now.toISOString().slice(0, 10).replaceAll('-', '');
    expect(dropped).toEqual(
      expect.arrayContaining([`it_app_events_p${day}`, `it_activity_events_p${day}`, `it_samples_p${day}`]),
    );
    expect(await stored(r.agent_id)).toEqual([]);
    expect(old.getTime()).toBeLessThan(now.getTime());
  });
});
