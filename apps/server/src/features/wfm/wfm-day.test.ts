import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interpreterEndpoints as I, wfmEndpoints as W } from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import { call, callAs } from '../../../test/client.js';
import { factories } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

/**
 * A crafted day, 2026-03-10 in Riyadh (UTC+3: the day is 2026-03-09T21:00Z to
 * 2026-03-10T21:00Z), with presence sent through the feed as the telephony would.
 */
let s: TestServer;
let make: ReturnType<typeof factories>;
let key: string;
const PAIR = 'Zulu↔Xhosa';
const DAY = '2026-03-10';
const people: Record<'a' | 'b' | 'c' | 'd', UserRow> = {} as never;

async function feed(u: UserRow, spans: [string, string | null][]) {
  const events = spans.flatMap(([on, off], n) => [
    { username: u.username, online: true, at: on, source_id: `${u.username}-${n}-on` },
    ...(off ? [{ username: u.username, online: false, at: off, source_id: `${u.username}-${n}-off` }] : []),
  ]);
  const res = await call(s.api, I.postPresenceEvents, { body: { events }, headers: { 'x-api-key': key } });
  expect(res.status).toBe(200);
  expect(res.body.results.every((r) => r.outcome === 'applied')).toBe(true);
}

async function interpreter(first: string, languages: string[], team = 'Medical') {
  const u = await make.user({ user_type: 'INTERPRETER', first_name: first, last_name: 'Day' });
  const res = await callAs(s, 'manager.wfm', I.updateInterpreterProfile, {
    params: { username: u.username },
    body: { languages, team, extension: '' },
  });
  expect(res.status).toBe(200);
  return u;
}

const plan = (u: UserRow, date: string, start: string, end: string) => make.shift({ user: u, date, start, end });

beforeAll(async () => {
  // The crafted day is in the past: the platform may send that late here (a backfill).
  s = await startTestServer({ TIME_ZONE: 'Asia/Riyadh', PRESENCE_MAX_PAST: '36500d' });
  make = factories(s.database.db, { timeZone: 'Asia/Riyadh' });
  key = (await make.integrationKey({ name: 'Telephony' })).key;

  // a: 08:00–16:00, in at 08:10, a break, out at 15:50 (late and early by 10 minutes).
  people.a = await interpreter('Aya', [PAIR], 'Medical, Legal');
  await plan(people.a, DAY, '08:00', '16:00');
  await feed(people.a, [
    ['2026-03-10T05:10:00Z', '2026-03-10T09:00:00Z'],
    ['2026-03-10T09:30:00Z', '2026-03-10T12:50:00Z'],
  ]);
  // b: the night shift 22:00–06:00, online 21:55 to 06:02 the next morning.
  people.b = await interpreter('Badr', [PAIR]);
  await plan(people.b, DAY, '22:00', '06:00');
  await feed(people.b, [['2026-03-10T18:55:00Z', '2026-03-11T03:02:00Z']]);
  // c: no shift, an hour online; the pair written the other way round; a name like a formula.
  people.c = await interpreter('=SUM(A1)', ['Xhosa↔Zulu']);
  await feed(people.c, [['2026-03-10T06:00:00Z', '2026-03-10T07:00:00Z']]);
  // d: planned, never came.
  people.d = await interpreter('Dalia', [PAIR]);
  await plan(people.d, DAY, '08:00', '16:00');
  // a also had a shift at the end of February and missed it.
  await plan(people.a, '2026-02-28', '08:00', '16:00');
});
afterAll(() => s?.stop());

const rowOf = (body: { rows: { username: string; online_minutes: number }[] }, u: UserRow) =>
  body.rows.find((r) => r.username === u.username)!;

describe('the day board', () => {
  it('computes each interpreter’s day against their shift in the portal zone', async () => {
    const res = await callAs(s, 'manager.ops', W.getWfmDay, { query: { date: DAY } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ date: DAY, is_today: false, time_zone: 'Asia/Riyadh' });
    expect(rowOf(res.body, people.a)).toMatchObject({
      online: 0,
      team: 'Medical, Legal',
      first_in: '2026-03-10T05:10:00.000Z',
      last_out: '2026-03-10T12:50:00.000Z',
      shift: { start: '08:00', end: '16:00', starts_at: '2026-03-10T05:00:00.000Z', crosses_midnight: false },
      online_minutes: 430,
      scheduled_minutes: 480,
      in_shift_minutes: 430,
      adherence: 0.8958,
      late: true,
      late_minutes: 10,
      left_early: true,
      early_minutes: 10,
      out_of_adherence: false,
      spans: [
        { from: '2026-03-10T05:10:00.000Z', to: '2026-03-10T09:00:00.000Z' },
        { from: '2026-03-10T09:30:00.000Z', to: '2026-03-10T12:50:00.000Z' },
      ],
    });
    // The night: the whole shift is in, but only the day's part (21:55–24:00) is this day's online time.
    expect(rowOf(res.body, people.b)).toMatchObject({
      shift: { crosses_midnight: true, ends_at: '2026-03-11T03:00:00.000Z', minutes: 480 },
      online_minutes: 125,
      in_shift_minutes: 480,
      adherence: 1,
      late: false,
      left_early: false,
      spans: [{ from: '2026-03-10T18:55:00.000Z', to: '2026-03-10T21:00:00.000Z' }],
    });
    expect(rowOf(res.body, people.c)).toMatchObject({ shift: null, online_minutes: 60, adherence: null, late: false });
    expect(rowOf(res.body, people.d)).toMatchObject({
      online_minutes: 0,
      adherence: 0,
      late: true,
      late_minutes: 480,
      left_early: false,
      first_in: null,
      spans: [],
    });
    // Both spellings of the pair are one total.
    const totals = res.body.languages.filter((l) => /zulu/i.test(l.language));
    expect(totals).toEqual([
      {
        language: PAIR,
        interpreters: 4,
        online_now: 0,
        scheduled: 3,
        online_minutes: 430 + 125 + 60,
        scheduled_minutes: 3 * 480,
        required_now: null,
        gap: 0,
      },
    ]);
  });

  it('exports the same rows as CSV, quoted and with formulas defused', async () => {
    const res = await callAs(s, 'manager.wfm', W.exportWfmDayCsv, { query: { date: DAY } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.headers.get('content-disposition')).toContain(`wfm-day-${DAY}.csv`);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      'name,username,languages,team,status,first in,last out,online minutes,shift,adherence %,late,left early',
    );
    expect(lines).toContain(
      `Aya Day,${people.a.username},${PAIR},"Medical, Legal",offline,08:10,15:50,430,08:00-16:00,90,yes,yes`,
    );
    expect(lines).toContain(
      `Badr Day,${people.b.username},${PAIR},Medical,offline,21:55,00:00,125,22:00-06:00,100,no,no`,
    );
    expect(lines).toContain(`'=SUM(A1) Day,${people.c.username},Xhosa↔Zulu,Medical,offline,09:00,10:00,60,,,no,no`);
    // Every active interpreter has a row (the demo's too), plus the header and the final line end.
    const board = await callAs(s, 'manager.wfm', W.getWfmDay, { query: { date: DAY } });
    expect(lines.length).toBe(board.body.rows.length + 2);
  });

  it('a split shift: the blocks’ minutes add up, the break is not absence, lateness is judged per block', async () => {
    const day = '2026-03-12';
    const g = await interpreter('Ghada', ['Igbo↔Hausa']);
    // 06:00–10:00 and 14:00–18:00 Riyadh; in for the morning, back 20 minutes late after the break.
    await plan(g, day, '06:00', '10:00');
    await plan(g, day, '14:00', '18:00');
    await feed(g, [
      ['2026-03-12T03:00:00Z', '2026-03-12T07:00:00Z'],
      ['2026-03-12T11:20:00Z', '2026-03-12T15:00:00Z'],
    ]);
    const res = await callAs(s, 'manager.wfm', W.getWfmDay, { query: { date: day } });
    expect(rowOf(res.body, g)).toMatchObject({
      shift: { start: '06:00', end: '10:00' },
      shifts: [
        { start: '06:00', end: '10:00', minutes: 240 },
        { start: '14:00', end: '18:00', minutes: 240 },
      ],
      online_minutes: 460,
      scheduled_minutes: 480,
      in_shift_minutes: 460,
      adherence: 0.9583,
      late: true,
      late_minutes: 20,
      left_early: false,
    });
    const history = await callAs(s, 'manager.wfm', W.getWfmHistory, {
      params: { username: g.username },
      query: { from: day, to: day },
    });
    expect(history.body.days[0]).toMatchObject({ shifts: [{ start: '06:00' }, { start: '14:00' }], adherence: 0.9583 });
    const csv = await callAs(s, 'manager.wfm', W.exportWfmDayCsv, { query: { date: day } });
    expect(csv.body).toContain('06:00-10:00; 14:00-18:00,96,yes,no');
  });

  it('today: online first, out of adherence when offline inside the shift, and the gap to staffing', async () => {
    const pair = 'Yoruba↔Igbo';
    const e = await interpreter('Emad', ['Igbo↔Yoruba']);
    const f = await interpreter('Fadi', [pair]);
    const { date: today, now } = (await callAs(s, 'manager.wfm', W.getWfmDay, { query: {} })).body;
    // Two hours around now on the portal's clock (UTC+3).
    const start = Math.max(0, new Date(Date.parse(now) + 3 * 3600_000).getUTCHours() - 1);
    const hh = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
    await feed(e, [[new Date(Date.now() - 10 * 60_000).toISOString(), null]]);
    // Seen just now: the silent-session expiry leaves the open session open.
    const beat = await call(s.api, I.postPresenceHeartbeat, {
      body: { username: e.username },
      headers: { 'x-api-key': key },
    });
    expect(beat.body.outcome).toBe('alive');
    await plan(f, today, hh(start), hh(start + 2));
    const set = await callAs(s, 'manager.wfm', W.saveStaffing, { body: { language: pair, hours: Array(24).fill(3) } });
    expect(set.status).toBe(200);

    const res = await callAs(s, 'manager.wfm', W.getWfmDay, { query: {} });
    expect(res.body.is_today).toBe(true);
    const online = res.body.rows.map((r) => r.online);
    expect(online).toEqual([...online].sort((x, y) => y - x));
    expect(rowOf(res.body, e)).toMatchObject({ online: 1, last_out: null, out_of_adherence: false });
    expect(rowOf(res.body, e).online_minutes).toBeGreaterThanOrEqual(9);
    expect(rowOf(res.body, f)).toMatchObject({ online: 0, out_of_adherence: true, in_shift_minutes: 0 });
    expect(res.body.languages.find((l) => l.language === pair)).toMatchObject({
      interpreters: 2,
      online_now: 1,
      scheduled: 1,
      required_now: 3,
      gap: 2,
    });
  });
});

describe('an interpreter’s history', () => {
  it('answers every day of the range with month totals', async () => {
    const res = await callAs(s, 'rtm', W.getWfmHistory, {
      params: { username: people.a.username },
      query: { from: '2026-02-27', to: DAY },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      username: people.a.username,
      languages: [PAIR],
      team: 'Medical, Legal',
      from: '2026-02-27',
      to: DAY,
      time_zone: 'Asia/Riyadh',
      online: 0,
    });
    expect(Date.parse(res.body.date_joined)).not.toBeNaN();
    expect(res.body.days.map((d) => d.date)).toEqual([
      '2026-02-27',
      '2026-02-28',
      ...Array.from({ length: 10 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`),
    ]);
    expect(res.body.days[0]).toMatchObject({ shift: null, spans: [], online_minutes: 0, adherence: null });
    expect(res.body.days.at(-1)).toMatchObject({ online_minutes: 430, adherence: 0.8958, late: true });
    expect(res.body.months).toEqual([
      {
        month: '2026-02',
        online_minutes: 0,
        scheduled_minutes: 480,
        in_shift_minutes: 0,
        adherence: 0,
        days_late: 1,
        days_left_early: 0,
      },
      {
        month: '2026-03',
        online_minutes: 430,
        scheduled_minutes: 480,
        in_shift_minutes: 430,
        adherence: 0.8958,
        days_late: 1,
        days_left_early: 1,
      },
    ]);
  });

  it('defaults to the last 30 days; refuses a long range and unknown interpreters', async () => {
    const res = await callAs(s, 'manager.wfm', W.getWfmHistory, { params: { username: people.b.username }, query: {} });
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(30);
    expect(res.body.days.at(-1)!.date).toBe(res.body.to);
    const long = await callAs(s, 'manager.wfm', W.getWfmHistory, {
      params: { username: people.b.username },
      query: { from: '2025-12-01', to: DAY },
    });
    expect(long.status).toBe(400);
    expect(Object.keys(long.error.extra?.fields ?? {})).toEqual(['to']);
    expect(
      (await callAs(s, 'manager.wfm', W.getWfmHistory, { params: { username: 'nobody' }, query: {} })).status,
    ).toBe(404);
    // Staff, not an interpreter: no history either.
    expect((await callAs(s, 'manager.wfm', W.getWfmHistory, { params: { username: 'hr' }, query: {} })).status).toBe(
      404,
    );
  });
});

describe('required staffing', () => {
  it('sets, lists and removes a pair under one key whichever order it is written in', async () => {
    const hours = Array.from({ length: 24 }, (_, h) => (h >= 8 && h < 16 ? 4 : 1));
    const put = await callAs(s, 'manager.wfm', W.saveStaffing, { body: { language: 'Hausa↔Fula', hours } });
    expect(put.status).toBe(200);
    expect(put.body.find((r) => r.language === 'Hausa↔Fula')).toMatchObject({ hours });
    const again = await callAs(s, 'rtm', W.saveStaffing, {
      body: { language: 'Fula↔Hausa', hours: Array(24).fill(2) },
    });
    const fula = again.body.filter((r) => /fula/i.test(r.language));
    expect(fula).toEqual([{ language: 'Fula↔Hausa', hours: Array(24).fill(2), updated_at: expect.any(String) }]);

    const bad = await callAs(s, 'rtm', W.saveStaffing, { body: { language: 'Fula↔Hausa', hours: [1, 2] } });
    expect(bad.status).toBe(400);
    expect((await callAs(s, 'rtm', W.deleteStaffing, { query: { language: 'Hausa↔Fula' } })).status).toBe(204);
    const list = await callAs(s, 'manager.ops', W.listStaffing);
    expect(list.body.some((r) => /fula/i.test(r.language))).toBe(false);
    expect((await callAs(s, 'rtm', W.deleteStaffing, { query: { language: 'Hausa↔Fula' } })).status).toBe(404);
  });
});
