import { describe, expect, it } from 'vitest';
import {
  interpreterEndpoints as I,
  kpiEndpoints as K,
  leaveEndpoints as L,
  wfmEndpoints as W,
} from '@portal/contracts';
import { callAs } from './client.js';
import { kpiDefinitionBody, leaveTypeBody, serveTestFile, type Factories } from './factories.js';
import { type TestServer } from './harness.js';

/**
 * The names administrators type (public holidays, leave types, KPIs, interpreters' teams)
 * carry an Arabic form beside the English one: it round-trips through create, update and
 * the lists that name the record elsewhere, is optional and bounded like the name, must be
 * in Arabic letters, and an update that leaves it out keeps it.
 */

let s: TestServer;
let make: Factories;
serveTestFile((server, made) => void ([s, make] = [server, made]));

const Y = new Date().getUTCFullYear() + 3;

describe('Arabic names', () => {
  it('of leave types round-trip through create, update and the lists, and are checked by code', async () => {
    const created = await callAs(s, 'hr', L.createLeaveType, {
      body: leaveTypeBody('Hajj leave', { name_ar: '  إجازة الحج  ' }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Hajj leave', name_ar: 'إجازة الحج', code: null });
    const id = created.body.id;

    // Left out on update: kept (a client that predates the field never erases it).
    const kept = await callAs(s, 'hr', L.updateLeaveType, {
      params: { id },
      body: leaveTypeBody('Hajj leave', { yearly_days: 7 }),
    });
    expect(kept.body).toMatchObject({ yearly_days: 7, name_ar: 'إجازة الحج' });
    const renamed = await callAs(s, 'hr', L.updateLeaveType, {
      params: { id },
      body: leaveTypeBody('Hajj leave', { name_ar: 'إجازة أداء فريضة الحج' }),
    });
    expect(renamed.body.name_ar).toBe('إجازة أداء فريضة الحج');
    const list = await callAs(s, 'marketing', L.listLeaveTypes);
    expect(list.body.find((t) => t.id === id)?.name_ar).toBe('إجازة أداء فريضة الحج');
    // The types every install starts with have theirs.
    expect(list.body.find((t) => t.code === 'annual')?.name_ar).toBe('إجازة سنوية');

    // A request names its type in both languages.
    const user = await make.user({ user_type: 'IT' });
    const leave = await make.leave({ user, type: { id }, start_date: `${Y}-03-02`, end_date: `${Y}-03-02`, days: 1 });
    const read = await callAs(s, user.username, L.getLeave, { params: { id: leave.id } });
    expect(read.body.leave_type).toMatchObject({ name: 'Hajj leave', name_ar: 'إجازة أداء فريضة الحج' });

    // Blank or null clears it.
    const cleared = await callAs(s, 'hr', L.updateLeaveType, {
      params: { id },
      body: leaveTypeBody('Hajj leave', { name_ar: ' ' }),
    });
    expect(cleared.body.name_ar).toBeNull();

    // Latin letters, or longer than the English name may be: refused by code, nothing changed.
    const latin = await callAs(s, 'hr', L.createLeaveType, {
      body: leaveTypeBody('Study leave', { name_ar: 'Study' }),
    });
    expect(latin.status).toBe(400);
    expect(latin.error.extra?.codes?.name_ar).toEqual([{ code: 'arabicLetters' }]);
    const long = await callAs(s, 'hr', L.updateLeaveType, {
      params: { id },
      body: leaveTypeBody('Hajj leave', { name_ar: 'ح'.repeat(61) }),
    });
    expect(long.status).toBe(400);
    expect(long.error.extra?.codes?.name_ar).toEqual([{ code: 'maxChars', params: { count: 60 } }]);
    const after = await callAs(s, 'hr', L.listLeaveTypes);
    expect(after.body.find((t) => t.id === id)?.name_ar).toBeNull();
    expect(after.body.some((t) => t.name === 'Study leave')).toBe(false);
  });

  it('of public holidays round-trip through create, the list and the team calendar, and are checked', async () => {
    const day = `${Y}-07-16`;
    const h = await callAs(s, 'hr', L.createHoliday, {
      body: { date: day, name: 'Islamic New Year', name_ar: 'رأس السنة الهجرية' },
    });
    expect(h.status).toBe(201);
    expect(h.body).toEqual({ id: h.body.id, date: day, name: 'Islamic New Year', name_ar: 'رأس السنة الهجرية' });
    const plain = await callAs(s, 'hr', L.createHoliday, { body: { date: `${Y}-07-17`, name: 'Plain day' } });
    expect(plain.body.name_ar).toBeNull();
    const ofYear = await callAs(s, 'it', L.listHolidays, { query: { year: Y } });
    expect(ofYear.body.filter((x) => x.date.startsWith(`${Y}-07`))).toEqual([
      h.body,
      { id: plain.body.id, date: `${Y}-07-17`, name: 'Plain day', name_ar: null },
    ]);
    const calendar = await callAs(s, 'hr', L.getTeamCalendar, { query: { month: `${Y}-07` } });
    expect(calendar.body.days.find((d) => d.date === day)).toMatchObject({
      holiday: 'Islamic New Year',
      holiday_ar: 'رأس السنة الهجرية',
    });
    expect(calendar.body.days.find((d) => d.date === `${Y}-07-17`)).toMatchObject({
      holiday: 'Plain day',
      holiday_ar: null,
    });

    const bad = await callAs(s, 'hr', L.createHoliday, { body: { date: `${Y}-07-18`, name: 'Eid', name_ar: 'Eid' } });
    expect(bad.status).toBe(400);
    expect(bad.error.extra?.codes?.name_ar).toEqual([{ code: 'arabicLetters' }]);
    const long = await callAs(s, 'hr', L.createHoliday, {
      body: { date: `${Y}-07-18`, name: 'Eid', name_ar: 'ع'.repeat(81) },
    });
    expect(long.error.extra?.codes?.name_ar).toEqual([{ code: 'maxChars', params: { count: 80 } }]);
    const after = await callAs(s, 'it', L.listHolidays, { query: { year: Y } });
    expect(after.body.some((x) => x.date === `${Y}-07-18`)).toBe(false);
  });

  it('of KPI definitions round-trip through create, update, the list and recorded values', async () => {
    const created = await callAs(s, 'quality', K.createKpiDefinition, {
      body: kpiDefinitionBody('Call quality', { name_ar: 'جودة المكالمات' }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Call quality', name_ar: 'جودة المكالمات' });
    const id = created.body.id;
    const kept = await callAs(s, 'quality', K.updateKpiDefinition, {
      params: { id },
      body: kpiDefinitionBody('Call quality', { target: 85 }),
    });
    expect(kept.body).toMatchObject({ target: 85, name_ar: 'جودة المكالمات' });
    const list = await callAs(s, 'quality', K.listKpiDefinitions, { query: {} });
    expect(list.body.find((d) => d.id === id)?.name_ar).toBe('جودة المكالمات');
    // The demo's KPIs have Arabic names too.
    expect(list.body.find((d) => d.name === 'Quality score')?.name_ar).toBe('درجة الجودة');

    const vendor = await make.user({ user_type: 'Vendor' });
    const record = await callAs(s, 'admin', K.createKpiRecord, {
      body: { username: vendor.username, kpi: id, period: `${new Date().getUTCFullYear()}-01-01`, value: 90 },
    });
    expect(record.status).toBe(201);
    expect(record.body.kpi).toMatchObject({ name: 'Call quality', name_ar: 'جودة المكالمات' });

    const latin = await callAs(s, 'quality', K.updateKpiDefinition, {
      params: { id },
      body: kpiDefinitionBody('Call quality', { name_ar: 'Quality' }),
    });
    expect(latin.status).toBe(400);
    expect(latin.error.extra?.codes?.name_ar).toEqual([{ code: 'arabicLetters' }]);
    const long = await callAs(s, 'quality', K.createKpiDefinition, {
      body: kpiDefinitionBody('Call speed', { name_ar: 'س'.repeat(81) }),
    });
    expect(long.error.extra?.codes?.name_ar).toEqual([{ code: 'maxChars', params: { count: 80 } }]);
    const after = await callAs(s, 'quality', K.listKpiDefinitions, { query: {} });
    expect(after.body.find((d) => d.id === id)?.name_ar).toBe('جودة المكالمات');
    expect(after.body.some((d) => d.name === 'Call speed')).toBe(false);
  });

  it("of interpreters' teams round-trip through the profile, the interpreter list and the WFM board", async () => {
    const u = await make.user({ user_type: 'INTERPRETER', first_name: 'Team', last_name: 'Arabic' });
    const body = { languages: ['Arabic↔English'], team: 'Medical', extension: '2990' };
    const saved = await callAs(s, 'rtm', I.updateInterpreterProfile, {
      params: { username: u.username },
      body: { ...body, team_ar: 'الفريق الطبي' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.profile).toMatchObject({ team: 'Medical', team_ar: 'الفريق الطبي' });
    const kept = await callAs(s, 'rtm', I.updateInterpreterProfile, {
      params: { username: u.username },
      body: { ...body, extension: '2991' },
    });
    expect(kept.body.profile).toMatchObject({ extension: '2991', team_ar: 'الفريق الطبي' });
    const list = await callAs(s, 'manager.wfm', I.listInterpreters);
    expect(list.body.find((i) => i.username === u.username)?.profile.team_ar).toBe('الفريق الطبي');
    const board = await callAs(s, 'manager.wfm', W.getWfmDay, { query: {} });
    expect(board.body.rows.find((r) => r.username === u.username)).toMatchObject({
      team: 'Medical',
      team_ar: 'الفريق الطبي',
    });
    const history = await callAs(s, 'manager.wfm', W.getWfmHistory, { params: { username: u.username }, query: {} });
    expect(history.body).toMatchObject({ team: 'Medical', team_ar: 'الفريق الطبي' });

    const latin = await callAs(s, 'rtm', I.updateInterpreterProfile, {
      params: { username: u.username },
      body: { ...body, team_ar: 'Medical' },
    });
    expect(latin.status).toBe(400);
    expect(latin.error.extra?.codes?.team_ar).toEqual([{ code: 'arabicLetters' }]);
    const long = await callAs(s, 'rtm', I.updateInterpreterProfile, {
      params: { username: u.username },
      body: { ...body, team_ar: 'ف'.repeat(61) },
    });
    expect(long.error.extra?.codes?.team_ar).toEqual([{ code: 'maxChars', params: { count: 60 } }]);
    const cleared = await callAs(s, 'rtm', I.updateInterpreterProfile, {
      params: { username: u.username },
      body: { ...body, team_ar: null },
    });
    expect(cleared.body.profile.team_ar).toBeNull();
  });
});
