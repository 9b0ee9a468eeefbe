import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { wfmEndpoints as W } from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import { callAs } from '../../../test/client.js';
import { factories } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

// Shifts are planned in the portal's zone: Riyadh is UTC+3 all year, so instants are checkable.
let s: TestServer;
let make: ReturnType<typeof factories>;

beforeAll(async () => {
  s = await startTestServer({ TIME_ZONE: 'Asia/Riyadh' });
  make = factories(s.database.db);
});
afterAll(() => s?.stop());

/** The route list below, tried alike by method and URL. */
const raw = async (who: string, method: string, url: string, body?: unknown) =>
  s.api(method, url, { token: await s.token(who), body });
const interpreter = () => make.user({ user_type: 'INTERPRETER', first_name: 'Rana', last_name: 'Shift' });
const shiftsOf = async (u: UserRow) =>
  (
    await callAs(s, 'manager.wfm', W.listShifts, {
      query: { from: '2030-01-01', to: '2030-03-31', username: u.username },
    })
  ).body;
const brief = (list: { date: string; start: string; end: string }[]) =>
  list.map((x) => `${x.date} ${x.start}-${x.end}`);
const eventsOn = async (action: string) => {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from event_logs where action = ${action}`.execute(
    s.database.db,
  );
  return rows[0]!.n;
};

describe('planning one shift', () => {
  it('creates, edits and removes a shift, with its instants in the portal zone and an event each', async () => {
    const u = await interpreter();
    const created = await callAs(s, 'manager.wfm', W.createShift, {
      body: { username: u.username, date: '2030-01-10', start: '22:00', end: '06:00', note: 'Night line' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      username: u.username,
      first_name: 'Rana',
      date: '2030-01-10',
      start: '22:00',
      end: '06:00',
      crosses_midnight: true,
      minutes: 480,
      starts_at: '2030-01-10T19:00:00.000Z',
      ends_at: '2030-01-11T03:00:00.000Z',
      note: 'Night line',
    });
    expect(await eventsOn('wfm.shift_created')).toBeGreaterThanOrEqual(1);

    const id = created.body.id as number;
    const edited = await callAs(s, 'admin', W.updateShift, { params: { id }, body: { start: '08:30', end: '16:30' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      date: '2030-01-10',
      start: '08:30',
      end: '16:30',
      crosses_midnight: false,
      starts_at: '2030-01-10T05:30:00.000Z',
      ends_at: '2030-01-10T13:30:00.000Z',
      note: '',
    });
    expect(await eventsOn('wfm.shift_changed')).toBeGreaterThanOrEqual(1);
    expect(brief(await shiftsOf(u))).toEqual(['2030-01-10 08:30-16:30']);

    expect((await callAs(s, 'manager.wfm', W.deleteShift, { params: { id } })).status).toBe(204);
    expect(await eventsOn('wfm.shift_deleted')).toBeGreaterThanOrEqual(1);
    expect(await shiftsOf(u)).toEqual([]);
    expect((await callAs(s, 'manager.wfm', W.deleteShift, { params: { id } })).status).toBe(404);
    expect(
      (await callAs(s, 'manager.wfm', W.updateShift, { params: { id }, body: { start: '08:00', end: '09:00' } }))
        .status,
    ).toBe(404);
  });

  it('plans a split shift; an overlapping one is refused by code, naming the other, and changes nothing', async () => {
    const u = await interpreter();
    const base = { username: u.username, date: '2030-01-12', start: '08:00', end: '12:00' };
    expect((await callAs(s, 'manager.wfm', W.createShift, { body: base })).status).toBe(201);
    // Touching ends are no overlap: the second block of a split shift.
    const evening = await callAs(s, 'manager.wfm', W.createShift, { body: { ...base, start: '16:00', end: '20:00' } });
    expect(evening.status).toBe(201);
    expect(
      (await callAs(s, 'manager.wfm', W.createShift, { body: { ...base, start: '12:00', end: '13:00' } })).status,
    ).toBe(201);

    const clash = await callAs(s, 'manager.wfm', W.createShift, { body: { ...base, start: '11:00', end: '15:00' } });
    expect(clash.status).toBe(400);
    expect(clash.error.code).toBe('shiftOverlaps');
    expect(clash.error.extra?.codes?.start).toEqual([
      { code: 'shiftOverlaps', params: { date: '2030-01-12', start: '08:00', end: '12:00' } },
    ]);
    expect(clash.error.extra?.fields?.start).toEqual([
      'This overlaps their shift on 2030-01-12, 08:00–12:00: shifts of one person may not overlap.',
    ]);
    // A night shift the evening before runs into this morning: the instants overlap across midnight.
    expect(
      (
        await callAs(s, 'manager.wfm', W.createShift, {
          body: { ...base, date: '2030-01-11', start: '22:00', end: '09:00' },
        })
      ).error.code,
    ).toBe('shiftOverlaps');
    // Editing a block onto its neighbour is refused the same way.
    const edited = await callAs(s, 'manager.wfm', W.updateShift, {
      params: { id: evening.body.id },
      body: { start: '12:30', end: '20:00' },
    });
    expect(edited.error.code).toBe('shiftOverlaps');

    expect(brief(await shiftsOf(u))).toEqual([
      '2030-01-12 08:00-12:00',
      '2030-01-12 12:00-13:00',
      '2030-01-12 16:00-20:00',
    ]);
  });

  it('moves a shift to another day or interpreter (the roster’s drag), refusing a move onto an overlap', async () => {
    const [a, b] = [await interpreter(), await interpreter()];
    const moving = await callAs(s, 'manager.wfm', W.createShift, {
      body: { username: a.username, date: '2030-01-15', start: '08:00', end: '16:00', note: 'Cover' },
    });
    await callAs(s, 'manager.wfm', W.createShift, {
      body: { username: b.username, date: '2030-01-16', start: '14:00', end: '22:00' },
    });
    const id = moving.body.id;
    const moved = await callAs(s, 'manager.wfm', W.updateShift, {
      params: { id },
      body: { start: '08:00', end: '16:00', note: 'Cover', date: '2030-01-16' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      username: a.username,
      date: '2030-01-16',
      starts_at: '2030-01-16T05:00:00.000Z',
    });

    const onto = await callAs(s, 'manager.wfm', W.updateShift, {
      params: { id },
      body: { start: '08:00', end: '16:00', note: 'Cover', username: b.username },
    });
    expect(onto.status).toBe(400);
    expect(onto.error.code).toBe('shiftOverlaps');
    const nobody = await callAs(s, 'manager.wfm', W.updateShift, {
      params: { id },
      body: { start: '08:00', end: '16:00', username: 'hr' },
    });
    expect(nobody.error.extra?.fields?.username).toEqual(['Choose an active interpreter.']);
    expect(brief(await shiftsOf(a))).toEqual(['2030-01-16 08:00-16:00']);

    const handed = await callAs(s, 'manager.wfm', W.updateShift, {
      params: { id },
      body: { start: '06:00', end: '14:00', username: b.username },
    });
    expect(handed.status).toBe(200);
    expect(await shiftsOf(a)).toEqual([]);
    expect(brief(await shiftsOf(b))).toEqual(['2030-01-16 06:00-14:00', '2030-01-16 14:00-22:00']);
  });

  it('refuses a non-interpreter and bad times, changing nothing', async () => {
    const u = await interpreter();
    const base = { username: u.username, date: '2030-01-12', start: '08:00', end: '16:00' };
    expect((await callAs(s, 'manager.wfm', W.createShift, { body: base })).status).toBe(201);

    const hr = await callAs(s, 'manager.wfm', W.createShift, { body: { ...base, username: 'hr', date: '2030-01-13' } });
    expect(hr.status).toBe(400);
    expect(hr.error.extra?.fields?.username).toEqual(['Choose an active interpreter.']);

    const same = await callAs(s, 'manager.wfm', W.createShift, { body: { ...base, date: '2030-01-14', end: '08:00' } });
    expect(same.status).toBe(400);
    expect(same.error.extra?.fields?.end).toEqual(['The shift must end at another time than it starts.']);
    const long = await callAs(s, 'manager.wfm', W.createShift, { body: { ...base, date: '2030-01-14', end: '00:30' } });
    expect(long.error.extra?.fields?.end).toEqual(['A shift can last at most 16 hours.']);
    const badTime = await callAs(s, 'manager.wfm', W.createShift, {
      body: { ...base, date: '2030-01-14', start: '24:00' },
    });
    expect(badTime.status).toBe(400);
    expect(Object.keys(badTime.error.extra?.fields ?? {})).toEqual(['start']);

    expect(brief(await shiftsOf(u))).toEqual(['2030-01-12 08:00-16:00']);
  });

  it('lists a range: to before from and more than 93 days are refused on `to`; an unknown interpreter is 404', async () => {
    const back = await callAs(s, 'rtm', W.listShifts, { query: { from: '2030-02-01', to: '2030-01-31' } });
    expect(back.status).toBe(400);
    expect(Object.keys(back.error.extra?.fields ?? {})).toEqual(['to']);
    const long = await callAs(s, 'rtm', W.listShifts, { query: { from: '2030-01-01', to: '2030-04-04' } });
    expect(long.status).toBe(400);
    expect(long.error.message).toBe('Choose at most 93 days.');
    expect((await callAs(s, 'rtm', W.listShifts, { query: { from: '2030-01-01', to: '2030-04-03' } })).status).toBe(
      200,
    );
    expect(
      (await callAs(s, 'rtm', W.listShifts, { query: { from: '2030-01-01', to: '2030-01-31', username: 'nobody' } }))
        .status,
    ).toBe(404);
  });
});

describe('importing shifts from CSV', () => {
  it('reads any column order, upper-case header, semicolons and a BOM; replaces a day that had a shift', async () => {
    const [a, b] = [await interpreter(), await interpreter()];
    await callAs(s, 'manager.wfm', W.createShift, {
      body: { username: a.username, date: '2030-02-01', start: '09:00', end: '17:00' },
    });
    const csv = [
      '\uFEFFDate;Username;END;Start',
      `2030-02-01;${a.username};16:00;08:00`,
      `2030-02-02;${a.username};00:00;16:00`,
      '',
      `2030-02-01;${b.username};06:00;22:00`,
      '',
    ].join('\r\n');
    const dry = await callAs(s, 'manager.wfm', W.importShifts, { body: { csv, dry_run: true } });
    expect(dry.status).toBe(200);
    expect(dry.body).toEqual({ rows: 3, created: 2, replaced: 1, removed: 1, dry_run: true });
    // The dry run saved nothing.
    expect(brief(await shiftsOf(a))).toEqual(['2030-02-01 09:00-17:00']);
    expect(await shiftsOf(b)).toEqual([]);

    const done = await callAs(s, 'manager.wfm', W.importShifts, { body: { csv } });
    expect(done.body).toEqual({ rows: 3, created: 2, replaced: 1, removed: 1, dry_run: false });
    expect(brief(await shiftsOf(a))).toEqual(['2030-02-01 08:00-16:00', '2030-02-02 16:00-00:00']);
    expect(brief(await shiftsOf(b))).toEqual(['2030-02-01 22:00-06:00']);
    expect(await eventsOn('wfm.shifts_imported')).toBe(1);
  });

  it('imports nothing when a line is bad, and names each bad line', async () => {
    const a = await interpreter();
    const csv = [
      'username,date,start,end,note',
      `${a.username},2030-03-01,08:00,16:00,"Cover, then training"`,
      `${a.username},2030-03-02,8am,16:00,`,
      `ghost.user,2030-03-03,08:00,16:00,`,
      `${a.username},2030-03-31,08:00,16:00,`,
      `hr,2030-03-05,08:00,08:00,`,
      `${a.username},2030-02-30,08:00,16:00,`,
    ].join('\n');
    const res = await callAs(s, 'manager.wfm', W.importShifts, { body: { csv } });
    expect(res.status).toBe(400);
    expect(res.error.message).toBe('4 lines could not be imported.');
    expect(res.error.extra?.fields?.csv).toEqual([
      'Line 3: Give a time as HH:MM (00:00 to 23:59).',
      'Line 4: No active interpreter has this username.',
      'Line 6: The shift must end at another time than it starts.',
      'Line 7: This date does not exist.',
    ]);
    expect(await shiftsOf(a)).toEqual([]);
  });

  it('imports a split shift: two rows a day that do not overlap replace that day’s plan', async () => {
    const a = await interpreter();
    await callAs(s, 'manager.wfm', W.createShift, {
      body: { username: a.username, date: '2030-03-10', start: '09:00', end: '17:00' },
    });
    const csv = `username,date,start,end\n${a.username},2030-03-10,07:00,11:00\n${a.username},2030-03-10,15:00,19:00\n`;
    const res = await callAs(s, 'manager.wfm', W.importShifts, { body: { csv } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ rows: 2, created: 0, replaced: 2, removed: 1, dry_run: false });
    expect(brief(await shiftsOf(a))).toEqual(['2030-03-10 07:00-11:00', '2030-03-10 15:00-19:00']);
  });

  it('refuses rows that overlap each other or a shift the file keeps, naming the lines', async () => {
    const a = await interpreter();
    // The night before, which a file about the 11th keeps.
    await callAs(s, 'manager.wfm', W.createShift, {
      body: { username: a.username, date: '2030-03-10', start: '22:00', end: '06:00' },
    });
    const csv = [
      'username,date,start,end',
      `${a.username},2030-03-11,08:00,16:00`,
      `${a.username},2030-03-11,15:00,19:00`,
      `${a.username},2030-03-12,05:00,07:00`,
      `${a.username},2030-03-11,05:00,07:00`,
    ].join('\n');
    const res = await callAs(s, 'manager.wfm', W.importShifts, { body: { csv, dry_run: true } });
    expect(res.status).toBe(400);
    expect(res.error.message).toBe('2 lines could not be imported.');
    expect(res.error.extra?.fields?.csv).toEqual([
      'Line 3: This shift overlaps the one on line 2 for the same interpreter.',
      'Line 5: This overlaps their shift on 2030-03-10, 22:00–06:00: shifts of one person may not overlap.',
    ]);
    expect((await callAs(s, 'manager.wfm', W.importShifts, { body: { csv } })).status).toBe(400);
    expect(brief(await shiftsOf(a))).toEqual(['2030-03-10 22:00-06:00']);
  });

  it('refuses a file without the needed header or without rows', async () => {
    const noHeader = await callAs(s, 'manager.wfm', W.importShifts, {
      body: { csv: 'interpreter01,2030-03-10,08:00,16:00\n' },
    });
    expect(noHeader.status).toBe(400);
    expect(noHeader.error.extra?.fields?.csv).toEqual([
      'The first line must name the columns username, date, start and end.',
    ]);
    const empty = await callAs(s, 'manager.wfm', W.importShifts, { body: { csv: 'username,date,start,end\n\n' } });
    expect(empty.error.extra?.fields?.csv).toEqual(['The file has no shifts below its header.']);
  });
});

describe('who may use WFM', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/wfm/shifts/?from=2030-01-01&to=2030-01-31'],
    ['POST', '/api/wfm/shifts/', { username: 'interpreter01', date: '2030-01-20', start: '08:00', end: '16:00' }],
    ['POST', '/api/wfm/shifts/import/', { csv: 'username,date,start,end\ninterpreter01,2030-01-21,08:00,16:00' }],
    ['PUT', '/api/wfm/shifts/1/', { start: '08:00', end: '16:00' }],
    ['DELETE', '/api/wfm/shifts/1/'],
    ['GET', '/api/wfm/day/'],
    ['GET', '/api/wfm/day/export.csv'],
    ['GET', '/api/wfm/users/interpreter01/history/'],
    ['GET', '/api/wfm/staffing/'],
    ['PUT', '/api/wfm/staffing/', { language: 'Arabic↔English', hours: Array(24).fill(1) }],
    ['DELETE', '/api/wfm/staffing/?language=Arabic%E2%86%94English'],
  ];

  it('HR and FINANCE get 403 on every WFM route', async () => {
    for (const who of ['hr', 'finance']) {
      for (const [method, url, body] of routes) {
        expect((await raw(who, method, url, body)).status, `${who} ${method} ${url}`).toBe(403);
      }
    }
  });

  it('OPERATION reads shifts but may not write them; RTM sets staffing but not shifts', async () => {
    const u = await interpreter();
    const shift = { username: u.username, date: '2030-01-25', start: '08:00', end: '16:00' };
    expect(
      (await callAs(s, 'manager.ops', W.listShifts, { query: { from: '2030-01-01', to: '2030-01-31' } })).status,
    ).toBe(200);
    expect((await callAs(s, 'manager.ops', W.getWfmDay, { query: {} })).status).toBe(200);
    expect((await callAs(s, 'manager.ops', W.createShift, { body: shift })).status).toBe(403);
    expect((await callAs(s, 'rtm', W.createShift, { body: shift })).status).toBe(403);
    expect(
      (await callAs(s, 'manager.ops', W.saveStaffing, { body: { language: 'Arabic↔Urdu', hours: Array(24).fill(2) } }))
        .status,
    ).toBe(403);
    expect(await shiftsOf(u)).toEqual([]);
    const set = await callAs(s, 'rtm', W.saveStaffing, { body: { language: 'Urdu↔Arabic', hours: Array(24).fill(2) } });
    expect(set.status).toBe(200);
  });
});
