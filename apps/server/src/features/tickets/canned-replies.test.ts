import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventLogEndpoints,
  helpDeskEndpoints as H,
  MAX_CANNED_REPLIES_PER_DESK,
  ZCannedReplyList,
  ZWsAdminDeskSettings,
  type TCannedReplyRequest,
  type TTicketDepartment,
} from '@portal/contracts';
import { callAs } from '../../../test/client.js';
import { factories } from '../../../test/factories.js';
import { openSocket, ready, startTestServer, type TestServer } from '../../../test/harness.js';
import { uniqueViolationField } from '../../lib/errors.js';
import { CANNED_SHORTCUT_INDEX, insertCannedReply } from './canned-replies.repository.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.stop());

const as = (who: string | { username: string }) => s.token(who);

const list = (who: string, department?: TTicketDepartment) =>
  callAs(s, who, H.listCannedReplies, { query: department ? { department } : {} });
const ids = async (who: string, department: TTicketDepartment) => (await list(who, department)).body.map((r) => r.id);
const create = (who: string, body: TCannedReplyRequest) => callAs(s, who, H.createCannedReply, { body });
const change = (who: string, id: number, body: TCannedReplyRequest) =>
  callAs(s, who, H.updateCannedReply, { params: { id }, body });
const remove = (who: string, id: number) => callAs(s, who, H.deleteCannedReply, { params: { id } });
const events = async (action: string, id: number) =>
  (await callAs(s, 'admin', eventLogEndpoints.listEventLogs, { query: { action, target_id: String(id) } })).body
    .results;

const reply = (over: Partial<TCannedReplyRequest> = {}): TCannedReplyRequest => ({
  department: 'IT',
  title: 'Printer queue stuck',
  shortcut: 'printer',
  body: 'Please clear the print queue and try again.',
  ...over,
});

describe('canned replies', () => {
  it('lists a desk’s replies by title, every desk of the caller when no department is named, and hides other desks', async () => {
    const it = await list('it', 'IT');
    expect(it.status).toBe(200);
    const replies = ZCannedReplyList.parse(it.body);
    expect(replies.length).toBeGreaterThanOrEqual(4);
    const titles = replies.map((r) => r.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    expect(replies.every((r) => r.department === 'IT')).toBe(true);
    expect(replies.find((r) => r.shortcut === 'reset')).toMatchObject({
      title: 'Password reset',
      created_by: { username: 'manager.it' },
    });

    // No department: the desks the caller is on (IT only for `it`, every desk for ADMIN).
    const mine = ZCannedReplyList.parse((await list('it')).body);
    expect(new Set(mine.map((r) => r.department))).toEqual(new Set(['IT']));
    const everything = ZCannedReplyList.parse((await list('admin')).body);
    expect(new Set(everything.map((r) => r.department))).toEqual(new Set(['IT', 'HR']));

    // Another desk's replies do not exist for HR; an unknown department is a 400.
    const hidden = await list('hr', 'IT');
    expect(hidden.status).toBe(404);
    expect(hidden.error).toEqual({ message: 'Desk not found.', code: 'deskNotFound' });
    // A department that does not exist: not one the contract offers.
    expect((await s.api('GET', '/api/user/canned-replies/?department=NOPE', { token: await as('hr') })).status).toBe(
      400,
    );
  });

  it('lets any desk member add one, refuses other desks with 404, and logs it', async () => {
    const created = await create('it', reply());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      department: 'IT',
      title: 'Printer queue stuck',
      shortcut: 'printer',
      created_by: { username: 'it' },
    });
    expect(await ids('it', 'IT')).toContain(created.body.id);
    const [event] = await events('canned_reply.created', created.body.id);
    expect(event).toMatchObject({ actor_username: 'it', details: { department: 'IT', shortcut: 'printer' } });

    const before = (await list('admin', 'IT')).body.length;
    const elsewhere = await create('hr', reply({ shortcut: 'hr-tries' }));
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.error.message).toBe('Desk not found.');
    expect((await list('admin', 'IT')).body).toHaveLength(before);

    const invalid = await create('it', reply({ shortcut: 'no spaces', title: '' }));
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.error.extra?.fields ?? {}).sort()).toEqual(['shortcut', 'title']);
  });

  it('keeps shortcuts unique per desk whatever the case, also under concurrent requests', async () => {
    const taken = await create('it', reply({ shortcut: 'RESET', title: 'Another reset' }));
    expect(taken.status).toBe(400);
    const said = { code: 'cannedShortcutTaken', params: { shortcut: 'reset' } };
    expect(taken.error).toEqual({
      message: 'Another canned reply of this desk uses /reset.',
      ...said,
      extra: { fields: { shortcut: ['Another canned reply of this desk uses /reset.'] }, codes: { shortcut: [said] } },
    });
    // Another desk may use it.
    expect((await create('hr', reply({ department: 'HR', shortcut: 'reset', title: 'HR reset' }))).status).toBe(201);

    // Five at once with one new shortcut: one lands, the others get the same 400 (never a 500).
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => create('it', reply({ shortcut: 'wifi', title: `Wi-Fi ${i}` }))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400)) {
      expect(a.error.extra?.fields?.shortcut).toEqual(['Another canned reply of this desk uses /wifi.']);
    }
    const wifi = (await list('it', 'IT')).body.filter((r) => r.shortcut === 'wifi');
    expect(wifi).toHaveLength(1);

    // What a race past the check meets: the unique index, which the service maps to that 400.
    const raced = await insertCannedReply(
      s.database.db,
      { department: 'IT', title: 'Raced', shortcut: 'WiFi', body: 'Text.' },
      null,
    ).catch((err: unknown) => err);
    expect(uniqueViolationField(raced, { [CANNED_SHORTCUT_INDEX]: 'shortcut' })).toBe('shortcut');
  });

  it(`keeps at most ${MAX_CANNED_REPLIES_PER_DESK} per desk`, async () => {
    const make = factories(s.database.db);
    for (let i = 0; i < MAX_CANNED_REPLIES_PER_DESK; i++) {
      await make.cannedReply({ department: 'FINANCE', title: `Reply ${i}`, shortcut: `r${i}`, body: 'Text.' });
    }
    const full = await create('finance', reply({ department: 'FINANCE', shortcut: 'one-more' }));
    expect(full.status).toBe(400);
    expect(full.error.extra?.fields?.non_field_errors?.[0]).toMatch(/already has 200 canned replies/);
    expect((await list('finance', 'FINANCE')).body).toHaveLength(MAX_CANNED_REPLIES_PER_DESK);
  });

  it('lets the author or a desk manager change or remove one; other members get 403, other desks 404', async () => {
    // A plain member of the IT desk: neither the author nor a manager.
    const plain = (await factories(s.database.db).user({ user_type: 'IT' })).username;
    const mine = (await create('it', reply({ shortcut: 'toner', title: 'Toner' }))).body;

    const refused = await change(plain, mine.id, reply({ shortcut: 'toner', title: 'Hijacked' }));
    expect(refused.status).toBe(403);
    expect(refused.error.message).toBe(
      'Only the author of this canned reply or a manager of the desk may change or remove it.',
    );
    expect((await remove(plain, mine.id)).status).toBe(403);
    const outsider = await change('hr', mine.id, reply({ shortcut: 'toner', title: 'Hijacked' }));
    expect(outsider.status).toBe(404);
    expect(outsider.error.message).toBe('Canned reply not found.');
    expect((await remove('hr', mine.id)).status).toBe(404);
    expect((await change('it', 2_000_000, reply())).status).toBe(404);
    const unchanged = (await list('it', 'IT')).body.find((r) => r.id === mine.id);
    expect(unchanged?.title).toBe('Toner');

    // The author, then a manager of the desk.
    const edited = await change('it', mine.id, reply({ shortcut: 'toner', title: 'Toner cartridge' }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Toner cartridge', created_by: { username: 'it' } });
    const managed = await change('manager.it', mine.id, reply({ shortcut: 'Toner-Low', title: 'Low toner' }));
    expect(managed.status).toBe(200);
    expect(managed.body.shortcut).toBe('toner-low');
    const [update] = await events('canned_reply.updated', mine.id);
    expect(update).toMatchObject({
      actor_username: 'manager.it',
      details: { before: { title: 'Toner cartridge' }, after: { title: 'Low toner', shortcut: 'toner-low' } },
    });

    // A shortcut another reply of the desk uses.
    const clash = await change('it', mine.id, reply({ shortcut: 'vpn', title: 'Low toner' }));
    expect(clash.status).toBe(400);
    expect(clash.error.extra?.fields?.shortcut).toEqual(['Another canned reply of this desk uses /vpn.']);

    // Moving it to another desk: only to a desk the caller is on too.
    const away = await change('it', mine.id, reply({ department: 'HR', shortcut: 'toner-low' }));
    expect(away.status).toBe(404);
    expect(away.error.message).toBe('Desk not found.');
    const moved = await change(
      'admin',
      mine.id,
      reply({ department: 'HR', shortcut: 'toner-low', title: 'Low toner' }),
    );
    expect(moved.status).toBe(200);
    expect(await ids('hr', 'HR')).toContain(mine.id);
    expect(await ids('it', 'IT')).not.toContain(mine.id);

    // Removed by a manager of its (new) desk.
    const gone = await remove('manager.hr', mine.id);
    expect(gone.status).toBe(204);
    expect(await ids('hr', 'HR')).not.toContain(mine.id);
    expect((await remove('manager.hr', mine.id)).status).toBe(404);
    const [deleted] = await events('canned_reply.deleted', mine.id);
    expect(deleted).toMatchObject({
      actor_username: 'manager.hr',
      details: { department: 'HR', shortcut: 'toner-low' },
    });
  });

  it('tells the connected members of that desk only, live', async () => {
    const itDesk = openSocket(s.url, '/ws/admins/', await as('it'));
    const hrDesk = openSocket(s.url, '/ws/admins/', await as('hr'));
    await Promise.all([ready(itDesk), ready(hrDesk)]);
    const isSettings = (m: any) => m.message?.command === 'admin_desk_settings';

    const made = await create('manager.it', reply({ shortcut: 'monitor', title: 'Second monitor' }));
    expect(made.status).toBe(201);
    const frame = ZWsAdminDeskSettings.parse(await itDesk.next(isSettings));
    expect(frame.message).toEqual({ command: 'admin_desk_settings', department: 'IT', what: 'canned_replies' });

    // HR hears of its own desk's change, and heard nothing of IT's before it.
    expect((await create('hr', reply({ department: 'HR', shortcut: 'payslip', title: 'Payslip' }))).status).toBe(201);
    const hrFrame = await hrDesk.next(isSettings);
    expect(hrFrame.message.department).toBe('HR');
    expect(hrDesk.messages.filter(isSettings).map((m) => m.message.department)).toEqual(['HR']);
    itDesk.ws.close();
    hrDesk.ws.close();
  });
});
