import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  eventLogEndpoints,
  helpDeskEndpoints as H,
  notificationEndpoints,
  ticketEndpoints as T,
  ZSlaTargets,
  ZTicket,
  ZWsAdminDeskSettings,
  type TSlaTargetsRequest,
  type TTicketDepartment,
  type TTicketPriority,
} from '@portal/contracts';
import { callAs } from '../../../test/client.js';
import { openSocket, ready, startTestServer, type TestServer } from '../../../test/harness.js';
import { notificationTextsOf } from '../../../test/notification-texts.js';
import { setTicketTimes } from '../../../test/test-clock.repository.js';
import { startScheduler } from '../../lib/scheduler.js';
import { escalateSlaBreaches } from './sla-escalation.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.stop());

const as = (who: string | { username: string }) => s.token(who);

const getTargets = (who: string, department: TTicketDepartment) =>
  callAs(s, who, H.getSlaTargets, { query: { department } });
const putTargets = (who: string, body: TSlaTargetsRequest) => callAs(s, who, H.setSlaTargets, { body });

type Row = [first: number | null, resolution: number | null];
const targets = (department: TTicketDepartment, [urgent, high, normal, low]: [Row, Row, Row, Row]) => ({
  department,
  targets: (
    [
      ['urgent', urgent],
      ['high', high],
      ['normal', normal],
      ['low', low],
    ] as const
  ).map(([priority, [first, resolution]]) => ({
    priority,
    first_response_minutes: first,
    resolution_minutes: resolution,
  })),
});

async function raise(department: TTicketDepartment, priority: TTicketPriority, subject: string) {
  const res = await callAs(s, 'hr', T.createTicket, {
    body: { department, subject, description: 'Made by the SLA test.', priority },
  });
  expect(res.status).toBe(201);
  return ZTicket.parse(res.body);
}
const detail = async (who: string, id: number) =>
  ZTicket.parse((await callAs(s, who, T.getTicket, { params: { id } })).body);

/** Moves a ticket's creation (and waiting clock) `minutes` into the past. */
async function backdate(id: number, minutes: number) {
  const at = new Date(Date.now() - minutes * 60_000);
  await setTicketTimes(s.database.db, id, { created_at: at, waiting_since: at });
}

/** The breach notifications of a ticket addressed to `who`, in English (read in the database: every page). */
const breachNotes = async (who: string, id: number) => {
  const db = s.database.db;
  const user = await db.selectFrom('users').select('id').where('username', '=', who).executeTakeFirstOrThrow();
  const texts = await notificationTextsOf(db, user.id, `SLA breached: % ticket #${id} "%`);
  return texts.map((message) => ({ message }));
};
const breachEvents = async (id: number) =>
  (
    await callAs(s, 'admin', eventLogEndpoints.listEventLogs, {
      query: { action: 'ticket.sla_breached', target_id: String(id) },
    })
  ).body.results;

describe('SLA targets', () => {
  it('shows every desk member its targets, urgent first, with can_edit for managers; other desks 404', async () => {
    const res = await getTargets('it', 'IT');
    expect(res.status).toBe(200);
    const t = ZSlaTargets.parse(res.body);
    expect(t).toEqual({
      department: 'IT',
      can_edit: false,
      targets: [
        { priority: 'urgent', first_response_minutes: 30, resolution_minutes: 240 },
        { priority: 'high', first_response_minutes: 120, resolution_minutes: 1440 },
        { priority: 'normal', first_response_minutes: 240, resolution_minutes: 4320 },
        { priority: 'low', first_response_minutes: 1440, resolution_minutes: 10080 },
      ],
    });
    expect((await getTargets('manager.it', 'IT')).body.can_edit).toBe(true);
    expect((await getTargets('admin', 'IT')).body.can_edit).toBe(true);
    // G.I is on the IT desk but manages nothing there.
    expect((await getTargets('director.gi', 'IT')).body.can_edit).toBe(false);
    const hidden = await getTargets('hr', 'IT');
    expect(hidden.status).toBe(404);
    expect(hidden.error.message).toBe('Desk not found.');
    // A department that does not exist: not one the contract offers.
    expect((await s.api('GET', '/api/user/ticket-sla/?department=NOPE', { token: await as('it') })).status).toBe(400);

    // A desk without stored rows: every priority, without targets.
    await s.database.db.deleteFrom('ticket_sla_targets').where('department', '=', 'Vendor').execute();
    const none = ZSlaTargets.parse((await getTargets('vendor', 'Vendor')).body);
    expect(none.targets.map((x) => x.priority)).toEqual(['urgent', 'high', 'normal', 'low']);
    expect(none.targets.every((x) => x.first_response_minutes === null && x.resolution_minutes === null)).toBe(true);
  });

  it('lets the desk managers set all four rows: other members 403, other desks 404, nothing changes on refusal', async () => {
    const body = targets('IT', [
      [15, 120],
      [60, 480],
      [240, null],
      [null, null],
    ]);
    const member = await putTargets('it', body);
    expect(member.status).toBe(403);
    expect(member.error.message).toBe("Only the desk's managers may change its SLA targets.");
    expect((await putTargets('hr', body)).status).toBe(404);
    expect((await getTargets('it', 'IT')).body.targets[0]).toMatchObject({ first_response_minutes: 30 });

    const wrong = await putTargets(
      'manager.it',
      targets('IT', [
        [500, 100],
        [60, 480],
        [240, null],
        [null, null],
      ]),
    );
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.error.extra?.fields ?? {})).toEqual(['targets.0.first_response_minutes']);
    const three = await putTargets('manager.it', { department: 'IT', targets: body.targets.slice(0, 3) });
    expect(three.status).toBe(400);

    const desk = openSocket(s.url, '/ws/admins/', await as('it'));
    await ready(desk);
    const set = await putTargets('manager.it', body);
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ ...body, can_edit: true });
    expect((await getTargets('it', 'IT')).body).toEqual({ ...body, can_edit: false });
    const frame = ZWsAdminDeskSettings.parse(await desk.next((m) => m.message?.command === 'admin_desk_settings'));
    expect(frame.message).toEqual({ command: 'admin_desk_settings', department: 'IT', what: 'sla' });
    desk.ws.close();

    const logged = await callAs(s, 'admin', eventLogEndpoints.listEventLogs, {
      query: { action: 'ticket_sla.updated', target_id: 'IT' },
    });
    expect(logged.body.results[0]).toMatchObject({
      actor_username: 'manager.it',
      details: {
        department: 'IT',
        before: expect.arrayContaining([{ priority: 'urgent', first_response_minutes: 30, resolution_minutes: 240 }]),
        after: expect.arrayContaining([{ priority: 'urgent', first_response_minutes: 15, resolution_minutes: 120 }]),
      },
    });
  });

  it("gives tickets their due times from the desk's current targets, and marks them breached once overdue", async () => {
    const clear = targets('QUALITY', [
      [null, null],
      [null, null],
      [null, null],
      [null, null],
    ]);
    expect((await putTargets('admin', clear)).status).toBe(200);
    const t = await raise('QUALITY', 'high', 'Scorecard export');
    expect(t.sla).toBeNull();

    const set = targets('QUALITY', [
      [30, 240],
      [60, 600],
      [240, 4320],
      [1440, 10080],
    ]);
    expect((await putTargets('admin', set)).status).toBe(200);
    const due = await detail('quality', t.id);
    const created = new Date(due.created_at).getTime();
    expect(due.sla).toEqual({
      first_response_due_at: new Date(created + 60 * 60_000).toISOString(),
      resolution_due_at: new Date(created + 600 * 60_000).toISOString(),
      breached: [],
    });

    await backdate(t.id, 61);
    expect((await detail('quality', t.id)).sla!.breached).toEqual(['first_response']);
  });
});

describe('SLA escalation', () => {
  it("tells the desk's managers once per breach (not its plain members), in the log and live", async () => {
    // IT: urgent first response in 15 minutes, resolution in 120 (set above, or set here).
    await putTargets(
      'manager.it',
      targets('IT', [
        [15, 120],
        [60, 480],
        [240, null],
        [null, null],
      ]),
    );
    const t = await raise('IT', 'urgent', 'VPN drops');
    const desk = openSocket(s.url, '/ws/admins/', await as('it'));
    await ready(desk);
    await backdate(t.id, 20);

    await escalateSlaBreaches(s.app.ctx);
    const notes = await breachNotes('manager.it', t.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toMatch(
      new RegExp(
        `^SLA breached: first response to ticket #${t.id} "VPN drops" \\(IT, urgent\\) was due \\d\\d:\\d\\d UTC\\.$`,
      ),
    );
    expect(await breachNotes('it', t.id)).toEqual([]);
    expect(await breachNotes('admin', t.id)).toEqual([]);
    // In the manager's bell, newest first.
    const bell = await callAs(s, 'manager.it', notificationEndpoints.listNotifications, { query: {} });
    expect(bell.body.results[0]).toMatchObject({ message: notes[0]!.message, url: `/dashboard/ticket/${t.id}` });

    const [event] = await breachEvents(t.id);
    const dueAt = new Date(new Date((await detail('it', t.id)).created_at).getTime() + 15 * 60_000).toISOString();
    expect(event).toMatchObject({
      actor_id: null,
      actor_username: 'system',
      details: { kind: 'first_response', due_at: dueAt },
    });
    const frame = await desk.next((m) => m.message?.command === 'admin_update_ticket' && m.message.ticket === t.id);
    expect(frame.message).toMatchObject({ status: 'open', data: null });
    desk.ws.close();

    // Again: nothing new (the mark holds), whoever runs it.
    expect(await escalateSlaBreaches(s.app.ctx)).toBe(0);
    expect(await breachNotes('manager.it', t.id)).toHaveLength(1);
    expect(await breachEvents(t.id)).toHaveLength(1);

    // The resolution target, once overdue, is its own breach: told once more.
    await backdate(t.id, 121);
    await escalateSlaBreaches(s.app.ctx);
    const both = await breachNotes('manager.it', t.id);
    expect(both).toHaveLength(2);
    expect(both.some((n) => n.message.startsWith(`SLA breached: resolution of ticket #${t.id}`))).toBe(true);
    expect((await breachEvents(t.id)).map((e) => e.details.kind).sort()).toEqual(['first_response', 'resolution']);
  });

  it('leaves tickets alone that meet their targets, are not yet due, or are closed', async () => {
    const answered = await raise('IT', 'urgent', 'Answered in time');
    const update = await callAs(s, 'it', T.updateTicket, {
      params: { ticket: answered.id },
      body: { reply: 'Looking into it.' },
    });
    expect(update.status).toBe(200);
    await backdate(answered.id, 20); // first response given; resolution (120 min) not yet due
    const fresh = await raise('IT', 'urgent', 'Just raised');
    const closed = await raise('IT', 'urgent', 'Closed by its owner');
    expect(
      (await callAs(s, 'hr', T.updateTicket, { params: { ticket: closed.id }, body: { status: 'closed' } })).status,
    ).toBe(200);
    await backdate(closed.id, 600);
    const untargeted = await raise('IT', 'low', 'No target for low');
    await backdate(untargeted.id, 100_000);

    await escalateSlaBreaches(s.app.ctx);
    for (const t of [answered, fresh, closed, untargeted]) {
      expect(await breachNotes('manager.it', t.id), t.subject).toEqual([]);
      expect(await breachEvents(t.id), t.subject).toEqual([]);
    }
    const rows = await s.database.db
      .selectFrom('tickets')
      .select(['id', 'first_response_escalated_at', 'resolution_escalated_at'])
      .where('id', 'in', [answered.id, fresh.id, closed.id, untargeted.id])
      .execute();
    expect(rows.every((r) => r.first_response_escalated_at === null && r.resolution_escalated_at === null)).toBe(true);
  });

  it('tells ADMIN when the desk has no manager', async () => {
    // RTM's desk (RTM, G.SDM, ADMIN) has no one with is_manager in the demo cast.
    const t = await raise('RTM', 'urgent', 'Wallboard frozen');
    await backdate(t.id, 45); // the seeded urgent first response: 30 minutes
    await escalateSlaBreaches(s.app.ctx);
    const notes = await breachNotes('admin', t.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toContain(`ticket #${t.id} "Wallboard frozen" (RTM, urgent)`);
    expect(await breachNotes('rtm', t.id)).toEqual([]);
  });

  it('runs from the scheduler on the embedded database: its own transactions, no lock held around them', async () => {
    const t = await raise('IT', 'urgent', 'Scheduled check');
    await backdate(t.id, 45); // past IT's urgent first response, seeded (30) or set above (15)
    const runs: number[] = [];
    // Inside a lock transaction its transactions would wait forever for the one connection.
    const stop = startScheduler(
      s.database.db,
      [
        {
          name: 'test.sla-escalation',
          everyMs: 3_600_000,
          ownTransactions: true,
          run: async () => runs.push(await escalateSlaBreaches(s.app.ctx)),
        },
      ],
      s.app.log,
    );
    try {
      await vi.waitFor(() => expect(runs).toHaveLength(1), { timeout: 15_000, interval: 100 });
      expect(await breachNotes('manager.it', t.id)).toHaveLength(1);
    } finally {
      stop();
    }
  });
});
