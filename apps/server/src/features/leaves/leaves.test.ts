import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  leaveEndpoints as L,
  ZCalendar,
  ZLeaveBalances,
  ZLeaveCoverage,
  ZLeaveQuote,
  ZLeaveRequest,
  ZLeaveRequestList,
  ZWsLeaveUpdate,
  type TBalancesQuery,
  type TCreateLeaveRequest,
  type TLeaveTypeRequest,
  type TMyLeavesQuery,
  type TUserType,
} from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import { callAs } from '../../../test/client.js';
import { factories, leaveTypeBody, TINY_PNG, type Factories } from '../../../test/factories.js';
import { multipartBody, openSocket, ready, startTestServer, type TestServer } from '../../../test/harness.js';
import { addDays } from './leave-rules.js';

let s: TestServer;
let make: Factories;
const types = new Map<string, number>();

beforeAll(async () => {
  s = await startTestServer();
  make = factories(s.database.db);
  const list = await callAs(s, 'hr', L.listLeaveTypes);
  for (const t of list.body) if (t.code) types.set(t.code, t.id);
});
afterAll(() => s?.stop());

const as = (who: string | { username: string }) => s.token(who);

/** Requests outside the typed client: a list of routes tried alike, and other features' routes. */
const raw = async (who: string | UserRow, method: string, url: string, body?: unknown) =>
  s.api(method, url, { token: await as(who), body });

/** A year no demo request touches, with a known calendar. */
const Y = new Date().getUTCFullYear() + 2;
/** A fresh user's annual balance in Y: 21, plus the 5 carried from an unused Y − 1. */
const FULL = 26;
const today = new Date().toISOString().slice(0, 10);

/** The first day of `month` in year `year` falling on `dow` (0 Sunday … 6 Saturday), plus `weeks`. */
function weekday(year: number, month: number, dow: number, weeks = 0): string {
  const d = new Date(Date.UTC(year, month - 1, 1));
  while (d.getUTCDay() !== dow) d.setUTCDate(d.getUTCDate() + 1);
  d.setUTCDate(d.getUTCDate() + weeks * 7);
  return d.toISOString().slice(0, 10);
}
const SUN = 0;
const WED = 3;
const THU = 4;

const ask = (
  type: string,
  start: string,
  end = start,
  extra: Partial<TCreateLeaveRequest> = {},
): TCreateLeaveRequest => ({
  leave_type: types.get(type)!,
  start_date: start,
  end_date: end,
  reason: 'Family matters.',
  ...extra,
});

/** A staff member of `department` (a fresh one each time), and optionally its manager. */
const staff = (user_type: TUserType = 'FINANCE', flags: { is_manager?: boolean; is_director?: boolean } = {}) =>
  make.user({ user_type, ...flags });

const submit = (who: UserRow | string, body: TCreateLeaveRequest | FormData) => callAs(s, who, L.createLeave, { body });

async function balance(who: UserRow | string, year: number, code: string, of?: UserRow) {
  const query: TBalancesQuery = of ? { user: of.id, year } : { year };
  const res = await callAs(s, who, L.getLeaveBalances, { query });
  expect(res.status).toBe(200);
  const b = ZLeaveBalances.parse(res.body).balances.find((x) => x.leave_type.id === types.get(code));
  return b!;
}

const history = async (who: UserRow) =>
  ZLeaveRequestList.parse((await callAs(s, who, L.listMyLeaves, { query: { status: 'history' } })).body);

const multipart = (who: UserRow, fields: TCreateLeaveRequest, files: { name: string; data: Buffer }[]) =>
  submit(who, multipartBody(fields, files));

/** A leave type HR might add. */
async function notificationsOf(who: UserRow | string): Promise<string[]> {
  const res = await raw(who, 'GET', '/api/notifications/all/');
  return (res.body.results as { message: string }[]).map((n) => n.message);
}

describe('leave types, holidays and settings', () => {
  it('are read by any staff member and kept by HR and ADMIN, names and dates unique', async () => {
    const list = await callAs(s, 'marketing', L.listLeaveTypes);
    expect(list.status).toBe(200);
    expect(list.body.map((t) => t.code)).toEqual(
      expect.arrayContaining(['annual', 'casual', 'sick', 'unpaid', 'maternity', 'bereavement']),
    );
    const body = leaveTypeBody('Study leave');
    expect((await callAs(s, 'marketing', L.createLeaveType, { body })).status).toBe(403);
    const created = await callAs(s, 'hr', L.createLeaveType, { body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...body, code: null });
    const dup = await callAs(s, 'admin', L.createLeaveType, { body: { ...body, name: 'STUDY leave' } });
    expect(dup.status).toBe(400);
    expect(dup.error.extra?.fields?.name).toEqual(['A leave type with this name exists already.']);
    const renamedOver = await callAs(s, 'hr', L.updateLeaveType, {
      params: { id: created.body.id },
      body: { ...body, name: 'Annual leave' },
    });
    expect(renamedOver.status).toBe(400);
    expect(renamedOver.error.extra?.fields?.name).toBeDefined();
    const retired = await callAs(s, 'hr', L.updateLeaveType, {
      params: { id: created.body.id },
      body: { ...body, is_active: false },
    });
    expect(retired.body).toMatchObject({ id: created.body.id, is_active: false });
    expect((await callAs(s, 'hr', L.updateLeaveType, { params: { id: 999999 }, body })).status).toBe(404);

    const day = `${Y}-11-11`;
    const h = await callAs(s, 'hr', L.createHoliday, { body: { date: day, name: 'Test day' } });
    expect(h.status).toBe(201);
    const again = await callAs(s, 'admin', L.createHoliday, { body: { date: day, name: 'Again' } });
    expect(again.status).toBe(400);
    expect(again.error.extra?.fields?.date).toEqual(['This day is a holiday already.']);
    expect((await callAs(s, 'it', L.createHoliday, { body: { date: `${Y}-11-12`, name: 'No' } })).status).toBe(403);
    const ofYear = await callAs(s, 'it', L.listHolidays, { query: { year: Y } });
    expect(ofYear.body).toEqual([{ id: h.body.id, date: day, name: 'Test day', name_ar: null }]);
    expect((await callAs(s, 'hr', L.deleteHoliday, { params: { id: h.body.id } })).status).toBe(204);
    expect((await callAs(s, 'hr', L.deleteHoliday, { params: { id: h.body.id } })).status).toBe(404);
  });

  it('keeps the working week and the coverage share in the portal settings, Friday and Saturday by default', async () => {
    expect((await callAs(s, 'it', L.getLeaveSettings)).body).toEqual({
      weekend_days: [5, 6],
      coverage_warning_share: 0.3,
    });
    expect(
      (await callAs(s, 'it', L.updateLeaveSettings, { body: { weekend_days: [6], coverage_warning_share: 0.5 } }))
        .status,
    ).toBe(403);
    const put = await callAs(s, 'hr', L.updateLeaveSettings, {
      body: { weekend_days: [6, 0], coverage_warning_share: 0.5 },
    });
    expect(put.body).toEqual({ weekend_days: [0, 6], coverage_warning_share: 0.5 });
    // Now Friday works and Sunday does not: Thu–Sun is Thu, Fri.
    const quote = await callAs(s, 'it', L.quoteLeave, {
      body: ask('annual', weekday(Y, 1, THU), addDays(weekday(Y, 1, THU), 3)),
    });
    expect(quote.body.days).toBe(2);
    await callAs(s, 'hr', L.updateLeaveSettings, { body: { weekend_days: [5, 6], coverage_warning_share: 0.3 } });
    expect((await callAs(s, 'it', L.getLeaveSettings)).body.weekend_days).toEqual([5, 6]);
  });
});

describe('working days and balances', () => {
  it('counts working days only: a weekend and a holiday inside the range do not count', async () => {
    const wed = weekday(Y, 3, WED);
    const sun = addDays(wed, 4);
    const mon = addDays(wed, 5);
    const h = await callAs(s, 'hr', L.createHoliday, { body: { date: sun, name: 'Spring holiday' } });
    const user = await staff();
    const quote = await callAs(s, user, L.quoteLeave, { body: ask('annual', wed, mon) });
    // Wed, Thu, (Fri, Sat weekend), (Sun holiday), Mon.
    expect(ZLeaveQuote.parse(quote.body)).toEqual({
      days: 3,
      by_year: [{ year: Y, days: 3, available_after: FULL - 3 }],
      refusals: [],
    });
    const res = await submit(user, ask('annual', wed, mon));
    expect(res.status).toBe(201);
    expect(ZLeaveRequest.parse(res.body)).toMatchObject({ days: 3, status: 'pending', start_date: wed, end_date: mon });
    // Stored as counted: removing the holiday later does not change the request.
    await callAs(s, 'hr', L.deleteHoliday, { params: { id: h.body.id } });
    expect((await callAs(s, user, L.getLeave, { params: { id: res.body.id } })).body.days).toBe(3);
    expect(await balance(user, Y, 'annual')).toMatchObject({
      entitlement: 21,
      carried_over: 5,
      pending: 3,
      approved: 0,
      available: FULL - 3,
    });
  });

  it('counts a half day as 0.5, on types that allow it, a single day only', async () => {
    const user = await staff();
    const thu = weekday(Y, 4, THU);
    const half = await submit(user, ask('casual', thu, thu, { half_day: 'first' }));
    expect(half.status).toBe(201);
    expect(half.body).toMatchObject({ days: 0.5, half_day: 'first' });
    expect(await balance(user, Y, 'casual')).toMatchObject({ pending: 0.5, available: 5.5 });

    const sick = await submit(user, ask('sick', addDays(thu, 3), addDays(thu, 3), { half_day: 'second' }));
    expect(sick.status).toBe(400);
    expect(sick.error.extra?.fields?.half_day).toEqual(['Sick leave is taken in whole days only.']);
    const twoDays = await submit(user, ask('casual', addDays(thu, 3), addDays(thu, 4), { half_day: 'second' }));
    expect(twoDays.status).toBe(400);
    expect(twoDays.error.extra?.fields?.half_day).toBeDefined();
    expect((await history(user)).length).toBe(1);
  });

  it('splits a leave across New Year into both years, each against its own balance', async () => {
    const user = await staff();
    const start = `${Y}-12-28`;
    const end = `${Y + 1}-01-06`;
    const quote = ZLeaveQuote.parse((await callAs(s, user, L.quoteLeave, { body: ask('annual', start, end) })).body);
    const weekdays = (from: string, to: string) => {
      let n = 0;
      for (let d = from; d <= to; d = addDays(d, 1)) if (![5, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay())) n++;
      return n;
    };
    const first = weekdays(start, `${Y}-12-31`);
    const second = weekdays(`${Y + 1}-01-01`, end) - (end >= `${Y + 1}-01-07` ? 1 : 0);
    expect(quote.by_year.map((y) => [y.year, y.days])).toEqual([
      [Y, first],
      [Y + 1, second],
    ]);
    expect(quote.days).toBe(first + second);
    expect((await submit(user, ask('annual', start, end))).status).toBe(201);
    expect((await balance(user, Y, 'annual')).pending).toBe(first);
    // What is pending at the end of Y is held: Y + 1 starts with what is left, capped at 5.
    const next = await balance(user, Y + 1, 'annual');
    expect(next).toMatchObject({ pending: second, carried_over: 5, available: 26 - second });
  });

  it('carries over what was left of last year, up to the cap', async () => {
    const thisYear = new Date().getUTCFullYear();
    const user = await staff();
    await make.leave({ user, start_date: `${thisYear}-01-04`, status: 'approved', days: 18 });
    expect(await balance(user, thisYear, 'annual')).toMatchObject({ carried_over: 0, approved: 18, available: 3 });
    expect(await balance(user, thisYear + 1, 'annual')).toMatchObject({ carried_over: 3, available: 24 });
    const fresh = await staff();
    expect(await balance(fresh, thisYear + 1, 'annual')).toMatchObject({ carried_over: 5, available: 26 });
    // Unpaid leave is not counted: no entitlement, nothing carried, usage shown.
    await make.leave({ user, type: 'unpaid', start_date: `${thisYear}-02-04`, status: 'approved', days: 2 });
    expect(await balance(user, thisYear, 'unpaid')).toMatchObject({ entitlement: 0, approved: 2, carried_over: 0 });
  });

  it("shows balances to their owner and the owner's approvers; anyone else gets 404", async () => {
    const user = await staff();
    const manager = await staff('FINANCE', { is_manager: true });
    expect((await callAs(s, manager, L.getLeaveBalances, { query: { user: user.id } })).status).toBe(200);
    expect((await callAs(s, 'director.ad', L.getLeaveBalances, { query: { user: user.id } })).status).toBe(200);
    expect((await callAs(s, 'hr', L.getLeaveBalances, { query: { user: user.id } })).status).toBe(200);
    const colleague = await staff();
    const other = await callAs(s, colleague, L.getLeaveBalances, { query: { user: user.id } });
    const missing = await callAs(s, colleague, L.getLeaveBalances, { query: { user: 99999999 } });
    expect([other.status, missing.status]).toEqual([404, 404]);
    expect(other.body).toEqual(missing.body);
    expect((await callAs(s, 'manager.it', L.getLeaveBalances, { query: { user: user.id } })).status).toBe(404);
  });
});

describe('submitting', () => {
  it('refuses overlaps, short balances and every other rule with a field error, storing nothing', async () => {
    const user = await staff();
    const sun = weekday(Y, 5, SUN);
    expect((await submit(user, ask('annual', sun, addDays(sun, 2)))).status).toBe(201);
    const before = await balance(user, Y, 'annual');

    // [body, field, message, whether the quote (no lock, no files) refuses it too]
    const cases: [TCreateLeaveRequest, string, string | RegExp, boolean][] = [
      [
        ask('annual', addDays(sun, 2), addDays(sun, 3)),
        'start_date',
        `You already have leave from ${sun} to ${addDays(sun, 2)}.`,
        false,
      ],
      [
        ask('bereavement', addDays(sun, 7), addDays(sun, 11)),
        'leave_type',
        `Only 3 days of Bereavement leave left in ${Y}; this takes 5.`,
        false,
      ],
      [ask('annual', addDays(sun, 5), addDays(sun, 6)), 'end_date', /no working days/, true],
      [ask('annual', addDays(sun, 8), addDays(sun, 7)), 'end_date', 'The last day cannot be before the first.', true],
      [ask('sick', addDays(sun, 14), addDays(sun, 16)), 'attachments', /Attach a supporting document/, false],
      [ask('annual', addDays(today, -10), addDays(today, -10)), 'start_date', /more than 3 days ago/, true],
      [{ ...ask('annual', addDays(sun, 21)), leave_type: 999999 }, 'leave_type', 'Choose a leave type.', true],
    ];
    for (const [body, field, message, quoteToo] of cases) {
      const res = await submit(user, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const got = res.error.extra?.fields?.[field]?.[0];
      if (typeof message === 'string') expect(got).toBe(message);
      else expect(got).toMatch(message);
      if (quoteToo) expect((await callAs(s, user, L.quoteLeave, { body })).status).toBe(400);
    }
    // The quote shows what a short balance would leave instead.
    const short = await callAs(s, user, L.quoteLeave, { body: ask('bereavement', addDays(sun, 7), addDays(sun, 11)) });
    expect(short.body.by_year).toEqual([{ year: Y, days: 5, available_after: -2 }]);
    // A retired type.
    const retired = await callAs(s, 'hr', L.createLeaveType, {
      body: { ...leaveTypeBody('Retired leave'), is_active: false },
    });
    const gone = await submit(user, { ...ask('annual', addDays(sun, 28)), leave_type: retired.body.id });
    expect(gone.status).toBe(400);
    expect(gone.error.extra?.fields?.leave_type?.[0]).toMatch(/no longer offered/);

    // Nothing stored: one request, the same balance, no extra notification for the approvers.
    expect((await history(user)).length).toBe(1);
    expect(await balance(user, Y, 'annual')).toEqual(before);
  });

  it('takes a supporting document as multipart, served to approvers only', async () => {
    const user = await staff();
    const manager = await staff('FINANCE', { is_manager: true });
    const sun = weekday(Y, 6, SUN);
    const res = await multipart(user, ask('sick', sun, addDays(sun, 2)), [{ name: 'note.png', data: TINY_PNG }]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ days: 3, attachments: [{ filename: 'note.png', content_type: 'image/png' }] });
    const [attachment] = res.body.attachments;
    expect(attachment!.url).toBe(`/api/leaves/attachment/${attachment!.id}/`);
    const get = async (who: UserRow | string) =>
      (await callAs(s, who, L.downloadLeaveAttachment, { params: { id: attachment!.id } })).status;
    expect(await get(user)).toBe(200);
    expect(await get(manager)).toBe(200);
    expect(await get(await staff())).toBe(404);
    expect(await get('manager.it')).toBe(404);
    // A file of a refused type: 400 on attachments, nothing stored.
    const bad = await multipart(user, ask('sick', addDays(sun, 7), addDays(sun, 9)), [
      { name: 'x.exe', data: Buffer.from('MZ\x90\x00binary') },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.error.extra?.fields?.attachments).toBeDefined();
    expect((await history(user)).length).toBe(1);
  });

  it('lets HR record past leave for someone else, approved at once; nobody else may', async () => {
    const user = await staff();
    // A working day three weeks back (not a weekend day, not a holiday).
    const holidays = new Set((await callAs(s, 'hr', L.listHolidays, { query: {} })).body.map((h) => h.date));
    let past = addDays(today, -20);
    while ([5, 6].includes(new Date(`${past}T00:00:00Z`).getUTCDay()) || holidays.has(past)) past = addDays(past, 1);
    const body = { ...ask('casual', past, past), user: user.id };
    const refused = await submit(await staff(), body);
    expect(refused.status).toBe(403);
    // Back-dated by the user themselves: refused.
    expect((await submit(user, { ...body, user: undefined })).error.extra?.fields?.start_date).toBeDefined();
    const res = await submit('hr', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'approved', user: { id: user.id }, recorded_by: { username: 'hr' } });
    expect(res.body.timeline.map((e) => e.event)).toEqual(['submitted', 'approved']);
    expect(res.body.timeline[0]!.comment).toBe('Recorded by HR.');
    expect((await notificationsOf(user))[0]).toMatch(/recorded your Casual leave/);
  });
});

describe('the request notification', () => {
  it('is stored by kind and parameters (names, ISO dates, the count), its English text beside them', async () => {
    const user = await make.user({ user_type: 'FINANCE', first_name: 'Noura', last_name: 'Kamel' });
    const manager = await staff('FINANCE', { is_manager: true });
    const from = weekday(Y, 8, SUN);
    const res = await submit(user, ask('annual', from, addDays(from, 3)));
    expect(res.status).toBe(201);
    const [n] = (await raw(manager, 'GET', '/api/notifications/all/')).body.results;
    const params = {
      name: 'Noura Kamel',
      leaveType: { name: 'Annual leave', code: 'annual', name_ar: 'إجازة سنوية' },
      dates: { from, to: addDays(from, 3) },
      count: res.body.days,
    };
    expect(n).toMatchObject({ kind: 'leaveRequested', params, url: `/leaves/${res.body.id}` });
    expect(n.message).toMatch(
      new RegExp(`^Noura Kamel asks for Annual leave: .+ to .+ \\(${res.body.days} days\\)\\.$`),
    );
    const stored = await s.database.db
      .selectFrom('notifications')
      .select(['kind', 'params'])
      .where('id', '=', n.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ kind: 'leaveRequested', params });
  });

  it('carries both names of a type HR named in two languages, to the approvers and to the requester', async () => {
    const user = await make.user({ user_type: 'FINANCE' });
    const manager = await staff('FINANCE', { is_manager: true });
    const named = { ...leaveTypeBody('Study days 28'), name_ar: 'أيام الدراسة' };
    const type = (await callAs(s, 'hr', L.createLeaveType, { body: named })).body.id;
    const from = weekday(Y, 9, SUN);
    const res = await submit(user, { ...ask('annual', from), leave_type: type });
    expect(res.status).toBe(201);
    const leaveType = { name: 'Study days 28', code: null, name_ar: 'أيام الدراسة' };
    const [asked] = (await raw(manager, 'GET', '/api/notifications/all/')).body.results;
    expect(asked).toMatchObject({ kind: 'leaveRequested', params: { leaveType } });
    const decided = await callAs(s, manager, L.decideLeave, {
      params: { id: res.body.id },
      body: { decision: 'approve' },
    });
    expect(decided.status).toBe(200);
    const [told] = (await raw(user, 'GET', '/api/notifications/all/')).body.results;
    expect(told).toMatchObject({ kind: 'leaveApproved', params: { leaveType } });
  });
});

describe('deciding', () => {
  it('approves along the hierarchy, tells the requester, refuses a second decision and self-approval', async () => {
    const user = await staff();
    const manager = await staff('FINANCE', { is_manager: true });
    const sun = weekday(Y, 7, SUN);
    const res = await submit(user, ask('annual', sun, addDays(sun, 1)));
    const id = res.body.id;
    // The approvers hear of it: the department's manager, the director above, HR.
    expect((await notificationsOf(manager))[0]).toMatch(/asks for Annual leave/);
    expect((await notificationsOf('director.ad'))[0]).toMatch(/asks for Annual leave/);
    expect((await notificationsOf('hr'))[0]).toMatch(/asks for Annual leave/);

    const inbox = ZLeaveRequestList.parse((await callAs(s, manager, L.listLeaveInbox, { query: {} })).body);
    expect(inbox.find((l) => l.id === id)?.can).toEqual({ decide: true, cancel: false, revoke: false });
    expect((await callAs(s, 'manager.it', L.listLeaveInbox, { query: {} })).body.map((l) => l.id)).not.toContain(id);

    expect((await callAs(s, user, L.decideLeave, { params: { id }, body: { decision: 'approve' } })).status).toBe(403);
    const noWhy = await callAs(s, manager, L.decideLeave, {
      params: { id },
      body: { decision: 'reject', comment: '' },
    });
    expect(noWhy.status).toBe(400);
    expect(noWhy.error.extra?.fields?.comment).toEqual(['Say why it is rejected.']);

    const ok = await callAs(s, manager, L.decideLeave, {
      params: { id },
      body: { decision: 'approve', comment: 'Enjoy.' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('approved');
    expect(ok.body.timeline.map((e) => [e.event, e.actor?.id])).toEqual([
      ['submitted', user.id],
      ['approved', manager.id],
    ]);
    expect((await notificationsOf(user))[0]).toMatch(/was approved by .*: Enjoy\./);
    const logged = await raw('admin', 'GET', `/api/eventlogs/?target_type=leave&target_id=${id}`);
    expect(
      logged.body.results.map((e: { action: string; actor_username: string }) => [e.action, e.actor_username]),
    ).toEqual([
      ['leave.approved', manager.username],
      ['leave.submitted', user.username],
    ]);
    const again = await callAs(s, 'hr', L.decideLeave, {
      params: { id },
      body: { decision: 'reject', comment: 'No.' },
    });
    expect(again.status).toBe(409);
    expect(again.error.message).toBe('This request was already decided.');
    expect(await balance(user, Y, 'annual')).toMatchObject({ approved: 2, pending: 0, available: FULL - 2 });

    // A manager's own request: they approve for the department, never for themselves.
    const own = await submit(manager, ask('annual', addDays(sun, 7)));
    const self = await callAs(s, manager, L.decideLeave, {
      params: { id: own.body.id },
      body: { decision: 'approve' },
    });
    expect(self.status).toBe(403);
    expect(self.error.message).toBe('You cannot decide your own request.');
    expect((await callAs(s, manager, L.listLeaveInbox, { query: {} })).body.map((l) => l.id)).not.toContain(
      own.body.id,
    );
    expect((await callAs(s, manager, L.getLeave, { params: { id: own.body.id } })).body.status).toBe('pending');
  });

  it('sends types that need it to HR after the approver, and HR confirms or rejects', async () => {
    const user = await staff();
    const manager = await staff('FINANCE', { is_manager: true });
    const sun = weekday(Y, 8, SUN);
    const first = (await submit(user, ask('unpaid', sun, addDays(sun, 2)))).body.id;
    const second = (await submit(user, ask('unpaid', addDays(sun, 7), addDays(sun, 8)))).body.id;
    for (const id of [first, second]) {
      const r = await callAs(s, manager, L.decideLeave, { params: { id }, body: { decision: 'approve', comment: '' } });
      expect(r.body.status).toBe('awaiting_hr');
    }
    expect((await notificationsOf('manager.hr'))[0]).toMatch(/waits for HR's confirmation/);
    // The approver's step is done: HR's is not theirs.
    const notTheirs = await callAs(s, manager, L.decideLeave, { params: { id: first }, body: { decision: 'approve' } });
    expect(notTheirs.status).toBe(403);
    const hrInbox = (await callAs(s, 'manager.hr', L.listLeaveInbox, { query: {} })).body.map((l) => l.id);
    expect(hrInbox).toEqual(expect.arrayContaining([first, second]));
    expect((await callAs(s, manager, L.listLeaveInbox, { query: {} })).body.map((l) => l.id)).not.toContain(first);
    // Unpaid leave shows as held while it waits.
    expect(await balance(user, Y, 'unpaid')).toMatchObject({ pending: 5 });

    const yes = await callAs(s, 'manager.hr', L.decideLeave, { params: { id: first }, body: { decision: 'approve' } });
    expect(yes.body.status).toBe('approved');
    const no = await callAs(s, 'hr', L.decideLeave, {
      params: { id: second },
      body: { decision: 'reject', comment: 'Busy month.' },
    });
    expect(no.body.status).toBe('rejected');
    const events = (id: number) =>
      callAs(s, user, L.getLeave, { params: { id } }).then((r) => r.body.timeline.map((e) => e.event));
    expect(await events(first)).toEqual(['submitted', 'approved', 'hr_confirmed']);
    expect(await events(second)).toEqual(['submitted', 'approved', 'hr_rejected']);
    expect((await notificationsOf(user))[0]).toMatch(/rejected by HR by .*: Busy month\./);
    expect(await balance(user, Y, 'unpaid')).toMatchObject({ approved: 3, pending: 0 });
  });

  it('lets exactly one of two approvers deciding at once win; the other gets 409', async () => {
    const user = await staff();
    const manager = await staff('FINANCE', { is_manager: true });
    const sun = weekday(Y, 9, SUN);
    const id = (await submit(user, ask('annual', sun))).body.id;
    const [a, b] = await Promise.all([
      callAs(s, manager, L.decideLeave, { params: { id }, body: { decision: 'approve', comment: 'Yes' } }),
      callAs(s, 'hr', L.decideLeave, { params: { id }, body: { decision: 'reject', comment: 'No' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? a : b;
    const detail = (await callAs(s, user, L.getLeave, { params: { id } })).body;
    expect(detail.status).toBe(winner.body.status);
    expect(detail.timeline.length).toBe(2);
  });
});

describe('who sees what', () => {
  it('answers 404 to anyone who may not see a request, exactly like a missing one', async () => {
    const user = await staff();
    const sun = weekday(Y, 10, SUN);
    const res = await multipart(user, ask('sick', sun, addDays(sun, 2)), [{ name: 'note.png', data: TINY_PNG }]);
    const approved = await make.leave({ user, start_date: addDays(sun, 14), status: 'approved' });
    const id = res.body.id;
    const outsiders = [await staff(), await staff('IT', { is_manager: true })];
    for (const outsider of outsiders) {
      for (const [method, path, body] of [
        ['GET', `/api/leaves/${id}/`],
        ['GET', `/api/leaves/${id}/coverage/`],
        ['POST', `/api/leaves/${id}/decision/`, { decision: 'approve' }],
        ['POST', `/api/leaves/${id}/cancel/`, {}],
        ['POST', `/api/leaves/${approved.id}/revoke/`, {}],
        ['GET', res.body.attachments[0]!.url],
        ['GET', `/api/leaves/balances/?user=${user.id}`],
      ] as [string, string, unknown?][]) {
        const r = await raw(outsider, method, path, body);
        expect(r.status, `${outsider.username} ${method} ${path}`).toBe(404);
        const missing = await raw(outsider, method, path.replace(String(id), '99999999'), body);
        expect(missing.status).toBe(404);
      }
    }
    // Nothing changed.
    expect((await callAs(s, user, L.getLeave, { params: { id } })).body.status).toBe('pending');
    expect((await callAs(s, user, L.getLeave, { params: { id: approved.id } })).body.status).toBe('approved');
    // The requester sees it, but the coverage is the approvers'.
    expect((await callAs(s, user, L.getLeaveCoverage, { params: { id } })).status).toBe(403);
    expect((await callAs(s, 'director.ad', L.getLeaveCoverage, { params: { id } })).status).toBe(200);
  });

  it('lists my requests: submitted, history and completed, newest first', async () => {
    const user = await staff();
    const thisYear = new Date().getUTCFullYear();
    const ended = await make.leave({ user, start_date: `${thisYear - 1}-03-03`, status: 'approved' });
    const rejected = await make.leave({ user, start_date: `${Y}-01-10`, status: 'rejected' });
    const waiting = (await submit(user, ask('annual', weekday(Y, 11, SUN)))).body.id;
    const ids = async (query: TMyLeavesQuery) =>
      ZLeaveRequestList.parse((await callAs(s, user, L.listMyLeaves, { query })).body).map((l) => l.id);
    expect(await ids({ status: 'submitted' })).toEqual([waiting]);
    expect(await ids({ status: 'history' })).toEqual([waiting, rejected.id, ended.id]);
    expect(await ids({ status: 'completed' })).toEqual([ended.id]);
    expect(await ids({ status: 'history', year: thisYear - 1 })).toEqual([ended.id]);
  });
});

describe('cancelling and revoking', () => {
  it('returns the days: a waiting request, and an approved one before it starts (its approver hears)', async () => {
    const user = await staff();
    const manager = await staff('FINANCE', { is_manager: true });
    const sun = weekday(Y, 12, SUN, 1);
    const waiting = (await submit(user, ask('annual', sun, addDays(sun, 4)))).body.id;
    expect((await balance(user, Y, 'annual')).available).toBe(FULL - 5);
    expect((await callAs(s, manager, L.cancelLeave, { params: { id: waiting }, body: {} })).status).toBe(403);
    const c = await callAs(s, user, L.cancelLeave, { params: { id: waiting }, body: { comment: 'Plans changed.' } });
    expect(c.body).toMatchObject({ status: 'cancelled', can: { cancel: false, decide: false, revoke: false } });
    expect((await balance(user, Y, 'annual')).available).toBe(FULL);
    expect((await callAs(s, user, L.cancelLeave, { params: { id: waiting }, body: {} })).status).toBe(409);

    const approved = (await submit(user, ask('annual', addDays(sun, 7)))).body.id;
    await callAs(s, manager, L.decideLeave, { params: { id: approved }, body: { decision: 'approve' } });
    expect((await balance(user, Y, 'annual')).available).toBe(FULL - 1);
    expect((await callAs(s, user, L.cancelLeave, { params: { id: approved }, body: {} })).body.status).toBe(
      'cancelled',
    );
    expect((await balance(user, Y, 'annual')).available).toBe(FULL);
    expect((await notificationsOf(manager))[0]).toMatch(/cancelled their approved Annual leave/);
    expect((await callAs(s, user, L.getLeave, { params: { id: approved } })).body.timeline.map((e) => e.event)).toEqual(
      ['submitted', 'approved', 'cancelled'],
    );

    // HR revokes an approved leave that has not started; not the requester or an approver.
    const third = (await submit(user, ask('annual', addDays(sun, 14)))).body.id;
    await callAs(s, manager, L.decideLeave, { params: { id: third }, body: { decision: 'approve' } });
    expect((await callAs(s, manager, L.revokeLeave, { params: { id: third }, body: {} })).status).toBe(403);
    expect((await callAs(s, user, L.revokeLeave, { params: { id: third }, body: {} })).status).toBe(403);
    const r = await callAs(s, 'hr', L.revokeLeave, { params: { id: third }, body: { comment: 'Audit week.' } });
    expect(r.body.status).toBe('revoked');
    expect((await balance(user, Y, 'annual')).available).toBe(FULL);
    expect((await notificationsOf(user))[0]).toMatch(/revoked your Annual leave .*: Audit week\./);
    expect((await callAs(s, 'hr', L.revokeLeave, { params: { id: third }, body: {} })).status).toBe(409);
  });

  it('refuses to cancel an approved leave that has started', async () => {
    const user = await staff();
    const started = await make.leave({
      user,
      start_date: addDays(today, -1),
      end_date: addDays(today, 2),
      status: 'approved',
    });
    const r = await callAs(s, user, L.cancelLeave, { params: { id: started.id }, body: {} });
    expect(r.status).toBe(409);
    expect((await callAs(s, 'hr', L.revokeLeave, { params: { id: started.id }, body: {} })).status).toBe(409);
  });
});

describe('coverage and the team calendar', () => {
  it("counts who else of the requester's department is off each day, and warns past the share", async () => {
    // Traning: the demo's one member plus four here = 5 active.
    const [a, b, c, requester] = [
      await staff('Traning'),
      await staff('Traning'),
      await staff('Traning'),
      await staff('Traning'),
    ];
    await make.user({ user_type: 'Traning', is_active: false });
    const sun = weekday(Y, 2, SUN, 2);
    await make.leave({ user: a, start_date: sun, end_date: addDays(sun, 1), status: 'approved' });
    await make.leave({ user: b, start_date: sun, status: 'pending' });
    await make.leave({ user: c, start_date: sun, status: 'rejected' });
    const id = (await submit(requester, ask('annual', sun, addDays(sun, 1)))).body.id;
    const cov = ZLeaveCoverage.parse((await callAs(s, 'hr', L.getLeaveCoverage, { params: { id } })).body);
    expect(cov).toEqual({
      department: 'Traning',
      warning_share: 0.3,
      days: [
        { date: sun, working: true, off: 2, headcount: 5, share: 0.4, warning: true },
        { date: addDays(sun, 1), working: true, off: 1, headcount: 5, share: 0.2, warning: false },
      ],
    });

    const month = sun.slice(0, 7);
    const cal = ZCalendar.parse(
      (await callAs(s, 'director.gi', L.getTeamCalendar, { query: { month, department: 'Traning' } })).body,
    );
    const day = cal.days.find((d) => d.date === sun)!;
    expect(day.off.map((o) => [o.user.id, o.status]).sort()).toEqual(
      [
        [a.id, 'approved'],
        [b.id, 'pending'],
        [requester.id, 'pending'],
      ].sort(),
    );
    expect(day).toMatchObject({ headcount: 5, share: 0.6, warning: true, working: true, holiday: null });
    expect(cal.days.find((d) => d.date === addDays(sun, 5))).toMatchObject({ working: false, off: [] });

    const none = await callAs(s, a, L.getTeamCalendar, { query: { month } });
    expect(none.status).toBe(403);
    expect(none.error.message).toBe('The team calendar is for managers, directors, HR and ADMIN.');
    expect((await callAs(s, 'manager.it', L.getTeamCalendar, { query: { month, department: 'Traning' } })).status).toBe(
      404,
    );
    const mine = ZCalendar.parse((await callAs(s, 'manager.it', L.getTeamCalendar, { query: { month } })).body);
    expect(mine.departments).toEqual(['IT']);
  });
});

describe('live', () => {
  it("sends leave_update to the requester's and the approvers' sockets, nobody else's", async () => {
    const user = await staff();
    const manager = await staff('FINANCE', { is_manager: true });
    const outsider = await staff('IT');
    const sockets = await Promise.all(
      [user, manager, outsider].map(async (u) => {
        const sock = openSocket(s.url, '/ws/notification/', await as(u));
        await ready(sock);
        return sock;
      }),
    );
    const [mine, approver, other] = sockets as [(typeof sockets)[0], (typeof sockets)[0], (typeof sockets)[0]];
    const id = (await submit(user, ask('annual', weekday(Y, 12, SUN, 3)))).body.id;
    const isLeave = (status: string) => (m: any) =>
      m.message?.command === 'leave_update' && m.message.status === status;
    const toApprover = await approver.next(isLeave('pending'));
    expect(ZWsLeaveUpdate.parse(toApprover).message).toEqual({
      command: 'leave_update',
      leave: id,
      user: user.id,
      department: 'FINANCE',
      status: 'pending',
    });
    await mine.next(isLeave('pending'));
    await callAs(s, manager, L.decideLeave, { params: { id }, body: { decision: 'approve' } });
    expect((await mine.next(isLeave('approved'))).message.leave).toBe(id);
    await approver.next(isLeave('approved'));
    // The outsider's socket answers a ping after both frames went out, and got neither.
    other.ws.send(JSON.stringify({ command: 'ping' }));
    await other.next(
      (m) => m.message?.command === 'pong' && other.messages.filter((x) => x.message?.command === 'pong').length > 1,
    );
    expect(other.messages.some((m) => m.message?.command === 'leave_update')).toBe(false);
    for (const sock of sockets) sock.ws.close();
  });
});

describe('balances never go below zero', () => {
  /** `n` working days from a Sunday: whole Sunday–Thursday weeks, then the days of the next. */
  const workingDaysFrom = (sunday: string, n: number) => addDays(sunday, Math.floor((n - 1) / 5) * 7 + ((n - 1) % 5));
  const decide = (id: number, decision: 'approve' | 'reject' = 'approve') =>
    callAs(s, 'hr', L.decideLeave, { params: { id }, body: { decision, comment: decision === 'reject' ? 'No.' : '' } });

  it('checks the years a request reaches through carry-over: 26 next February, then 14 this December is refused', async () => {
    const user = await staff();
    // 18 days left in Y (21 + 5 carried − 8), so Y + 1 starts with 21 + 5.
    await make.leave({ user, start_date: `${Y}-03-01`, status: 'approved', days: 8 });
    expect((await balance(user, Y, 'annual')).available).toBe(18);
    expect((await balance(user, Y + 1, 'annual')).available).toBe(26);

    const feb = weekday(Y + 1, 2, SUN);
    const next = await submit(user, ask('annual', feb, workingDaysFrom(feb, 26)));
    expect(next.status).toBe(201);
    expect(next.body.days).toBe(26);
    expect((await decide(next.body.id)).body.status).toBe('approved');

    // 14 of Y's 18 days would leave 4 to carry instead of 5: Y + 1 would be one day short.
    const dec = weekday(Y, 12, SUN);
    const refused = await submit(user, ask('annual', dec, workingDaysFrom(dec, 14)));
    expect(refused.status).toBe(400);
    expect(refused.error.extra?.fields?.leave_type).toEqual([
      `Only 0 days of Annual leave left in ${Y + 1}; this takes 1.`,
    ]);
    // HR recording it for them is refused the same way.
    const recorded = await submit('hr', { ...ask('annual', dec, workingDaysFrom(dec, 14)), user: user.id });
    expect(recorded.status).toBe(400);
    expect(recorded.error.extra?.fields?.leave_type).toEqual([
      `Only 0 days of Annual leave left in ${Y + 1}; this takes 1.`,
    ]);

    // What Y can spare without touching the carry-over is still granted.
    const four = await submit(user, ask('annual', dec, workingDaysFrom(dec, 4)));
    expect(four.status).toBe(201);
    expect((await decide(four.body.id)).body.status).toBe('approved');
    expect(await balance(user, Y, 'annual')).toMatchObject({ approved: 12, available: 14 });
    expect(await balance(user, Y + 1, 'annual')).toMatchObject({ carried_over: 5, approved: 26, available: 0 });
    expect((await history(user)).map((l) => l.status)).toEqual(['approved', 'approved', 'approved']);
  });

  it('checks again on approval, with the requester locked: a request stored overdrawn is refused, rejecting it is not', async () => {
    const user = await staff();
    // Stored before this check existed: 26 approved in Y + 1, then all 26 of Y pending (nothing left to carry).
    await make.leave({ user, start_date: `${Y + 1}-02-01`, status: 'approved', days: 26 });
    const over = await make.leave({ user, start_date: `${Y}-12-01`, status: 'pending', days: 26 });
    const refused = await decide(over.id);
    expect(refused.status).toBe(409);
    expect(refused.error.message).toBe(`Only 0 days of Annual leave left in ${Y + 1}; this takes 5.`);
    expect((await callAs(s, user, L.getLeave, { params: { id: over.id } })).body.status).toBe('pending');
    expect((await decide(over.id, 'reject')).body.status).toBe('rejected');
    expect(await balance(user, Y + 1, 'annual')).toMatchObject({ carried_over: 5, available: 0 });
  });

  it('refuses lowering an allowance below what someone already holds, naming them, the field and the year', async () => {
    const user = await staff();
    const body = { ...leaveTypeBody('Study leave 26'), carry_over_max_days: 2 };
    const type = (await callAs(s, 'hr', L.createLeaveType, { body })).body.id;
    // 5 a year, 2 carried: 3 of Y's 7 taken, 6 of Y + 1's 7.
    const y = weekday(Y, 3, SUN);
    const next = weekday(Y + 1, 3, SUN);
    expect((await submit(user, { ...ask('annual', y, addDays(y, 2)), leave_type: type })).status).toBe(201);
    expect((await submit(user, { ...ask('annual', next, workingDaysFrom(next, 6)), leave_type: type })).status).toBe(
      201,
    );

    const put = (change: Partial<TLeaveTypeRequest>) =>
      callAs(s, 'hr', L.updateLeaveType, { params: { id: type }, body: { ...body, ...change } });
    const refusals: [Partial<TLeaveTypeRequest>, string, string][] = [
      [{ yearly_days: 0 }, 'yearly_days', `This leaves Test FINANCE 3 days short of Study leave 26 in ${Y}.`],
      [{ yearly_days: 3 }, 'yearly_days', `This leaves Test FINANCE 1 day short of Study leave 26 in ${Y + 1}.`],
      [
        { carry_over_max_days: 0 },
        'carry_over_max_days',
        `This leaves Test FINANCE 1 day short of Study leave 26 in ${Y + 1}.`,
      ],
    ];
    for (const [change, field, message] of refusals) {
      const res = await put(change);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.error.extra?.fields?.[field]).toEqual([message]);
    }
    expect((await callAs(s, 'hr', L.listLeaveTypes)).body.find((t) => t.id === type)).toMatchObject({
      yearly_days: 5,
      carry_over_max_days: 2,
    });
    // Lowering to exactly what is held, or raising, is fine.
    expect((await put({ carry_over_max_days: 1 })).status).toBe(200);
    expect((await put({ yearly_days: 9 })).status).toBe(200);
  });

  it('answers 400 on the field, never 500, for a leave too long or too far from today', async () => {
    const user = await staff();
    const far = await submit(user, ask('unpaid', weekday(Y, 1, SUN), '2100-12-31'));
    expect(far.status).toBe(400);
    expect(far.error.extra?.fields?.end_date).toBeDefined();
    const long = await submit(user, ask('unpaid', weekday(Y, 1, SUN), addDays(weekday(Y, 1, SUN), 400)));
    expect(long.status).toBe(400);
    expect(long.error.extra?.fields?.end_date).toEqual(['A leave can last at most 366 days.']);
    // A calendar month the date column cannot hold (there is no year 0) is refused on the field too.
    const month = await callAs(s, 'hr', L.getTeamCalendar, { query: { month: '0000-01' } });
    expect(month.status).toBe(400);
    expect(month.error.extra?.fields?.month).toEqual(['Choose a month between 2000 and 2100.']);
    const quote = await callAs(s, user, L.quoteLeave, { body: ask('unpaid', '2099-01-04', '2099-01-05') });
    expect(quote.status).toBe(400);
    expect(quote.error.extra?.fields?.start_date).toEqual(['Choose a date within 5 years of today.']);
    expect((await history(user)).length).toBe(0);
  });
});
