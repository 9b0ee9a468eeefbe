/**
 * The help desk's tools around a ticket, through real HTTP on a real database:
 * internal notes (never reaching the owner by any road), priority changes, list sorting,
 * bulk changes (all or nothing), the requester panel, and the assignee hearing the requester.
 */
import { describe, expect, it } from 'vitest';
import {
  eventLogEndpoints,
  notificationEndpoints,
  ticketEndpoints as T,
  ZActiveTicketList,
  ZTicket,
  ZTicketHistoryPage,
  ZTicketRequester,
  ZWsAdminUpdateTicket,
  type TActiveTicketsQuery,
  type TBulkTicketsRequest,
  type TTicketDepartment,
  type TTicketPriority,
  type TUpdateTicketRequest,
  type TUserType,
} from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import { call, callAs } from '../../../test/client.js';
import { serveTestFile, TINY_PNG, type Factories } from '../../../test/factories.js';
import { multipartBody, openSocket, ready, type TestServer, type TestSocket } from '../../../test/harness.js';

let s: TestServer;
let make: Factories;
serveTestFile((server, made) => void ([s, make] = [server, made]));

/** One sign-in per user for the whole file (demo and factory users share DEMO_PASSWORD). */
const as = (who: string | { username: string }) => s.token(who);

const person = (user_type: TUserType, first_name: string, last_name = 'Tester') =>
  make.user({ user_type, first_name, last_name });

async function raise(
  owner: UserRow,
  over: { department?: TTicketDepartment; subject: string; priority?: TTicketPriority },
) {
  const res = await callAs(s, owner, T.createTicket, {
    body: { department: 'IT', description: 'Made by the help desk test.', priority: 'normal', ...over },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ZTicket.parse(res.body);
}

const update = (who: UserRow | string, id: number, body: TUpdateTicketRequest) =>
  callAs(s, who, T.updateTicket, { params: { ticket: id }, body });
const detail = (who: UserRow | string, id: number) => callAs(s, who, T.getTicket, { params: { id } });
const list = async (who: UserRow | string, query: TActiveTicketsQuery) => {
  const res = await callAs(s, who, T.listActiveTickets, { query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZActiveTicketList.parse(res.body);
};
const ids = (tickets: { id: number }[]) => tickets.map((t) => t.id);
const bulk = (who: UserRow | string, body: TBulkTicketsRequest) => callAs(s, who, T.bulkUpdateTickets, { body });
const events = async (id: number, action: string) =>
  (
    await callAs(s, 'admin', eventLogEndpoints.listEventLogs, {
      query: { target_type: 'ticket', target_id: String(id), action },
    })
  ).body.results;
const notifications = async (who: UserRow) =>
  (await callAs(s, who, notificationEndpoints.listNotifications, { query: {} })).body.results;

/** A reply with files, as multipart (text fields as the browser sends them). */
const multipartUpdate = async (who: UserRow, id: number, fields: Record<string, string>, file: Buffer) =>
  call(s.api, T.updateTicket, {
    token: await as(who),
    params: { ticket: id },
    body: multipartBody(fields, [{ name: 'vendor.png', data: file, type: 'image/png' }]),
  });

/** Everything the server sent on this socket before now has arrived once this resolves. */
async function flush(sock: TestSocket) {
  const pongs = () => sock.messages.filter((m) => m.message?.command === 'pong').length;
  const before = pongs();
  sock.ws.send(JSON.stringify({ command: 'ping' }));
  await sock.next(() => pongs() > before);
}

describe('internal notes', () => {
  it('reach the desk frame and thread, and never the owner: socket, list, thread, history, search, files, bell', async () => {
    const owner = await person('HR', 'Nour', 'Owner');
    const agent = await person('IT', 'Omar', 'Agent');
    const t = await raise(owner, { subject: 'Notecase laptop' });
    const ownerSock = openSocket(s.url, '/ws/notification/', await as(owner));
    const deskSock = openSocket(s.url, '/ws/admins/', await as(agent));
    await Promise.all([ownerSock, deskSock].map(ready));

    // The owner may not write one: 400 on `internal`, nothing saved.
    const refused = await update(owner, t.id, { reply: 'psst', internal: true });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.error.extra?.fields ?? {})).toEqual(['internal']);
    expect((await detail(owner, t.id)).body).toEqual(t);

    // A note with a file, as multipart: stored as the desk's, internal; the ticket does not move.
    const noted = await multipartUpdate(
      agent,
      t.id,
      { reply: 'Vendor code secret-vendor-code', internal: 'true' },
      TINY_PNG,
    );
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    const note = ZTicket.parse(noted.body).ticket_reply[0]!;
    expect(note).toMatchObject({ internal: true, is_desk: true, body: 'Vendor code secret-vendor-code' });
    expect(noted.body).toMatchObject({
      status: 'open',
      first_response_at: null,
      waiting_since: t.waiting_since,
      // A note alone is no activity the owner could see.
      updated_at: t.updated_at,
    });
    const frame = await deskSock.next(
      (m) => m.message?.command === 'admin_update_ticket' && m.message.data?.id === note.id,
    );
    expect(ZWsAdminUpdateTicket.parse(frame).message).toEqual({
      command: 'admin_update_ticket',
      ticket: t.id,
      data: note,
      status: 'open',
    });

    // A note with a status change: the owner hears of the change alone (data null).
    const second = await update(agent, t.id, {
      reply: 'Waiting on secret-vendor-code',
      internal: true,
      status: 'in_progress',
    });
    expect(second.status).toBe(200);
    const change = await ownerSock.next((m) => m.message?.command === 'ticket_update' && m.message.ticket === t.id);
    expect(change.message).toEqual({ command: 'ticket_update', ticket: t.id, data: null, status: 'in_progress' });
    await deskSock.next((m) => m.message?.data?.body === 'Waiting on secret-vendor-code' && m.message.data.internal);

    // A public answer: it reaches the owner with its reply.
    const answer = await update(agent, t.id, { reply: 'Fixed: new driver installed.' });
    const answerReply = answer.body.ticket_reply.find((r) => !r.internal)!;
    expect(answer.body.status).toBe('answered');
    await ownerSock.next((m) => m.message?.command === 'ticket_update' && m.message.data?.id === answerReply.id);

    // The owner's thread, list and search know nothing of the notes; the desk's do.
    const mine = (await detail(owner, t.id)).body;
    expect(mine.ticket_reply.map((r) => r.body)).toEqual(['Fixed: new driver installed.']);
    expect((await detail(agent, t.id)).body.ticket_reply.map((r) => r.internal)).toEqual([true, true, false]);
    const ownerList = await list(owner, { scope: 'mine' });
    expect(ownerList.find((x) => x.id === t.id)!.ticket_reply).toHaveLength(1);
    expect(await list(owner, { search: 'secret-vendor-code' })).toEqual([]);
    expect(ids(await list(agent, { search: 'secret-vendor-code' }))).toEqual([t.id]);

    // The note's file: the desk downloads it, the owner gets 404 as if it did not exist.
    const download = async (who: UserRow) =>
      (await fetch(s.url + note.attachments[0]!.url, { headers: { authorization: `Bearer ${await as(who)}` } })).status;
    expect(await download(agent)).toBe(200);
    expect(await download(owner)).toBe(404);

    // The bell: the answer and the status change, never the note.
    const bell = (await notifications(owner)).filter((n) => n.url === `/ticket/${t.id}`).map((n) => n.message);
    expect(bell).toEqual([
      'Omar Agent replied to your ticket "Notecase laptop"; it is now answered.',
      'Your ticket "Notecase laptop" is now in progress.',
    ]);

    // History after closing: the owner's reply count and search leave the notes out.
    expect((await update(owner, t.id, { status: 'closed' })).status).toBe(200);
    const history = async (who: UserRow, search: string) =>
      ZTicketHistoryPage.parse((await callAs(s, who, T.listTicketHistory, { query: { search } })).body);
    expect((await history(owner, 'Notecase')).results.map((x) => [x.id, x.reply_count])).toEqual([[t.id, 1]]);
    expect((await history(agent, 'Notecase')).results.map((x) => [x.id, x.reply_count])).toEqual([[t.id, 3]]);
    expect((await history(owner, 'secret-vendor-code')).count).toBe(0);
    expect((await history(agent, 'secret-vendor-code')).count).toBe(1);

    // The event log says which replies were notes.
    expect((await events(t.id, 'ticket.replied')).map((e) => e.details.internal)).toEqual([false, true, true]);

    // Nothing of the notes ever reached the owner's socket.
    await flush(ownerSock);
    const seen = JSON.stringify(ownerSock.messages);
    expect(seen).not.toContain('secret-vendor-code');
    expect(
      ownerSock.messages.filter((m) => m.message?.command === 'ticket_update').map((m) => m.message.data?.id ?? null),
    ).toEqual([null, answerReply.id, null]);
    for (const sock of [ownerSock, deskSock]) sock.ws.close();
  });

  it('are decided per ticket: a desk member sees notes on tickets of their desk, not on their own elsewhere', async () => {
    const viewer = await person('IT', 'Vera', 'Both');
    const hrDesk = await person('HR', 'Hani', 'Desk');
    const itDesk = await person('IT', 'Iman', 'Desk');
    const onOwnDesk = await raise(viewer, { subject: 'Mixedscope own desk' });
    const elsewhere = await raise(viewer, { department: 'HR', subject: 'Mixedscope payslip' });
    expect((await update(itDesk, onOwnDesk.id, { reply: 'mixedscope-note one', internal: true })).status).toBe(200);
    expect((await update(hrDesk, elsewhere.id, { reply: 'mixedscope-note two', internal: true })).status).toBe(200);

    expect(ids(await list(viewer, { scope: 'all', search: 'mixedscope-note' }))).toEqual([onOwnDesk.id]);
    expect((await detail(viewer, onOwnDesk.id)).body.ticket_reply).toHaveLength(1);
    expect((await detail(viewer, elsewhere.id)).body.ticket_reply).toEqual([]);
    const all = await list(viewer, { scope: 'all', search: 'Mixedscope' });
    expect(Object.fromEntries(all.map((x) => [x.id, x.ticket_reply.length]))).toEqual({
      [onOwnDesk.id]: 1,
      [elsewhere.id]: 0,
    });
  });
});

describe('priority', () => {
  it('the desk changes it (logged, live); the owner and closed tickets are refused on the field', async () => {
    const owner = await person('HR', 'Pia', 'Owner');
    const agent = await person('IT', 'Pavel', 'Agent');
    const t = await raise(owner, { subject: 'Priocase printer' });
    const deskSock = openSocket(s.url, '/ws/admins/', await as(agent));
    await ready(deskSock);

    const refused = await update(owner, t.id, { priority: 'urgent' });
    expect(refused.status).toBe(400);
    expect(refused.error.extra?.fields).toEqual({ priority: ['Only the desk changes the priority.'] });
    expect((await detail(owner, t.id)).body).toEqual(t);

    const raised = await update(agent, t.id, { priority: 'urgent', internal: false });
    expect(raised.status).toBe(200);
    expect(raised.body).toMatchObject({ priority: 'urgent', status: 'open' });
    expect(await events(t.id, 'ticket.priority_changed')).toEqual([
      expect.objectContaining({ details: { from: 'normal', to: 'urgent' } }),
    ]);
    await deskSock.next(
      (m) => m.message?.command === 'admin_update_ticket' && m.message.ticket === t.id && m.message.data === null,
    );
    expect(
      (await list(agent, { scope: 'desk', priority: 'urgent', search: 'Priocase' })).map((x) => x.priority),
    ).toEqual(['urgent']);

    await update(owner, t.id, { status: 'closed' });
    const closed = await update(agent, t.id, { priority: 'low' });
    expect(closed.status).toBe(400);
    expect(closed.error.extra?.fields?.priority?.[0]).toMatch(/closed/);
    expect((await detail(agent, t.id)).body.priority).toBe('urgent');
    deskSock.ws.close();
  });
});

describe('sorting the active list', () => {
  it('orders by priority, due, created, requester, assignee, subject and status, either way, ties by id', async () => {
    const desk = await person('DEVELOPER', 'Sami', 'Sorter');
    const [amal, basil, carla, dina] = await Promise.all([
      person('HR', 'Amal', 'Zed'),
      person('HR', 'Basil', 'Young'),
      person('HR', 'Carla', 'Xu'),
      person('HR', 'Dina', 'Wahba'),
    ]);
    const [adel, zaki] = [await person('DEVELOPER', 'Adel', 'Assignee'), await person('DEVELOPER', 'Zaki', 'Assignee')];
    await make.slaTargets('DEVELOPER', [
      { priority: 'urgent', first_response_minutes: 60, resolution_minutes: 240 },
      { priority: 'high', first_response_minutes: null, resolution_minutes: 480 },
      // Whatever the demo data says: no target for normal.
      { priority: 'normal', first_response_minutes: null, resolution_minutes: null },
      { priority: 'low', first_response_minutes: null, resolution_minutes: 10 },
    ]);
    // Created in this order, so the urgent ticket is the oldest.
    const dev = (subject: string, priority: TTicketPriority, owner: UserRow) =>
      raise(owner, { department: 'DEVELOPER', subject: `Sortcase ${subject}`, priority });
    const u = await dev('delta', 'urgent', amal);
    const l = await dev('alpha', 'low', basil);
    const n = await dev('charlie', 'normal', carla);
    const h = await dev('echo', 'high', dina);
    const h2 = await dev('bravo', 'high', dina);
    // h is answered: no longer waiting, so h2 (still waiting) goes first among the high ones.
    // Kept unassigned on purpose (a desk reply would otherwise take it), for the assignee order.
    expect((await update(desk, h.id, { reply: 'Looking into it.', assignee: null })).body.status).toBe('answered');
    expect((await update(desk, l.id, { assignee: adel.id })).status).toBe(200);
    expect((await update(desk, n.id, { assignee: zaki.id })).status).toBe(200);

    const order = async (query: TActiveTicketsQuery = {}) =>
      ids(await list(desk, { scope: 'desk', search: 'Sortcase', ...query }));
    expect(await order({ sort: 'priority' })).toEqual([u.id, h2.id, h.id, n.id, l.id]);
    // Reversed, the waiting tie-break still puts tickets that no longer wait last.
    expect(await order({ sort: 'priority', dir: 'asc' })).toEqual([l.id, n.id, h2.id, h.id, u.id]);
    expect(await order({ sort: 'created' })).toEqual([h2.id, h.id, n.id, l.id, u.id]);
    expect(await order({ sort: 'created', dir: 'asc' })).toEqual([u.id, l.id, n.id, h.id, h2.id]);
    // Due: low's resolution (10 min) before urgent's first response (60 min) before the
    // high ones' resolution (480 min); normal has no target and comes last either way.
    expect(await order({ sort: 'due' })).toEqual([l.id, u.id, h.id, h2.id, n.id]);
    expect(await order({ sort: 'due', dir: 'desc' })).toEqual([h2.id, h.id, u.id, l.id, n.id]);
    expect(await order({ sort: 'requester' })).toEqual([u.id, l.id, n.id, h.id, h2.id]);
    expect(await order({ sort: 'requester', dir: 'desc' })).toEqual([h2.id, h.id, n.id, l.id, u.id]);
    // Unassigned tickets last in both directions.
    expect(await order({ sort: 'assignee' })).toEqual([l.id, n.id, u.id, h.id, h2.id]);
    expect(await order({ sort: 'assignee', dir: 'desc' })).toEqual([n.id, l.id, h2.id, h.id, u.id]);
    expect(await order({ sort: 'subject' })).toEqual([l.id, h2.id, n.id, u.id, h.id]);
    expect((await order({ sort: 'status' })).at(-1)).toBe(h.id);
    // The default: newest activity first (the assignments came last).
    expect((await order()).slice(0, 2)).toEqual([n.id, l.id]);
    expect(await order({ sort: 'activity' })).toEqual(await order());
    // Cut at the limit, the total still counts them all.
    const cut = await callAs(s, desk, T.listActiveTickets, {
      query: { scope: 'desk', search: 'Sortcase', sort: 'priority', limit: 2 },
    });
    expect(ids(cut.body)).toEqual([u.id, h2.id]);
    expect(cut.headers.get('x-total-count')).toBe('5');

    // Orders the contract does not offer.
    for (const bad of ['sort=price', 'dir=up']) {
      const res = await s.api('GET', `/api/user/active-tickets/?${bad}`, { token: await as(desk) });
      expect(res.status, bad).toBe(400);
    }
  });
});

describe('bulk changes', () => {
  it('change every ticket named, each as a single update would, or none at all', async () => {
    const owner = await person('HR', 'Bushra', 'Owner');
    const agent = await person('IT', 'Bilal', 'Agent');
    const mate = await person('IT', 'Badr', 'Mate');
    const outsider = await person('FINANCE', 'Fadi', 'Outside');
    const [a, b, closed] = [
      await raise(owner, { subject: 'Bulkcase one' }),
      await raise(owner, { subject: 'Bulkcase two' }),
      await raise(owner, { subject: 'Bulkcase closed' }),
    ];
    await update(owner, closed.id, { status: 'closed' });
    const finance = await raise(owner, { department: 'FINANCE', subject: 'Bulkcase expenses' });
    // The agent's own ticket to another desk: visible to them, but not theirs to change in bulk.
    const ownElsewhere = await raise(agent, { department: 'HR', subject: 'Bulkcase own' });
    const snapshot = async () =>
      Promise.all([a, b, closed, finance, ownElsewhere].map(async (t) => (await detail('admin', t.id)).body));
    const before = await snapshot();

    // Any ticket not of the caller's desks (or missing): 404, and nothing changes.
    for (const other of [finance.id, ownElsewhere.id, 99_999_999]) {
      const res = await bulk(agent, { ids: [a.id, other], status: 'in_progress' });
      expect(res.status, String(other)).toBe(404);
    }
    expect((await bulk(outsider, { ids: [a.id], priority: 'high' })).status).toBe(404);
    // A refused ticket: 400 under ids naming it, and nothing changes on the others.
    const withClosed = await bulk(agent, { ids: [a.id, b.id, closed.id], status: 'in_progress' });
    expect(withClosed.status).toBe(400);
    expect(withClosed.error.extra?.fields).toEqual({ ids: [`#${closed.id}: This ticket is closed; reopen it first.`] });
    const offDesk = await bulk(agent, { ids: [b.id, a.id], assignee: outsider.id });
    expect(offDesk.error.extra?.fields?.ids).toEqual([`#${a.id}, #${b.id}: Choose someone on this ticket's desk.`]);
    // ADMIN is on both desks; an IT assignee suits the IT ticket, not the FINANCE one.
    const mixed = await bulk('admin', { ids: [a.id, finance.id], assignee: mate.id });
    expect(mixed.error.extra?.fields?.ids).toEqual([`#${finance.id}: Choose someone on this ticket's desk.`]);
    // Bodies the contract refuses, some of them on purpose outside its type.
    for (const [body, field] of [
      [{ ids: [], status: 'closed' }, 'ids'],
      [{ ids: [a.id, a.id], status: 'closed' }, 'ids'],
      [{ ids: Array.from({ length: 101 }, (_, i) => i + 1), status: 'closed' }, 'ids'],
      [{ ids: [a.id] }, 'non_field_errors'],
      [{ ids: [a.id], status: 'gone' }, 'status'],
      [{ ids: [a.id], reply: 'hi', status: 'closed' }, 'non_field_errors'],
    ] as const) {
      const res = await s.api('POST', '/api/user/tickets/bulk/', { token: await as(agent), body });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(Object.keys(res.body.extra.fields), JSON.stringify(body).slice(0, 60)).toEqual([field]);
    }
    expect(await snapshot()).toEqual(before);

    // Accepted: every ticket changed, logged, announced and notified like a single update.
    const deskSock = openSocket(s.url, '/ws/admins/', await as(mate));
    await ready(deskSock);
    const done = await bulk(agent, { ids: [b.id, a.id], status: 'in_progress', priority: 'high', assignee: mate.id });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const changed = ZActiveTicketList.parse(done.body);
    expect(changed.map((t) => [t.id, t.status, t.priority, t.assignee?.id])).toEqual([
      [a.id, 'in_progress', 'high', mate.id],
      [b.id, 'in_progress', 'high', mate.id],
    ]);
    for (const t of [a, b]) {
      expect((await detail(owner, t.id)).body).toMatchObject({ status: 'in_progress', priority: 'high' });
      expect((await events(t.id, 'ticket.status_changed')).map((e) => e.details)).toEqual([
        { from: 'open', to: 'in_progress' },
      ]);
      expect((await events(t.id, 'ticket.priority_changed')).map((e) => e.details)).toEqual([
        { from: 'normal', to: 'high' },
      ]);
      await deskSock.next((m) => m.message?.command === 'admin_update_ticket' && m.message.ticket === t.id);
    }
    const ownerBell = (await notifications(owner)).map((n) => n.message);
    expect(ownerBell).toEqual(
      expect.arrayContaining([
        'Your ticket "Bulkcase one" is now in progress.',
        'Your ticket "Bulkcase two" is now in progress.',
      ]),
    );
    expect((await notifications(mate)).filter((n) => n.message.includes('assigned you the ticket'))).toHaveLength(2);
    // The same change again changes nothing and says so by answering the tickets as they are.
    const again = await bulk(agent, { ids: [a.id], status: 'in_progress' });
    expect(again.status).toBe(200);
    expect(await events(a.id, 'ticket.status_changed')).toHaveLength(1);
    deskSock.ws.close();
  });

  it('undo a bulk close: closed tickets reopen in bulk, then each gets its earlier status back', async () => {
    const owner = await person('HR', 'Umayma', 'Owner');
    const agent = await person('IT', 'Usama', 'Agent');
    const [a, b] = [await raise(owner, { subject: 'Undocase one' }), await raise(owner, { subject: 'Undocase two' })];
    await update(agent, a.id, { status: 'in_progress' });
    await update(agent, b.id, { status: 'answered' });

    expect((await bulk(agent, { ids: [a.id, b.id], status: 'closed' })).body.map((t) => t.status)).toEqual([
      'closed',
      'closed',
    ]);
    // Closed: reopening is the one bulk change allowed (with nothing else in the same request).
    const mixed = await bulk(agent, { ids: [a.id, b.id], status: 'open', priority: 'high' });
    expect(mixed.status).toBe(400);
    expect((await bulk(agent, { ids: [a.id], status: 'answered' })).status).toBe(400);
    const reopened = await bulk(agent, { ids: [a.id, b.id], status: 'open' });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect((await bulk(agent, { ids: [a.id], status: 'in_progress' })).status).toBe(200);
    expect((await bulk(agent, { ids: [b.id], status: 'answered' })).status).toBe(200);
    expect((await detail(owner, a.id)).body).toMatchObject({ status: 'in_progress', closed_at: null });
    expect((await detail(owner, b.id)).body).toMatchObject({ status: 'answered', closed_at: null });
    expect((await events(b.id, 'ticket.status_changed')).map((e) => e.details)).toEqual([
      { from: 'open', to: 'answered' },
      { from: 'closed', to: 'open' },
      { from: 'answered', to: 'closed' },
      { from: 'open', to: 'answered' },
    ]);
  });
});

describe('the requester panel', () => {
  it("shows the ticket's desk who raised it and their tickets on the caller's desks only", async () => {
    const requester = await make.user({ user_type: 'QUALITY', first_name: 'Rana', last_name: 'Requester' });
    const itDesk = await person('IT', 'Ismail', 'Desk');
    const financeDesk = await person('FINANCE', 'Farida', 'Desk');
    const it = await raise(requester, { subject: 'Panelcase this' });
    const otherIt = await raise(requester, { subject: 'Panelcase other' });
    const closedIt = await raise(requester, { subject: 'Panelcase closed' });
    await update(requester, closedIt.id, { status: 'closed' });
    const fin = await raise(requester, { department: 'FINANCE', subject: 'Panelcase expenses' });
    const finClosed = await raise(requester, { department: 'FINANCE', subject: 'Panelcase refund' });
    await update(requester, finClosed.id, { status: 'closed' });
    // A note counts for the desk.
    await update(itDesk, otherIt.id, { reply: 'Same user as last week.', internal: true });

    const panel = (who: UserRow | string, id: number) =>
      callAs(s, who, T.getTicketRequester, { params: { ticket: id } });
    const res = await panel(itDesk, it.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const p = ZTicketRequester.parse(res.body);
    expect(p.user).toEqual({
      id: requester.id,
      username: requester.username,
      first_name: 'Rana',
      last_name: 'Requester',
      user_type: 'QUALITY',
      department: 'QUALITY',
      email: requester.email,
      phone: requester.phone,
      is_active: true,
    });
    expect(p.open.map((x) => [x.id, x.reply_count])).toEqual([[otherIt.id, 1]]);
    expect(ids(p.recent)).toEqual([closedIt.id]);
    expect(p.total).toBe(3);

    // Another desk sees only its own part; the owner and strangers get 404.
    const f = ZTicketRequester.parse((await panel(financeDesk, fin.id)).body);
    expect([ids(f.open), ids(f.recent), f.total]).toEqual([[], [finClosed.id], 2]);
    expect((await panel(financeDesk, it.id)).status).toBe(404);
    expect((await panel(requester, it.id)).status).toBe(404);
    expect((await panel(itDesk, fin.id)).status).toBe(404);
    expect((await panel(itDesk, 99_999_999)).status).toBe(404);
    // ADMIN is on every desk: newest activity first across them.
    const all = ZTicketRequester.parse((await panel('admin', it.id)).body);
    expect(ids(all.open)).toEqual([fin.id, otherIt.id]);
    expect(ids(all.recent)).toEqual([finClosed.id, closedIt.id]);
    expect(all.total).toBe(5);
  });
});

describe('the assignee hears the requester', () => {
  it('notifies whoever has the ticket when its owner replies (not for desk replies or notes)', async () => {
    const owner = await person('HR', 'Lina', 'Owner');
    const lead = await person('IT', 'Lutfi', 'Lead');
    const assignee = await person('IT', 'Amr', 'Assignee');
    const t = await raise(owner, { subject: 'Wi-Fi drops' });
    await update(lead, t.id, { assignee: assignee.id, reply: 'Amr will call you.' });
    await update(lead, t.id, { reply: 'Check the router logs', internal: true });
    const heard = async () =>
      (await notifications(assignee)).filter((n) => n.message.includes('replied to the ticket'));
    expect(await heard()).toEqual([]);

    const sock = openSocket(s.url, '/ws/notification/', await as(assignee));
    await ready(sock);
    expect((await update(owner, t.id, { reply: 'Still dropping.' })).status).toBe(200);
    const expected = { message: 'Lina Owner replied to the ticket "Wi-Fi drops".', url: `/dashboard/ticket/${t.id}` };
    expect(await heard()).toEqual([expect.objectContaining(expected)]);
    const live = await sock.next((m) => m.message?.command === 'notification' && m.message.data.url === expected.url);
    expect(live.message.data.message).toBe(expected.message);
    // Unassigned tickets tell nobody in particular.
    await update(lead, t.id, { assignee: null });
    await update(owner, t.id, { reply: 'Hello?' });
    expect(await heard()).toHaveLength(1);
    sock.ws.close();
  });
});
