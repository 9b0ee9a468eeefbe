import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kpiEndpoints as K } from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import { callAs } from '../../../test/client.js';
import { factories } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { notificationTextsOf } from '../../../test/notification-texts.js';
import { sendKpiReminders } from './index.js';

// The scheduled reminders on a fake clock: January 2030, far from the demo's values and
// from whatever the real clock's own run does at start.
let s: TestServer;
let interpreter: UserRow;
let staffer: UserRow;
let ids: Record<string, number>;

const notesOf = (userId: number, like: string) => notificationTextsOf(s.database.db, userId, like);
const remindersOf = async (userId: number, kind: string) => {
  const { rows } = await sql<{ kpi_id: number; period_start: string }>`
    select kpi_id, period_start from kpi_reminders where user_id = ${userId} and kind = ${kind}
    order by period_start, kpi_id`.execute(s.database.db);
  return rows;
};

beforeAll(async () => {
  s = await startTestServer();
  const make = factories(s.database.db);
  interpreter = await make.user({ user_type: 'INTERPRETER', first_name: 'Iman', last_name: 'Overdue' });
  staffer = await make.user({ user_type: 'IT', first_name: 'Tamer', last_name: 'Overdue' });
  ids = {};
  for (const u of ['quality', 'manager.wfm', 'manager.it', 'director.gi', 'director.ad', 'admin', 'it']) {
    ids[u] = ((await s.api('GET', `/api/users/${u}/`, { token: await s.token('admin') })).body as { id: number }).id;
  }
  // The interpreter has January's adherence in: only the rest is missing.
  const adherence = (await callAs(s, 'quality', K.listKpiDefinitions, { query: {} })).body.find(
    (d) => d.name === 'Schedule adherence',
  )!;
  // 2030 is a future period today, which the API refuses: stored by the factory.
  await make.kpiRecord({
    user: interpreter,
    kpi: adherence,
    period_start: '2030-01-01',
    value: 91,
    entered_by: { id: ids['manager.wfm']! },
  });
});
afterAll(() => s?.stop());

describe('the scheduled KPI reminders', () => {
  it('reminds whoever enters a missing value once, two days before the period closes', async () => {
    // Wednesday 2030-01-30: January closes tomorrow; the week (27 Jan – 2 Feb) in three days.
    const now = new Date('2030-01-30T09:00:00Z');
    expect(await sendKpiReminders(s.app.ctx, now, 2)).toBeGreaterThan(0);
    expect(await sendKpiReminders(s.app.ctx, now, 2)).toBe(0);
    // An hour later, another run (or another server): still nothing new.
    expect(await sendKpiReminders(s.app.ctx, new Date('2030-01-30T10:00:00Z'), 2)).toBe(0);

    const due = await remindersOf(interpreter.id, 'due');
    expect(due.every((r) => r.period_start === '2030-01-01')).toBe(true);
    // Average handle time and Calls handled: Schedule adherence is in.
    expect(due).toHaveLength(2);
    const told = "Reminder: enter Iman Overdue's KPI values for 2030-01: %";
    expect(await notesOf(ids['quality']!, told)).toEqual([
      "Reminder: enter Iman Overdue's KPI values for 2030-01: Average handle time, Calls handled.",
    ]);
    expect(await notesOf(ids['manager.wfm']!, told)).toHaveLength(1);
    // Stored with each KPI's Arabic name beside its English one (an Arabic reader's reminder says the Arabic).
    const stored = await sql<{ params: { kpis: unknown } }>`
      select params from notifications where kind = 'kpiDue' and ${ids['quality']!} = any(recipients)`.execute(
      s.database.db,
    );
    expect(stored.rows.map((r) => r.params.kpis)).toContainEqual([
      { name: 'Average handle time', name_ar: 'متوسط مدة المعالجة' },
      { name: 'Calls handled', name_ar: 'المكالمات المُجابة' },
    ]);
    expect(await notesOf(ids['manager.it']!, told)).toEqual([]);
    expect(await notesOf(ids['admin']!, told)).toEqual([]);
    // The IT member's values go to those above IT who manage: manager.it and the G.I director.
    const staffTold = "Reminder: enter Tamer Overdue's KPI values for 2030-01: %";
    // Tickets resolved, Customer satisfaction % and First response time.
    expect(await remindersOf(staffer.id, 'due')).toHaveLength(3);
    expect(await notesOf(ids['manager.it']!, staffTold)).toHaveLength(1);
    expect(await notesOf(ids['director.gi']!, staffTold)).toHaveLength(1);
    expect(await notesOf(ids['it']!, staffTold)).toEqual([]);
    expect(await notesOf(ids['quality']!, staffTold)).toEqual([]);
  });

  it('escalates once to the managers of those who enter them, within a week after the close', async () => {
    // Sunday 2030-02-03: January closed three days ago.
    const now = new Date('2030-02-03T09:00:00Z');
    await sendKpiReminders(s.app.ctx, now, 2);
    await sendKpiReminders(s.app.ctx, now, 2);
    const escalated = (await remindersOf(interpreter.id, 'escalated')).filter((r) => r.period_start === '2030-01-01');
    expect(escalated).toHaveLength(2);
    // Interpreters' values are entered by QUALITY and WFM: the WFM manager and the G.I
    // director (above QUALITY) hear of it; the enterers without a manager's role do not.
    const overdue = "Overdue: Iman Overdue's KPI values for 2030-01 were not entered: %";
    expect(await notesOf(ids['manager.wfm']!, overdue)).toEqual([
      "Overdue: Iman Overdue's KPI values for 2030-01 were not entered: Average handle time, Calls handled.",
    ]);
    expect(await notesOf(ids['director.gi']!, overdue)).toHaveLength(1);
    expect(await notesOf(ids['quality']!, overdue)).toEqual([]);
    expect(await notesOf(ids['director.ad']!, overdue)).toEqual([]);

    // A week and a day after the close, January is left alone.
    await sendKpiReminders(s.app.ctx, new Date('2030-02-08T09:00:00Z'), 2);
    expect(
      (await remindersOf(interpreter.id, 'escalated')).filter((r) => r.period_start === '2030-01-01'),
    ).toHaveLength(2);
    expect(await notesOf(ids['manager.wfm']!, overdue)).toHaveLength(1);
  });

  it('runs safely on several servers at once: each reminder is sent once', async () => {
    // Saturday 2030-03-30: March closes the day after tomorrow.
    const now = new Date('2030-03-30T09:00:00Z');
    const rows = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from kpi_reminders`.execute(s.database.db)).rows[0]!.n;
    const before = await rows();
    const runs = await Promise.all([1, 2, 3].map(() => sendKpiReminders(s.app.ctx, now, 2)));
    const due = (await remindersOf(interpreter.id, 'due')).filter((r) => r.period_start === '2030-03-01');
    expect(due).toHaveLength(3);
    // What the runs say they sent together is exactly what was written: nothing twice.
    expect(runs.reduce((a, b) => a + b, 0)).toBe((await rows()) - before);
    expect(await notesOf(ids['quality']!, "Reminder: enter Iman Overdue's KPI values for 2030-03: %")).toHaveLength(1);
  });
});
