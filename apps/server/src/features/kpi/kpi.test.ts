import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kpiEndpoints as K } from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import { callAs } from '../../../test/client.js';
import { factories, kpiDefinitionBody, type KpiDefinitionFactoryInput } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { notificationTextsOf } from '../../../test/notification-texts.js';

let s: TestServer;
let make: ReturnType<typeof factories>;
/** Two managers of the Vendor department (no demo KPIs apply there), and two of its members. */
let mgrA: UserRow;
let mgrB: UserRow;
let vendor1: UserRow;
let vendor2: UserRow;
/** Vendor KPIs: A percent ↑ target 80 weight 3, B seconds ↓ target 300 weight 1, C count ↑ target 10 weight 2. */
const kpi: Record<'A' | 'B' | 'C', number> = { A: 0, B: 0, C: 0 };

/** Another feature's route (the directory), outside this feature's typed endpoints. */
const raw = async (who: string, method: string, url: string) => s.api(method, url, { token: await s.token(who) });
const count = async (table: 'kpi_records' | 'kpi_definitions' | 'kpi_record_history' | 'kpi_reminders') => {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(s.database.db);
  return rows[0]!.n;
};
const notesOf = (userId: number, like: string) => notificationTextsOf(s.database.db, userId, like);

beforeAll(async () => {
  s = await startTestServer();
  make = factories(s.database.db);
  mgrA = await make.user({ user_type: 'Vendor', is_manager: true, first_name: 'Vera', last_name: 'Manager' });
  mgrB = await make.user({ user_type: 'Vendor', is_manager: true, first_name: 'Basil', last_name: 'Manager' });
  vendor1 = await make.user({ user_type: 'Vendor', first_name: 'Vivian', last_name: 'Scored' });
  vendor2 = await make.user({ user_type: 'Vendor', first_name: 'Victor', last_name: 'Carded' });
  const vendorKpi = (name: string, more: KpiDefinitionFactoryInput = {}) =>
    make.kpiDefinition({ name, target: 80, applies_to: ['Vendor'], ...more });
  kpi.A = (await vendorKpi('Vendor on-time delivery %', { weight: 3 })).id;
  kpi.B = (await vendorKpi('Vendor reply time', { unit: 'seconds', direction: 'lower', target: 300 })).id;
  kpi.C = (await vendorKpi('Vendor audits passed', { unit: 'count', target: 10, weight: 2 })).id;
});
afterAll(() => s?.stop());

const record = (who: string, username: string, kpiId: number, period: string, value: number, note = '') =>
  callAs(s, who, K.createKpiRecord, { body: { username, kpi: kpiId, period, value, note } });

describe('the demo data', () => {
  it('has past values, a few corrected, and gaps in the current period', async () => {
    expect(await count('kpi_record_history')).toBeGreaterThanOrEqual(4);
    const weekly = await callAs(s, 'quality', K.listMissingKpis, { query: { period: 'weekly' } });
    expect(weekly.body.rows.length).toBeGreaterThan(0);
    const scores = await callAs(s, 'manager.wfm', K.getKpiScores, { query: { period: 'weekly' } });
    const scored = scores.body.rows.filter((r) => r.previous_score !== null);
    expect(scored.length).toBeGreaterThanOrEqual(30);
    // Staff values too, entered by their managers.
    const it = await callAs(s, 'manager.it', K.getKpiScorecard, {
      params: { username: 'it' },
      query: { periods: 3 },
    });
    expect(it.body.kpis.map((k) => k.name)).toEqual(
      expect.arrayContaining(['Tickets resolved', 'Customer satisfaction %', 'First response time']),
    );
    expect(it.body.periods[1]!.score).toEqual(expect.any(Number));
  });
});

describe('definitions', () => {
  it('are kept by QUALITY, WFM and ADMIN; a name once, whatever its case', async () => {
    const created = await callAs(s, 'manager.wfm', K.createKpiDefinition, {
      body: kpiDefinitionBody('Schedule accuracy', { applies_to: ['Marketing'] }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Schedule accuracy', applies_to: ['Marketing'], is_active: true });

    const before = await count('kpi_definitions');
    const dup = await callAs(s, 'admin', K.createKpiDefinition, { body: kpiDefinitionBody('SCHEDULE ACCURACY') });
    expect(dup.status).toBe(400);
    expect(Object.keys(dup.error.extra?.fields ?? {})).toEqual(['name']);
    const renamed = await callAs(s, 'admin', K.updateKpiDefinition, {
      params: { id: kpi.A },
      body: kpiDefinitionBody('schedule Accuracy'),
    });
    expect(renamed.status).toBe(400);
    expect(renamed.error.extra?.fields?.name).toBeDefined();
    // A target the unit cannot hold.
    const badTarget = await callAs(s, 'quality', K.createKpiDefinition, {
      body: kpiDefinitionBody('Odd', { target: 150 }),
    });
    expect(badTarget.status).toBe(400);
    expect(badTarget.error.extra?.fields?.target).toBeDefined();
    for (const who of ['hr', 'manager.it', 'director.gi']) {
      expect((await callAs(s, who, K.createKpiDefinition, { body: kpiDefinitionBody(`By ${who}`) })).status, who).toBe(
        403,
      );
    }
    expect(
      (await callAs(s, 'hr', K.updateKpiDefinition, { params: { id: kpi.A }, body: kpiDefinitionBody('Renamed') }))
        .status,
    ).toBe(403);
    expect(await count('kpi_definitions')).toBe(before);
    expect(
      (await callAs(s, 'quality', K.updateKpiDefinition, { params: { id: 999999 }, body: kpiDefinitionBody('Nobody') }))
        .status,
    ).toBe(404);

    // Listed for whoever uses the KPI pages, filtered by active.
    const all = await callAs(s, 'manager.it', K.listKpiDefinitions, { query: {} });
    expect(all.status).toBe(200);
    expect(all.body.map((d) => d.name)).toContain('Schedule accuracy');
    expect((await callAs(s, 'hr', K.listKpiDefinitions, { query: {} })).status).toBe(403);
    expect((await callAs(s, 'it', K.listKpiDefinitions, { query: {} })).status).toBe(403);
  });

  it('deactivating keeps the records but takes no new values', async () => {
    const made = await callAs(s, 'quality', K.createKpiDefinition, { body: kpiDefinitionBody('Vendor retired KPI') });
    const rec = await record(mgrA.username, vendor2.username, made.body.id, '2024-05-10', 70);
    expect(rec.status).toBe(201);
    const off = await callAs(s, 'quality', K.updateKpiDefinition, {
      params: { id: made.body.id },
      body: { ...kpiDefinitionBody('Vendor retired KPI'), is_active: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.is_active).toBe(false);
    expect((await callAs(s, mgrA.username, K.getKpiRecord, { params: { id: rec.body.id } })).body.value).toBe(70);
    const active = await callAs(s, 'quality', K.listKpiDefinitions, { query: { active: 'true' } });
    expect(active.body.map((d) => d.id)).not.toContain(made.body.id);
    const retired = await callAs(s, 'quality', K.listKpiDefinitions, { query: { active: 'false' } });
    expect(retired.body.map((d) => d.id)).toContain(made.body.id);
    const refused = await record(mgrA.username, vendor2.username, made.body.id, '2024-06-10', 70);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.error.extra?.fields ?? {})).toEqual(['kpi']);
  });
});

describe('records', () => {
  it('enters a value under the period’s first day, tells the person, and keeps every edit as history', async () => {
    const created = await record(mgrA.username, vendor1.username, kpi.A, '2024-03-17', 80, 'Solid month.');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      user: { username: vendor1.username },
      kpi: { id: kpi.A, unit: 'percent', target: 80 },
      period_start: '2024-03-01',
      period_end: '2024-03-31',
      value: 80,
      attainment: 1,
      note: 'Solid month.',
      entered_by: { username: mgrA.username },
      history: [],
    });
    expect(await notesOf(vendor1.id, 'Your Vendor on-time delivery % for 2024-03 was recorded: 80%%')).toHaveLength(1);

    const first = await callAs(s, mgrB.username, K.updateKpiRecord, {
      params: { id: created.body.id },
      body: { value: 76, note: 'Recount' },
    });
    expect(first.status).toBe(200);
    const second = await callAs(s, mgrA.username, K.updateKpiRecord, {
      params: { id: created.body.id },
      body: { value: 78, note: '' },
    });
    expect(second.body).toMatchObject({ value: 78, entered_by: { username: mgrA.username } });
    const read = await callAs(s, mgrA.username, K.getKpiRecord, { params: { id: created.body.id } });
    expect(read.body.value).toBe(78);
    // Newest first: 76 by B replaced 80 by A.
    expect(read.body.history.map((h) => [h.value, h.note, h.changed_by?.username])).toEqual([
      [76, 'Recount', mgrB.username],
      [80, 'Solid month.', mgrA.username],
    ]);
    expect(await notesOf(vendor1.id, 'Your Vendor on-time delivery % for 2024-03 was changed%')).toHaveLength(2);
    // The person reads their own value; a colleague does not see it at all.
    expect((await callAs(s, vendor1.username, K.getKpiRecord, { params: { id: created.body.id } })).status).toBe(200);
    expect((await callAs(s, vendor2.username, K.getKpiRecord, { params: { id: created.body.id } })).status).toBe(404);
    // Back to 80 for the scores below.
    await callAs(s, mgrA.username, K.updateKpiRecord, {
      params: { id: created.body.id },
      body: { value: 80, note: 'Final.' },
    });
  });

  it('refuses each bad value on its field and stores nothing', async () => {
    const interpreterOnly = (await callAs(s, 'quality', K.listKpiDefinitions, { query: { active: 'true' } })).body.find(
      (d) => d.applies_to.includes('INTERPRETER') && !d.applies_to.includes('Vendor'),
    )!;
    await record(mgrA.username, vendor2.username, kpi.C, '2024-04-02', 5);
    const before = [await count('kpi_records'), await count('kpi_record_history')];
    for (const [name, body, field] of [
      ['percent above 100', { kpi: kpi.A, period: '2024-04-02', value: 100.5 }, 'value'],
      ['negative seconds', { kpi: kpi.B, period: '2024-04-02', value: -3 }, 'value'],
      ['a count in pieces', { kpi: kpi.C, period: '2024-04-20', value: 7.5 }, 'value'],
      ['a second value for the period', { kpi: kpi.C, period: '2024-04-20', value: 6 }, 'period'],
      ['a future period', { kpi: kpi.A, period: '2099-01-01', value: 50 }, 'period'],
      ['a KPI of other people', { kpi: interpreterOnly.id, period: '2024-04-02', value: 4 }, 'kpi'],
      ['no such KPI', { kpi: 999_999, period: '2024-04-02', value: 4 }, 'kpi'],
    ] as const) {
      const res = await callAs(s, mgrA.username, K.createKpiRecord, { body: { username: vendor2.username, ...body } });
      expect(res.status, name).toBe(400);
      expect(Object.keys(res.error.extra?.fields ?? {}), name).toEqual([field]);
    }
    const existing = (await record(mgrA.username, vendor2.username, kpi.C, '2024-04-25', 5)).error;
    expect(existing.extra?.fields?.period?.[0]).toBe(
      'This person already has a value for this period; edit it instead.',
    );
    const { rows } = await sql<{ id: number }>`
      select id from kpi_records where user_id = ${vendor2.id} and kpi_id = ${kpi.C}`.execute(s.database.db);
    const edit = await callAs(s, mgrA.username, K.updateKpiRecord, {
      params: { id: rows[0]!.id },
      body: { value: 1.5 },
    });
    expect(edit.status).toBe(400);
    expect(Object.keys(edit.error.extra?.fields ?? {})).toEqual(['value']);
    expect([await count('kpi_records'), await count('kpi_record_history')]).toEqual(before);
  });

  it('lets only those who may score a person enter or change their values', async () => {
    const before = await count('kpi_records');
    // An HR manager cannot act on Vendor; nobody scores themselves; an IT member scores nobody.
    expect((await record('manager.hr', vendor2.username, kpi.A, '2024-07-01', 50)).status).toBe(403);
    expect((await record(mgrA.username, mgrA.username, kpi.A, '2024-07-01', 50)).status).toBe(403);
    expect((await record('it', vendor2.username, kpi.A, '2024-07-01', 50)).status).toBe(403);
    // QUALITY scores interpreters, not staff; an unknown person is 404.
    expect((await record('quality', vendor2.username, kpi.A, '2024-07-01', 50)).status).toBe(403);
    expect((await record(mgrA.username, 'nobody.here', kpi.A, '2024-07-01', 50)).status).toBe(404);
    expect(await count('kpi_records')).toBe(before);

    const ok = await record('admin', vendor2.username, kpi.A, '2024-07-01', 50);
    expect(ok.status).toBe(201);
    // Outside the scope: 404 whether reading or changing; the person themselves reads but may not change.
    for (const who of ['manager.hr', 'it', 'quality']) {
      expect((await callAs(s, who, K.getKpiRecord, { params: { id: ok.body.id } })).status, who).toBe(404);
      expect(
        (await callAs(s, who, K.updateKpiRecord, { params: { id: ok.body.id }, body: { value: 1 } })).status,
        who,
      ).toBe(404);
    }
    expect(
      (await callAs(s, vendor2.username, K.updateKpiRecord, { params: { id: ok.body.id }, body: { value: 99 } }))
        .status,
    ).toBe(403);
    expect((await callAs(s, mgrA.username, K.getKpiRecord, { params: { id: 999999 } })).status).toBe(404);
    expect((await callAs(s, mgrA.username, K.getKpiRecord, { params: { id: ok.body.id } })).body.value).toBe(50);
  });

  it('QUALITY and WFM score interpreters; a department manager does not', async () => {
    const interp = await make.user({ user_type: 'INTERPRETER', first_name: 'Ilham', last_name: 'Scored' });
    const quality = (await callAs(s, 'quality', K.listKpiDefinitions, { query: { active: 'true' } })).body.find(
      (d) => d.name === 'Quality score',
    )!;
    expect((await record('manager.it', interp.username, quality.id, '2024-03-05', 4)).status).toBe(403);
    const rec = await record('quality', interp.username, quality.id, '2024-03-05', 4.5);
    expect(rec.status).toBe(201);
    // Weeks run Sunday to Saturday.
    expect(rec.body).toMatchObject({ period_start: '2024-03-03', period_end: '2024-03-09', attainment: 1.125 });
    expect(
      (await callAs(s, 'manager.wfm', K.updateKpiRecord, { params: { id: rec.body.id }, body: { value: 3.5 } })).status,
    ).toBe(200);
    expect((await callAs(s, 'manager.it', K.getKpiRecord, { params: { id: rec.body.id } })).status).toBe(404);
  });
});

describe('scores, missing values and reminders', () => {
  it('scores each person by weight over the KPIs with a value, with the trend', async () => {
    await record(mgrA.username, vendor1.username, kpi.B, '2024-03-02', 600); // 0.5
    await record(mgrA.username, vendor1.username, kpi.A, '2024-02-10', 40); // 0.5 the month before
    const res = await callAs(s, mgrB.username, K.getKpiScores, {
      query: { period: 'monthly', date: '2024-03-15', department: 'Vendor' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ period: 'monthly', period_start: '2024-03-01', period_end: '2024-03-31' });
    const row = res.body.rows.find((r) => r.user.username === vendor1.username);
    // (3 × 1 + 1 × 0.5) / 4; C has no value: it leaves the score and shows as missing.
    expect(row).toMatchObject({ score: 0.875, previous_score: 0.5, trend: 0.375, recorded: 2, expected: 3 });
    // Everyone listed is someone mgrB may score (their department), never themselves.
    const names = res.body.rows.map((r) => r.user.username);
    expect(names).toContain(mgrA.username);
    expect(names).not.toContain(mgrB.username);
    expect(res.body.rows.every((r) => r.user.user_type === 'Vendor')).toBe(true);

    const search = await callAs(s, mgrB.username, K.getKpiScores, { query: { date: '2024-03-15', search: 'vivian' } });
    expect(search.body.rows.map((r) => r.user.username)).toEqual([vendor1.username]);
    // ADMIN sees them too; an HR manager, outside Vendor, does not; HR and IT members have no KPI pages.
    const admin = await callAs(s, 'admin', K.getKpiScores, { query: { date: '2024-03-15' } });
    expect(admin.body.rows.some((r) => r.user.username === vendor1.username)).toBe(true);
    const hrManager = await callAs(s, 'manager.hr', K.getKpiScores, { query: { date: '2024-03-15' } });
    expect(hrManager.status).toBe(200);
    expect(hrManager.body.rows.some((r) => r.user.user_type === 'Vendor')).toBe(false);
    for (const who of ['hr', 'it']) {
      expect((await callAs(s, who, K.getKpiScores, { query: {} })).status, who).toBe(403);
      expect((await callAs(s, who, K.exportKpiScoresCsv, { query: {} })).status, who).toBe(403);
      expect((await callAs(s, who, K.listMissingKpis, { query: {} })).status, who).toBe(403);
    }

    const csv = await callAs(s, mgrB.username, K.exportKpiScoresCsv, {
      query: { date: '2024-03-15', department: 'Vendor' },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = String(csv.body).trim().split('\r\n');
    expect(lines[0]).toBe('username,first_name,last_name,department,team,score,previous_score,trend,recorded,expected');
    expect(lines).toContain(`${vendor1.username},Vivian,Scored,Vendor,,0.875,0.5,0.375,2,3`);
  });

  it('interpreters are listed with their team, and filtered by it', async () => {
    const res = await callAs(s, 'quality', K.getKpiScores, { query: { period: 'weekly' } });
    expect(res.status).toBe(200);
    const teams = new Set(res.body.rows.map((r) => r.team).filter(Boolean));
    expect(teams.size).toBeGreaterThan(0);
    const team = [...teams][0] as string;
    const filtered = await callAs(s, 'quality', K.getKpiScores, { query: { period: 'weekly', team } });
    expect(filtered.body.rows.length).toBeGreaterThan(0);
    expect(filtered.body.rows.every((r) => r.team === team)).toBe(true);
  });

  it('lists what is missing, and the list shrinks when a value comes in', async () => {
    const missing = async () =>
      (
        await callAs(s, mgrB.username, K.listMissingKpis, {
          query: { period: 'monthly', date: '2024-03-20', department: 'Vendor' },
        })
      ).body;
    const before = await missing();
    expect(before.period_start).toBe('2024-03-01');
    const mine = (m: typeof before) => m.rows.filter((r) => r.user.username === vendor1.username).map((r) => r.kpi.id);
    expect(mine(before)).toEqual([kpi.C]);
    expect(before.rows[0]).toMatchObject({ period_end: '2024-03-31', last_reminded_at: null });
    expect(before.rows[0]!.closes_in_days).toBeLessThan(0);
    expect((await record(mgrA.username, vendor1.username, kpi.C, '2024-03-30', 12)).status).toBe(201);
    const after = await missing();
    expect(mine(after)).toEqual([]);
    expect(after.rows.length).toBe(before.rows.length - 1);
  });

  it('manual reminders tell whoever enters the values, and are remembered', async () => {
    const item = { username: vendor2.username, kpi: kpi.B, period: '2024-03-09' };
    const interp = await make.user({ user_type: 'INTERPRETER', first_name: 'Idris', last_name: 'Reminded' });
    const res = await callAs(s, mgrA.username, K.remindMissingKpis, {
      // The interpreter is outside a Vendor manager's scope: skipped.
      body: { items: [item, item, { username: interp.username, kpi: kpi.A, period: '2024-03-09' }] },
    });
    expect(res.status).toBe(200);
    // Told: the other Vendor manager (the caller already knows; ADMIN only when nobody else may).
    expect(res.body).toEqual({ reminded: 1, recipients: 1 });
    expect(
      await notesOf(mgrB.id, "Reminder: enter Victor Carded's KPI values for 2024-03: Vendor reply time."),
    ).toHaveLength(1);
    const admin = (await raw('admin', 'GET', '/api/users/admin/')).body as { id: number };
    expect(await notesOf(admin.id, 'Reminder: enter Victor Carded%')).toEqual([]);
    const listed = (
      await callAs(s, mgrB.username, K.listMissingKpis, { query: { date: '2024-03-20', department: 'Vendor' } })
    ).body.rows.find((r) => r.user.username === vendor2.username && r.kpi.id === kpi.B);
    expect(listed!.last_reminded_at).toEqual(expect.any(String));

    // An interpreter's values: QUALITY and WFM are told, not department managers.
    const quality = (await callAs(s, 'quality', K.listKpiDefinitions, { query: { active: 'true' } })).body.find(
      (d) => d.name === 'Schedule adherence',
    )!;
    const told = await callAs(s, 'quality', K.remindMissingKpis, {
      body: { items: [{ username: interp.username, kpi: quality.id, period: '2024-03-09' }] },
    });
    expect(told.body.reminded).toBe(1);
    const id = async (u: string) => ((await raw('admin', 'GET', `/api/users/${u}/`)).body as { id: number }).id;
    expect(await notesOf(await id('manager.wfm'), 'Reminder: enter Idris Reminded%')).toHaveLength(1);
    expect(await notesOf(await id('manager.it'), 'Reminder: enter Idris Reminded%')).toEqual([]);
    expect(await notesOf(await id('quality'), 'Reminder: enter Idris Reminded%')).toEqual([]);
    expect((await callAs(s, 'hr', K.remindMissingKpis, { body: { items: [item] } })).status).toBe(403);
  });
});

describe('scorecards', () => {
  it('show every KPI over the last periods, to the person and to those who score them', async () => {
    const today = new Date().toISOString().slice(0, 10);
    // The current period (the portal's clock is UTC here).
    const rec = await record(mgrA.username, vendor2.username, kpi.A, today, 88);
    expect(rec.status).toBe(201);
    const card = await callAs(s, vendor2.username, K.getKpiScorecard, {
      params: { username: vendor2.username },
      query: { periods: 3 },
    });
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({ user: { username: vendor2.username }, period: 'monthly', can_score: false });
    expect(card.body.periods).toHaveLength(3);
    expect(card.body.periods[2]).toMatchObject({ period_start: rec.body.period_start, score: 1.1 });
    const a = card.body.kpis.find((k) => k.id === kpi.A);
    expect(a!.records.map((r) => r.value)).toEqual([88]);
    // Active Vendor KPIs are all there, even without values.
    expect(card.body.kpis.map((k) => k.id)).toEqual(expect.arrayContaining([kpi.A, kpi.B, kpi.C]));

    expect(
      (await callAs(s, mgrA.username, K.getKpiScorecard, { params: { username: vendor2.username }, query: {} })).body
        .can_score,
    ).toBe(true);
    for (const who of ['manager.hr', 'quality', vendor1.username]) {
      expect(
        (await callAs(s, who, K.getKpiScorecard, { params: { username: vendor2.username }, query: {} })).status,
        who,
      ).toBe(404);
    }
    expect(
      (await callAs(s, 'admin', K.getKpiScorecard, { params: { username: 'nobody.here' }, query: {} })).status,
    ).toBe(404);
  });
});
