import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authEndpoints as A,
  eventLogEndpoints as E,
  leaveEndpoints,
  ticketEndpoints,
  userEndpoints as U,
  type TEventLogQuery,
} from '@portal/contracts';
import { call } from '../../../test/client.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { verifyChain } from './event-log-chain.js';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
});
afterAll(() => s?.stop());

const logs = (token: string, query: TEventLogQuery = {}) => call(s.api, E.listEventLogs, { token, query });

describe('recording', () => {
  it('records logins, failed logins, logouts, password changes and account changes with who, what, where', async () => {
    const refused = await call(s.api, A.login, {
      body: { username: 'vendor', password: 'nope-nope' },
      headers: { 'user-agent': 'probe/1.0' },
    });
    expect(refused.status).toBe(400);
    const t = await s.login('vendor');
    expect((await call(s.api, U.updateMe, { token: t, body: { phone: '+1 555' } })).status).toBe(200);
    expect((await call(s.api, A.logout, { token: t })).status).toBe(200);
    const res = await logs(admin, { actor: 'vendor' });
    const actions = res.body.results.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['auth.login', 'profile.updated', 'auth.logout']));
    const failed = await logs(admin, { action: 'auth.login_failed' });
    const row = failed.body.results.find((r) => r.details.username === 'vendor');
    expect(row).toMatchObject({ actor_username: '', target_type: 'user', ip: '127.0.0.1', user_agent: 'probe/1.0' });
    expect(row?.details.reason).toBe('wrong password');
    const logout = res.body.results.find((r) => r.action === 'auth.logout');
    expect(logout).toMatchObject({ actor_username: 'vendor', target_type: 'user', ip: '127.0.0.1' });
    expect(new Date(logout!.at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('records in the same transaction: a rejected change leaves no record', async () => {
    const before = await logs(admin, { action: 'account.created' });
    const dup = await call(s.api, U.createAdminAccount, {
      token: admin,
      body: { username: 'dup.mail', email: 'hr@portal.example', password: 'Tidal-Pine-55', user_type: 'HR' },
    });
    expect(dup.status).toBe(400);
    const after = await logs(admin, { action: 'account.created' });
    expect(after.body.results).toHaveLength(before.body.results.length);
    const ok = await call(s.api, U.createAdminAccount, {
      token: admin,
      body: { username: 'ok.mail', email: 'ok.mail@x.example', password: 'Tidal-Pine-55', user_type: 'HR' },
    });
    const created = await logs(admin, { action: 'account.created', target_id: String(ok.body.id) });
    expect(created.body.results).toHaveLength(1);
    expect(created.body.results[0]!.details).toMatchObject({ username: 'ok.mail', user_type: 'HR' });
    expect(JSON.stringify(created.body.results[0])).not.toContain('Tidal-Pine-55');
  });
});

describe('names', () => {
  it('names the records a page points at, its targets and the ids in its details, by the features that own them', async () => {
    const hr = await s.login('hr');
    const ticket = await call(s.api, ticketEndpoints.createTicket, {
      token: hr,
      body: { department: 'IT', subject: 'Badge reader at gate 3', description: 'It beeps red.', priority: 'normal' },
    });
    expect(ticket.status).toBe(201);
    const types = (await call(s.api, leaveEndpoints.listLeaveTypes, { token: hr })).body;
    const annual = types.find((t) => t.code === 'annual')!;
    // A Sunday two years ahead: a working day with the default weekend, far from any demo leave.
    const day = new Date(Date.UTC(new Date().getUTCFullYear() + 2, 7, 1));
    while (day.getUTCDay() !== 0) day.setUTCDate(day.getUTCDate() + 1);
    const date = day.toISOString().slice(0, 10);
    const leave = await call(s.api, leaveEndpoints.createLeave, {
      token: hr,
      body: { leave_type: annual.id, start_date: date, end_date: date, reason: 'Family matters.' },
    });
    expect(leave.status).toBe(201);
    const me = (await call(s.api, U.getMe, { token: hr })).body;

    const page = await logs(admin, { action: 'leave.submitted', target_id: String(leave.body.id) });
    expect(page.body.results[0]!.details).toMatchObject({ user: me.id, leave_type: annual.id });
    expect(page.body.names).toEqual({
      [`leave:${leave.body.id}`]: { name: 'Hala Rashed', code: null },
      [`user:${me.id}`]: { name: 'Hala Rashed', code: null },
      [`leave_type:${annual.id}`]: { name: 'Annual leave', code: 'annual' },
    });
    const created = await logs(admin, { action: 'ticket.created', target_id: String(ticket.body.id) });
    expect(created.body.names).toEqual({
      [`ticket:${ticket.body.id}`]: { name: 'Badge reader at gate 3', code: null },
    });
    // A record gone since has no name: readers show its number.
    const gone = await logs(admin, { action: 'ticket.created', target_id: '999999' });
    expect(gone.body).toMatchObject({ results: [], names: {} });
  });
});

describe('access', () => {
  it('is for directors and ADMIN only', async () => {
    expect((await logs(await s.login('director.ad'))).status).toBe(200);
    for (const who of ['hr', 'manager.it', 'it']) expect((await logs(await s.login(who))).status, who).toBe(403);
    const hr = await s.login('hr');
    expect((await call(s.api, E.exportEventLogs, { token: hr, query: {} })).status).toBe(403);
  });

  it('has no endpoint that updates or deletes records', async () => {
    for (const m of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      expect((await s.api(m, '/api/eventlogs/', { token: admin, body: {} })).status).toBe(404);
      expect((await s.api(m, '/api/eventlogs/1/', { token: admin, body: {} })).status).toBe(404);
    }
  });
});

describe('filters, keyset pages and CSV', () => {
  it('walks every page without gaps or repeats, and filters by date range', async () => {
    for (let i = 0; i < 7; i++) await s.login('rtm');
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await logs(admin, { action: 'auth.login', actor: 'rtm', limit: 3, ...(cursor ? { cursor } : {}) });
      seen.push(...res.body.results.map((r) => r.id));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    const future = await logs(admin, { from: new Date(Date.now() + 3600_000).toISOString() });
    expect(future.body.results).toEqual([]);
    const bad = await logs(admin, { from: 'yesterday', cursor: '!!!' });
    expect(bad.status).toBe(400);
    const badCursor = await logs(admin, { cursor: 'bm9wZQ' });
    expect(badCursor.status).toBe(400);
  });

  it('exports the filtered set as CSV, quoting and defusing formulas', async () => {
    // A spreadsheet formula in a field the client controls (its user agent); a known
    // username, since unknown ones are never stored as typed.
    await call(s.api, A.login, {
      body: { username: 'finance', password: 'whatever-1' },
      headers: { 'user-agent': '=HYPERLINK("x"),"a' },
    });
    const res = await call(s.api, E.exportEventLogs, { token: admin, query: { action: 'auth.login_failed' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="event-logs-/);
    const text = res.body;
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('id,at,actor_username,action,target_type,target_id,ip,user_agent,details');
    expect(lines.slice(1).every((l) => l.includes('auth.login_failed'))).toBe(true);
    const api = await logs(admin, { action: 'auth.login_failed', limit: 200 });
    expect(lines.length - 1).toBe(api.body.results.length);
    // Defused (a leading apostrophe) and quoted as RFC 4180 wants; JSON details quoted too.
    expect(text).toContain(`"'=HYPERLINK(""x""),""a"`);
    expect(text).toContain('""username"":""finance""');
  });
});

describe('hash chain', () => {
  it('stays one unbroken chain under concurrent changes, one record per change', async () => {
    // Each creation appends its record at the end of its own transaction (under the chain's lock).
    const hr = await s.login('hr');
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(s.api, ticketEndpoints.createTicket, {
          token: hr,
          body: { department: 'IT', subject: `Chain ${i}`, description: 'Concurrent.', priority: 'normal' },
        }),
      ),
    );
    expect(created.map((r) => r.status)).toEqual(Array(12).fill(201));
    const ids = created.map((r) => String(r.body.id));
    const records = await s.database.db
      .selectFrom('event_logs')
      .select('target_id')
      .where('action', '=', 'ticket.created')
      .where('target_id', 'in', ids)
      .execute();
    expect(records.map((r) => r.target_id).sort()).toEqual([...ids].sort());
    expect((await verifyChain(s.database.db)).broken).toBeNull();
  });

  it('verifies intact, and reports the first tampered row', async () => {
    const intact = await verifyChain(s.database.db);
    expect(intact.broken).toBeNull();
    expect(intact.checked).toBeGreaterThan(10);
    const rows = await s.database.db.selectFrom('event_logs').select('id').orderBy('id').execute();
    const victim = rows[5]!.id;
    await sql`update event_logs set actor_username = 'mallory' where id = ${victim}`.execute(s.database.db);
    const report = await verifyChain(s.database.db);
    expect(report.broken).toEqual({ id: victim, reason: expect.stringMatching(/hash/) });
  });
});
