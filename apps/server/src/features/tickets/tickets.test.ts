import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventLogEndpoints,
  notificationEndpoints,
  ticketEndpoints as T,
  ZTicket,
  ZTicketHistoryPage,
  ZTicketStats,
  ZWsAdminNewTicket,
  ZWsAdminUpdateTicket,
  ZWsTicketUpdate,
  type TActiveTicketsQuery,
  type TCreateTicketRequest,
  type TEventLogQuery,
  type TTicketHistoryQuery,
  type TTicketStatsQuery,
  type TUpdateTicketRequest,
} from '@portal/contracts';
import { call, callAs } from '../../../test/client.js';
import {
  multipartBody,
  openSocket,
  ready,
  startTestServer,
  type FilePart,
  type TestServer,
  type TestSocket,
} from '../../../test/harness.js';
import { setTicketTimes } from '../../../test/test-clock.repository.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.stop());

/** One sign-in per demo user for the whole file. */
const as = (who: string | { username: string }) => s.token(who);

// ---- sample files: the type is decided by these bytes, whatever the name says
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0rest-of-a-jpeg')]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const TXT = Buffer.from('The printer on floor 2 says: ¡Hola! مرحبا\n');
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.from([0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]),
  Buffer.alloc(64),
]);
const MiB = 1024 * 1024;

/** A ticket raised, or answered, as multipart: the same fields as JSON, plus file parts named `attachments`. */
const createWithFiles = async (who: string, fields: Record<string, unknown>, files: FilePart[]) =>
  call(s.api, T.createTicket, { token: await as(who), body: multipartBody(fields, files) });
const answerWithFiles = async (who: string, id: number, fields: Record<string, unknown>, files: FilePart[]) =>
  call(s.api, T.updateTicket, { token: await as(who), params: { ticket: id }, body: multipartBody(fields, files) });

const ticketBody = (over: Partial<TCreateTicketRequest> = {}): TCreateTicketRequest => ({
  department: 'IT',
  subject: 'Printer on floor 2',
  description: 'It prints blank pages.',
  priority: 'high',
  ...over,
});
/** A create request with values the contract refuses, on purpose. */
const badTicketBody = (over: Record<string, unknown>) => ({ ...ticketBody(), ...over });

async function createTicket(owner: string, over: Partial<TCreateTicketRequest> = {}) {
  const res = await callAs(s, owner, T.createTicket, { body: ticketBody(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ZTicket.parse(res.body);
}

const update = (who: string, id: number, body: TUpdateTicketRequest) =>
  callAs(s, who, T.updateTicket, { params: { ticket: id }, body });
const detail = (who: string, id: number) => callAs(s, who, T.getTicket, { params: { id } });
const active = (who: string, query: TActiveTicketsQuery = {}) => callAs(s, who, T.listActiveTickets, { query });
const activeIds = async (who: string, query: TActiveTicketsQuery = {}) =>
  (await active(who, query)).body.map((x) => x.id);
/** What `who` was told, newest first (the first page of their bell). */
const bell = async (who: string) =>
  (await callAs(s, who, notificationEndpoints.listNotifications, { query: {} })).body.results;
const events = (query: TEventLogQuery) => callAs(s, 'admin', eventLogEndpoints.listEventLogs, { query });
const history = (who: string, query: TTicketHistoryQuery) => callAs(s, who, T.listTicketHistory, { query });
const deskStats = (who: string, query: TTicketStatsQuery = {}) => callAs(s, who, T.getTicketStats, { query });

/** An attachment by the link its ticket gives (`url`), as bytes (and as JSON when refused). */
async function download(who: string, url: string) {
  const res = await fetch(s.url + url, { headers: { authorization: `Bearer ${await as(who)}` } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const json: unknown = res.ok ? null : JSON.parse(bytes.toString('utf8'));
  return { status: res.status, headers: res.headers, bytes, json };
}

async function counts() {
  const db = s.database.db;
  const n = async (t: 'tickets' | 'files' | 'ticket_replies' | 'ticket_attachments') =>
    Number(
      (
        await db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    tickets: await n('tickets'),
    files: await n('files'),
    replies: await n('ticket_replies'),
    links: await n('ticket_attachments'),
  };
}

/** Everything the server sent on this socket before now has arrived once this resolves. */
async function flush(sock: TestSocket) {
  const pongs = () => sock.messages.filter((m) => m.message?.command === 'pong').length;
  const before = pongs();
  sock.ws.send(JSON.stringify({ command: 'ping' }));
  await sock.next(() => pongs() > before);
}

describe('creating a ticket', () => {
  it('answers the ticket in the spec §7 shape, for the owner', async () => {
    const t = await createTicket('hr', { priority: undefined });
    expect(t).toMatchObject({
      user: { username: 'hr', user_type: 'HR' },
      department: 'IT',
      status: 'open',
      priority: 'normal',
      ticket_reply: [],
      attachments: [],
      first_response_at: null,
      closed_at: null,
    });
    expect(t.waiting_since).toBe(t.created_at);
    const read = await detail('hr', t.id);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(t);
  });

  it('refuses bad input with 400 under each field, and saves nothing', async () => {
    const before = await counts();
    const token = await as('hr');
    const cases: [object, string[]][] = [
      [ticketBody({ subject: '   ' }), ['subject']],
      [ticketBody({ description: '' }), ['description']],
      [badTicketBody({ department: 'BOSS' }), ['department']],
      [badTicketBody({ department: 'INTERPRETER' }), ['department']],
      [badTicketBody({ priority: 'asap' }), ['priority']],
      [ticketBody({ subject: 'x'.repeat(201) }), ['subject']],
      [{}, ['department', 'description', 'subject']],
      [badTicketBody({ owner_id: 1 }), ['non_field_errors']], // unknown keys are refused
    ];
    for (const [body, fields] of cases) {
      const res = await s.api('POST', '/api/user/create_ticket/', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
      expect(Object.keys(res.body.extra.fields).sort(), JSON.stringify(body)).toEqual(fields);
    }
    const empty = await call(s.api, T.createTicket, { token, body: ticketBody({ subject: '' }) });
    expect(empty.error.extra?.fields?.subject).toEqual(['Write a subject.']);
    expect(await counts()).toEqual(before);
  });

  it('is for signed-in staff only', async () => {
    expect((await call(s.api, T.createTicket, { body: ticketBody() })).status).toBe(401);
    expect((await callAs(s, 'interpreter01', T.createTicket, { body: ticketBody() })).status).toBe(403);
    expect((await active('interpreter01')).status).toBe(403);
  });

  it('takes multipart with PNG, JPEG, PDF and TXT attachments, typed by their bytes, and serves them back', async () => {
    const res = await createWithFiles('hr', ticketBody({ subject: 'Screenshots' }), [
      { name: 'screen.png', data: PNG, type: 'image/png' },
      { name: 'photo.JPG', data: JPEG },
      { name: 'invoice.pdf', data: PDF, type: 'application/pdf' },
      { name: 'تقرير.txt', data: TXT, type: 'text/plain' },
      // A real PNG under a misleading name keeps its name plus the right extension.
      { name: 'notes.txt', data: PNG, type: 'text/plain' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const t = ZTicket.parse(res.body);
    expect(t.subject).toBe('Screenshots');
    expect(t.attachments.map((a) => [a.filename, a.content_type, a.size])).toEqual([
      ['screen.png', 'image/png', PNG.length],
      ['photo.JPG', 'image/jpeg', JPEG.length],
      ['invoice.pdf', 'application/pdf', PDF.length],
      ['تقرير.txt', 'text/plain', TXT.length],
      ['notes.txt.png', 'image/png', PNG.length],
    ]);
    const expected = [PNG, JPEG, PDF, TXT, PNG];
    for (const [i, a] of t.attachments.entries()) {
      for (const who of ['hr', 'it', 'admin']) {
        const d = await download(who, a.url);
        expect(d.status, `${who} ${a.filename}`).toBe(200);
        expect(d.bytes.equals(expected[i]!)).toBe(true);
        expect(d.headers.get('content-type')).toBe(
          a.content_type === 'text/plain' ? 'text/plain; charset=utf-8' : a.content_type,
        );
        expect(d.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''/);
        expect(d.headers.get('x-content-type-options')).toBe('nosniff');
      }
    }
    const arabic = await download('hr', t.attachments[3]!.url);
    expect(arabic.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('تقرير.txt')}`);
  });

  it('stores HTML sent as a .png as the plain text it is, renamed, never as a page', async () => {
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const res = await createWithFiles('hr', ticketBody(), [{ name: 'cat.png', data: html, type: 'image/png' }]);
    expect(res.status).toBe(201);
    const a = res.body.attachments[0]!;
    expect([a.filename, a.content_type]).toEqual(['cat.png.txt', 'text/plain']);
    const d = await download('hr', a.url);
    expect(d.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(d.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(d.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('validates multipart fields with the same schema as JSON', async () => {
    const before = await counts();
    const res = await createWithFiles('hr', badTicketBody({ subject: '', department: 'BOSS' }), [
      { name: 'a.png', data: PNG },
    ]);
    expect(res.status).toBe(400);
    expect(Object.keys(res.error.extra?.fields ?? {}).sort()).toEqual(['department', 'subject']);
    expect(await counts()).toEqual(before);
  });

  it('rejects disguised, empty, binary and non-UTF-8 files, and creates no ticket', async () => {
    const before = await counts();
    const bad: FilePart[][] = [
      [{ name: 'setup.png', data: EXE, type: 'image/png' }],
      [
        { name: 'ok.png', data: PNG },
        { name: 'invoice.pdf', data: EXE, type: 'application/pdf' },
      ],
      [{ name: 'empty.txt', data: Buffer.alloc(0), type: 'text/plain' }],
      [{ name: 'latin1.txt', data: Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]) }],
      [{ name: 'nul.txt', data: Buffer.from('abc\0def') }],
    ];
    for (const files of bad) {
      const res = await createWithFiles('hr', ticketBody(), files);
      expect(res.status, files.map((f) => f.name).join()).toBe(400);
      expect(Object.keys(res.error.extra?.fields ?? {})).toEqual(['attachments']);
      expect(res.error.extra?.fields?.attachments?.join(' ')).toContain(files.at(-1)!.name);
    }
    expect(await counts()).toEqual(before);
  });

  it('rejects more than 5 files, and a file over 10 MiB with 413 on the field', async () => {
    const before = await counts();
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `s${i}.png`, data: PNG }));
    const tooMany = await createWithFiles('hr', ticketBody(), six);
    expect(tooMany.status).toBe(400);
    expect(tooMany.error.extra?.fields?.attachments).toEqual(['At most 5 files per message.']);

    const big = Buffer.alloc(10 * MiB + 1, 0x41);
    const tooBig = await createWithFiles('hr', ticketBody(), [
      { name: 'ok.png', data: PNG },
      { name: 'huge.txt', data: big },
    ]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.error).toEqual({
      message: 'huge.txt is larger than 10 MiB.',
      code: 'fileTooLarge',
      params: { name: 'huge.txt', limit: '10 MiB' },
      extra: {
        fields: { attachments: ['huge.txt is larger than 10 MiB.'] },
        codes: { attachments: [{ code: 'fileTooLarge', params: { name: 'huge.txt', limit: '10 MiB' } }] },
      },
    });
    expect(await counts()).toEqual(before);
    // JSON bodies keep the app's 1 MiB limit on these routes too.
    const json = await callAs(s, 'hr', T.createTicket, { body: ticketBody({ description: 'x'.repeat(MiB + 10) }) });
    expect(json.status).toBe(413);
  });

  it('answers malformed multipart bodies with 400 in the error shape', async () => {
    const token = await as('hr');
    const bodies: [string, string][] = [
      ['multipart/form-data', '--x\r\n'],
      ['multipart/form-data; boundary=x', 'garbage'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="subject"\r\n\r\nunfinished'],
    ];
    for (const [type, body] of bodies) {
      const res = await s.api('POST', '/api/user/create_ticket/', {
        token,
        rawBody: body,
        headers: { 'content-type': type },
      });
      expect(res.status, body).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    // Other routes do not take multipart at all.
    const other = await s.api('POST', '/api/notifications/read/', {
      token,
      rawBody: '--x--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(other.status).toBe(415);
  });

  it('accepts the largest upload: 5 files of exactly 10 MiB', async () => {
    const files = Array.from({ length: 5 }, (_, i) => {
      const data = Buffer.alloc(10 * MiB, 0x61 + i);
      PNG.copy(data); // a PNG signature followed by padding is still a PNG by its bytes
      return { name: `scan${i}.png`, data };
    });
    const res = await createWithFiles('hr', ticketBody(), files);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    expect(res.body.attachments.map((a) => a.size)).toEqual(Array(5).fill(10 * MiB));
    const d = await download('it', res.body.attachments[4]!.url);
    expect(d.bytes.equals(files[4]!.data)).toBe(true);
  });
});

describe('who sees what', () => {
  it('owner and desk (department, groups above, ADMIN) see it; anyone else gets 404 everywhere', async () => {
    const t = await createTicket('hr', { subject: 'Laptop will not boot' });
    const withFile = await createWithFiles('hr', ticketBody(), [{ name: 'err.png', data: PNG }]);
    const attachment = withFile.body.attachments[0]!;
    const attachmentUrl = attachment.url;
    for (const who of ['hr', 'it', 'manager.it', 'director.gi', 'admin']) {
      expect((await detail(who, t.id)).status, who).toBe(200);
      expect((await download(who, attachmentUrl)).status, who).toBe(200);
    }
    const missing = await detail('quality', 99999999);
    for (const who of ['quality', 'finance', 'director.ad', 'manager.hr', 'g.e']) {
      const seen = await detail(who, t.id);
      expect(seen.status, who).toBe(404);
      // Indistinguishable from a ticket that does not exist.
      expect(seen.error).toEqual(missing.error);
      expect((await update(who, t.id, { reply: 'peek' })).status, who).toBe(404);
      const putFile = await answerWithFiles(who, t.id, { reply: 'peek' }, [{ name: 'a.png', data: PNG }]);
      expect(putFile.status, who).toBe(404);
      const d = await download(who, attachmentUrl);
      expect(d.status, who).toBe(404);
      expect(d.headers.get('content-type')).toMatch(/application\/json/);
      const byContract = await callAs(s, who, T.downloadTicketAttachment, { params: { id: attachment.id } });
      expect(byContract.error).toEqual(d.json);
      expect(await activeIds(who), who).not.toContain(t.id);
    }
    const gone = await callAs(s, 'quality', T.downloadTicketAttachment, { params: { id: 99999999 } });
    expect(gone.status).toBe(404);
    expect((await detail('hr', t.id)).body.ticket_reply).toEqual([]);
  });

  it('lists active tickets as owner and as desk, with filters', async () => {
    const mine = await createTicket('quality', {
      department: 'FINANCE',
      subject: 'Payslip missing',
      priority: 'urgent',
    });
    const other = await createTicket('hr', { department: 'QUALITY', subject: 'Audit checklist', priority: 'low' });
    const all = await active('quality');
    expect(all.status).toBe(200);
    const ids = all.body.map((x) => x.id);
    expect(ids).toEqual(expect.arrayContaining([mine.id, other.id]));
    for (const x of all.body) ZTicket.parse(x);
    expect(all.headers.get('x-total-count')).toBe(String(all.body.length));
    expect(await activeIds('quality', { scope: 'mine' })).toEqual([mine.id]);
    expect(await activeIds('quality', { scope: 'desk', priority: 'low' })).toEqual([other.id]);
    expect(await activeIds('quality', { search: 'payslip' })).toEqual([mine.id]);
    expect(await activeIds('quality', { search: `#${other.id}` })).toEqual([other.id]);
    expect(await activeIds('quality', { search: '%' })).toEqual([]);
    const limited = await active('quality', { limit: 1 });
    expect(limited.body).toHaveLength(1);
    expect(Number(limited.headers.get('x-total-count'))).toBe(ids.length);
    // The finance desk sees the quality user's ticket; G.AD stands above FINANCE.
    for (const who of ['finance', 'director.ad', 'admin']) expect(await activeIds(who), who).toContain(mine.id);
    // A closed ticket is not active: a status the contract does not offer here.
    const token = await as('quality');
    expect((await s.api('GET', '/api/user/active-tickets/?status=closed', { token })).status).toBe(400);
  });
});

describe('answering a ticket', () => {
  it('desk replies mark it answered, set the first response, notify the owner; the owner follows up', async () => {
    const t = await createTicket('hr');
    const r = await update('it', t.id, { reply: 'Try turning it off and on again.' });
    expect(r.status).toBe(200);
    const after = ZTicket.parse(r.body);
    expect(after.status).toBe('answered');
    expect(after.first_response_at).not.toBeNull();
    expect(after.waiting_since).toBeNull();
    expect(after.ticket_reply).toEqual([
      expect.objectContaining({
        ticket: t.id,
        body: 'Try turning it off and on again.',
        is_desk: true,
        author: expect.objectContaining({ username: 'it' }),
        attachments: [],
      }),
    ]);
    expect((await bell('hr'))[0]).toMatchObject({
      message: expect.stringMatching(/replied to your ticket "Printer on floor 2"; it is now answered/),
      url: `/ticket/${t.id}`,
    });

    const follow = await update('hr', t.id, { reply: 'Still blank.' });
    expect(follow.status).toBe(200);
    expect(follow.body.status).toBe('open');
    expect(follow.body.waiting_since).not.toBeNull();
    expect(follow.body.first_response_at).toBe(after.first_response_at);
    expect(follow.body.ticket_reply.map((x) => x.is_desk)).toEqual([true, false]);

    const progress = await update('director.gi', t.id, { status: 'in_progress' });
    expect(progress.body.status).toBe('in_progress');
    expect((await bell('hr'))[0]!.message).toBe('Your ticket "Printer on floor 2" is now in progress.');
    // An explicit status wins over the automatic one.
    const keep = await update('it', t.id, { reply: 'Ordering a part.', status: 'in_progress' });
    expect(keep.body.status).toBe('in_progress');

    const log = await events({ target_type: 'ticket', target_id: String(t.id) });
    expect(log.body.results.map((e) => e.action).sort()).toEqual([
      'ticket.assigned', // the first desk reply took the unassigned ticket
      'ticket.created',
      'ticket.replied',
      'ticket.replied',
      'ticket.replied',
      'ticket.status_changed',
      'ticket.status_changed',
      'ticket.status_changed',
    ]);
    const created = log.body.results.find((e) => e.action === 'ticket.created');
    expect(created).toMatchObject({ actor_username: 'hr', details: { department: 'IT', priority: 'high' } });
  });

  it('only the desk sets in_progress/answered; the owner closes and reopens within 7 days', async () => {
    const t = await createTicket('hr');
    for (const status of ['in_progress', 'answered'] as const) {
      const res = await update('hr', t.id, { status });
      expect(res.status, status).toBe(403);
      expect(res.error.message).toEqual(expect.any(String));
    }
    const closed = await update('hr', t.id, { status: 'closed' });
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe('closed');
    expect(closed.body.closed_at).not.toBeNull();
    expect(Date.parse(closed.body.reopen_until!) - Date.parse(closed.body.closed_at!)).toBe(7 * 86_400_000);

    for (const who of ['hr', 'it']) {
      const reply = await update(who, t.id, { reply: 'One more thing' });
      expect(reply.status, who).toBe(400);
      expect(Object.keys(reply.error.extra?.fields ?? {})).toEqual(['reply']);
    }
    expect((await update('it', t.id, { status: 'answered' })).status).toBe(400);
    expect(await activeIds('hr')).not.toContain(t.id);

    // Reopen with a reply in one request.
    const reopened = await update('hr', t.id, { status: 'open', reply: 'It is back.' });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ status: 'open', closed_at: null, reopen_until: null });
    expect(reopened.body.waiting_since).not.toBeNull();

    // Reply and close together.
    const done = await update('hr', t.id, { reply: 'Fixed, thanks.', status: 'closed' });
    expect(done.body.status).toBe('closed');
    expect(done.body.ticket_reply.at(-1)?.body).toBe('Fixed, thanks.');

    await setTicketTimes(s.database.db, t.id, { closed_at: new Date(Date.now() - 8 * 86_400_000) });
    const late = await update('hr', t.id, { status: 'open' });
    expect(late.status).toBe(400);
    expect(late.error.extra?.fields?.status?.[0]).toMatch(/more than 7 days/);
    // The desk may still reopen it.
    expect((await update('it', t.id, { status: 'open' })).body.status).toBe('open');
  });

  it('refuses empty or malformed answers with 400 under the field', async () => {
    const t = await createTicket('hr');
    const before = await counts();
    const cases: [object, string][] = [
      [{}, 'non_field_errors'],
      [{ reply: '   ' }, 'reply'],
      [{ reply: 'x'.repeat(10_001) }, 'reply'],
      [{ status: 'bogus' }, 'status'],
      [{ reply: 'hi', extra: 1 }, 'non_field_errors'],
    ];
    for (const [body, field] of cases) {
      const res = await s.api('PUT', `/api/user/active-tickets/${t.id}/`, { token: await as('it'), body });
      expect(res.status, JSON.stringify(body).slice(0, 50)).toBe(400);
      expect(Object.keys(res.body.extra.fields), JSON.stringify(body).slice(0, 50)).toEqual([field]);
    }
    expect(
      (await s.api('PUT', '/api/user/active-tickets/abc/', { token: await as('it'), body: { reply: 'x' } })).status,
    ).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('carries attachments on replies (multipart), and never without a reply', async () => {
    const t = await createTicket('hr');
    const res = await answerWithFiles('it', t.id, { reply: 'See the manual.' }, [
      { name: 'manual.pdf', data: PDF },
      { name: 'diagram.png', data: PNG },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const reply = ZTicket.parse(res.body).ticket_reply[0]!;
    expect(reply.attachments.map((a) => a.content_type)).toEqual(['application/pdf', 'image/png']);
    expect((await download('hr', reply.attachments[0]!.url)).bytes.equals(PDF)).toBe(true);
    expect((await download('finance', reply.attachments[0]!.url)).status).toBe(404);

    const before = await counts();
    const noReply = await answerWithFiles('hr', t.id, { status: 'closed' }, [{ name: 'a.png', data: PNG }]);
    expect(noReply.status).toBe(400);
    expect(Object.keys(noReply.error.extra?.fields ?? {})).toEqual(['attachments']);
    const disguised = await answerWithFiles('hr', t.id, { reply: 'here' }, [{ name: 'virus.jpg', data: EXE }]);
    expect(disguised.status).toBe(400);
    const tooMany = await answerWithFiles(
      'hr',
      t.id,
      { reply: 'here' },
      Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, data: PNG })),
    );
    expect(tooMany.status).toBe(400);
    expect(await counts()).toEqual(before);
    const still = await detail('hr', t.id);
    expect(still.body.status).toBe('answered');
    expect(still.body.ticket_reply).toHaveLength(1);
  });
});

describe('assigning a ticket', () => {
  const idOf = async (username: string) =>
    (await s.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow())
      .id;

  it('a desk member who answers an unassigned ticket takes it (logged, no notice to themself); notes and the owner do not', async () => {
    const t = await createTicket('hr', { subject: 'Answer takes it' });
    const [it, managerIt] = [await idOf('it'), await idOf('manager.it')];

    // The owner's own follow-up and a desk note leave it unassigned.
    expect((await update('hr', t.id, { reply: 'Any news?' })).body.assignee).toBeNull();
    expect((await update('it', t.id, { reply: 'Checking the logs.', internal: true })).body.assignee).toBeNull();

    const answered = await update('it', t.id, { reply: 'Fixed the driver.' });
    expect(answered.status).toBe(200);
    expect(answered.body.assignee).toMatchObject({ id: it, username: 'it' });
    expect(answered.body.status).toBe('answered');
    expect((await detail('hr', t.id)).body.assignee?.username).toBe('it');
    expect(await activeIds('it', { scope: 'desk', assignee: 'me' })).toContain(t.id);
    expect(await activeIds('it', { scope: 'desk', assignee: 'none' })).not.toContain(t.id);
    // Taking it yourself needs no notice.
    expect((await bell('it')).some((n) => /assigned you the ticket "Answer takes it"/.test(n.message))).toBe(false);

    // A colleague answering later does not take it over.
    expect((await update('manager.it', t.id, { reply: 'Also updated the firmware.' })).body.assignee?.username).toBe(
      'it',
    );
    const log = await events({ target_type: 'ticket', target_id: String(t.id), action: 'ticket.assigned' });
    expect(log.body.results.map((e) => [e.actor_username, e.details])).toEqual([['it', { from: null, to: it }]]);

    // A reply that names an assignee assigns them, not the author.
    const u = await createTicket('hr', { subject: 'Hand it over' });
    const handed = await update('it', u.id, { reply: 'Passing this on.', assignee: managerIt });
    expect(handed.body.assignee?.username).toBe('manager.it');
    expect((await bell('manager.it'))[0]?.message).toMatch(/assigned you the ticket "Hand it over"/);
  });

  it('the desk takes it or hands it to a colleague on the desk (who is told); nobody else assigns', async () => {
    const t = await createTicket('hr', { subject: 'Assign me' });
    const [it, managerIt, quality] = [await idOf('it'), await idOf('manager.it'), await idOf('quality')];

    const taken = await update('it', t.id, { assignee: it });
    expect(taken.status).toBe(200);
    expect(taken.body.assignee).toMatchObject({ id: it, username: 'it' });
    expect(taken.body.status).toBe('open'); // assigning is not answering

    // Filters: mine, and unassigned.
    expect(await activeIds('it', { scope: 'desk', assignee: 'me' })).toContain(t.id);
    expect(await activeIds('it', { scope: 'desk', assignee: 'none' })).not.toContain(t.id);

    // Handed to a colleague on the same desk: they get a notification.
    const handed = await update('it', t.id, { assignee: managerIt });
    expect(handed.body.assignee?.username).toBe('manager.it');
    expect((await bell('manager.it'))[0]).toMatchObject({
      message: expect.stringContaining(`assigned you the ticket "Assign me"`),
      url: `/dashboard/ticket/${t.id}`,
    });

    // Refused: someone off the desk, an unknown id, the owner assigning, a stranger (404).
    const before = (await detail('it', t.id)).body;
    const offDesk = await update('it', t.id, { assignee: quality });
    expect(offDesk.status).toBe(400);
    expect(offDesk.error.extra?.fields?.assignee).toEqual(["Choose someone on this ticket's desk."]);
    expect((await update('it', t.id, { assignee: 99_999_999 })).status).toBe(400);
    expect((await update('it', t.id, { assignee: 'x' })).error.extra?.fields).toHaveProperty('assignee');
    expect((await update('hr', t.id, { assignee: await idOf('hr') })).status).toBe(403);
    expect((await update('quality', t.id, { assignee: quality })).status).toBe(404);
    expect((await detail('it', t.id)).body).toEqual(before);

    // Unassigned again; every assignment is in the event log.
    expect((await update('manager.it', t.id, { assignee: null })).body.assignee).toBeNull();
    const log = await events({ target_type: 'ticket', target_id: String(t.id), action: 'ticket.assigned' });
    expect(log.body.results.map((e) => e.details)).toEqual([
      { from: managerIt, to: null },
      { from: it, to: managerIt },
      { from: null, to: it },
    ]);

    // The picker: who may take IT tickets — that desk only.
    const members = await callAs(s, 'it', T.listDeskMembers, { query: { department: 'IT' } });
    expect(members.status).toBe(200);
    const names = members.body.map((u) => u.username);
    expect(names).toEqual(expect.arrayContaining(['it', 'manager.it', 'director.gi', 'admin']));
    expect(names).not.toContain('quality');
    expect(members.body.every((u) => ['IT', 'G.I', 'ADMIN'].includes(u.user_type))).toBe(true);
    expect((await callAs(s, 'quality', T.listDeskMembers, { query: { department: 'IT' } })).status).toBe(404);
    // A department that has no desk: not one the contract offers.
    expect(
      (await s.api('GET', '/api/user/ticket-desk-members/?department=GUEST', { token: await as('it') })).body.extra
        .fields,
    ).toHaveProperty('department');

    // Closed tickets are not assigned.
    await update('hr', t.id, { status: 'closed' });
    expect((await update('it', t.id, { assignee: it })).error.extra?.fields?.assignee?.[0]).toMatch(/closed/);
  });
});

describe('live', () => {
  it('sends admin_new_ticket to exactly the desk of the department, and admin_update_ticket on changes', async () => {
    const desk = ['it', 'manager.it', 'director.gi', 'admin'];
    const others = ['quality', 'finance', 'director.ad'];
    const sockets = new Map<string, TestSocket>();
    for (const who of [...desk, ...others]) sockets.set(who, openSocket(s.url, '/ws/admins/', await as(who)));
    const owner = openSocket(s.url, '/ws/notification/', await as('hr'));
    await Promise.all([...sockets.values(), owner].map(ready));

    const t = await createTicket('hr', { subject: 'VPN drops every hour' });
    for (const who of desk) {
      const m = await sockets
        .get(who)!
        .next((x) => x.message?.command === 'admin_new_ticket' && x.message.data.id === t.id);
      const frame = ZWsAdminNewTicket.parse(m);
      // Spec §7: it carries the ticket; `data` keeps the same for older readers.
      expect(frame.message.ticket).toEqual(t);
      expect(frame.message.data).toEqual(t);
    }
    // Another department's new ticket reaches its own desk; nothing of the IT ticket went there.
    const f = await createTicket('hr', { department: 'FINANCE', subject: 'Expense claim' });
    await sockets.get('finance')!.next((x) => x.message?.command === 'admin_new_ticket' && x.message.data.id === f.id);
    for (const who of others) {
      await flush(sockets.get(who)!);
      const got = sockets
        .get(who)!
        .messages.filter((x) => x.message?.command === 'admin_new_ticket')
        .map((x) => x.message.data.id);
      expect(got, who).not.toContain(t.id);
    }
    expect(sockets.get('quality')!.messages.some((x) => x.message?.command === 'admin_new_ticket')).toBe(false);

    // A desk reply: the desk hears admin_update_ticket, the owner ticket_update and a notification.
    const r = await update('manager.it', t.id, { reply: 'Known issue, patch tonight.' });
    const reply = r.body.ticket_reply[0];
    for (const who of desk) {
      const m = await sockets
        .get(who)!
        .next((x) => x.message?.command === 'admin_update_ticket' && x.message.ticket === t.id);
      expect(ZWsAdminUpdateTicket.parse(m).message).toEqual({
        command: 'admin_update_ticket',
        ticket: t.id,
        data: reply,
        status: 'answered',
      });
    }
    const live = await owner.next((x) => x.message?.command === 'ticket_update' && x.message.ticket === t.id);
    expect(ZWsTicketUpdate.parse(live).message).toEqual({
      command: 'ticket_update',
      ticket: t.id,
      data: reply,
      status: 'answered',
    });
    const pushed = await owner.next(
      (x) => x.message?.command === 'notification' && x.message.data.url === `/ticket/${t.id}`,
    );
    expect(pushed.message.data.message).toMatch(/replied to your ticket/);

    // A status change alone: data is null.
    await update('hr', t.id, { status: 'closed' });
    const closed = await sockets
      .get('admin')!
      .next(
        (x) =>
          x.message?.command === 'admin_update_ticket' && x.message.ticket === t.id && x.message.status === 'closed',
      );
    expect(closed.message.data).toBeNull();
    await owner.next((x) => x.message?.command === 'ticket_update' && x.message.status === 'closed');
    for (const who of others) {
      await flush(sockets.get(who)!);
      expect(
        sockets.get(who)!.messages.some((x) => x.message?.ticket === t.id),
        who,
      ).toBe(false);
    }
    // Desk members get a notification for each new ticket of their desk (bell), others do not.
    const itNote = (await bell('it')).find((n) => n.url === `/dashboard/ticket/${t.id}`);
    expect(itNote?.message).toBe('Hala Rashed sent a ticket: VPN drops every hour');
    expect((await bell('quality')).some((n) => n.url === `/dashboard/ticket/${t.id}`)).toBe(false);

    // A frame the client sends that fails is answered with an error frame.
    const a = sockets.get('admin')!;
    a.ws.send('not json');
    expect((await a.next((x) => x.message?.command === 'error')).message.data).toEqual(expect.any(String));
    for (const sock of [...sockets.values(), owner]) sock.ws.close();
  });
});

describe('history and statistics', () => {
  it('pages and searches closed tickets for owner and desk only', async () => {
    const subjects = ['Badge reader broken', 'Badge printer jammed', 'Monitor flickers'];
    const made = [];
    for (const subject of subjects) {
      const t = await createTicket('marketing', { department: 'DEVELOPER', subject });
      await update('marketing', t.id, { status: 'closed' });
      made.push(t);
    }
    const p1 = await history('marketing', { search: 'badge', page_size: 1 });
    expect(p1.status).toBe(200);
    const page = ZTicketHistoryPage.parse(p1.body);
    expect(page.count).toBe(2);
    expect(page.results[0]).toMatchObject({ id: made[1]!.id, status: 'closed', reply_count: 0 });
    expect(page.next).toBe('/api/user/ticket-history/?search=badge&page_size=1&page=2');
    // The `next` link as the server wrote it.
    const token = await as('marketing');
    const p2 = await s.api('GET', page.next!, { token });
    expect(p2.body.results.map((x: { id: number }) => x.id)).toEqual([made[0]!.id]);
    expect(p2.body.previous).toBe('/api/user/ticket-history/?search=badge&page_size=1&page=1');
    // A page past the end is empty but still counts what there is.
    const past = await history('marketing', { search: 'badge', page_size: 1, page: 5 });
    expect(past.body).toMatchObject({ count: 2, results: [] });
    // The DEVELOPER desk sees them; a stranger does not.
    expect((await history('dev', { search: 'badge' })).body.count).toBe(2);
    expect((await history('rtm', { search: 'badge' })).body.count).toBe(0);
    expect((await history('marketing', { page: 0 })).status).toBe(400);
  });

  it('counts open tickets, medians over a period, and flags tickets waiting too long', async () => {
    const t1 = await createTicket('hr', { department: 'RTM', subject: 'Schedule export' });
    const t2 = await createTicket('hr', { department: 'RTM', subject: 'Queue wallboard' });
    const t3 = await createTicket('hr', { department: 'RTM', subject: 'Headset' });
    const db = s.database.db;
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    await setTicketTimes(db, t1.id, { created_at: hoursAgo(5), waiting_since: hoursAgo(5) });
    await setTicketTimes(db, t2.id, { created_at: hoursAgo(3), waiting_since: hoursAgo(3) });
    await setTicketTimes(db, t3.id, { created_at: hoursAgo(2) });
    await update('rtm', t3.id, { reply: 'Replacement on the way.' }); // first response after ~2 h
    await update('rtm', t3.id, { status: 'closed' });

    const res = await deskStats('rtm');
    expect(res.status).toBe(200);
    const stats = ZTicketStats.parse(res.body);
    expect(stats.departments).toEqual(['RTM']);
    expect(stats.open_by_status).toEqual({ open: 2, in_progress: 0, answered: 0, total: 2 });
    expect(stats.open_by_department).toEqual([{ department: 'RTM', open: 2, in_progress: 0, answered: 0, total: 2 }]);
    expect(stats.created_in_period).toBe(3);
    expect(stats.closed_in_period).toBe(1);
    expect(stats.median_first_response_minutes).toBeGreaterThanOrEqual(119);
    expect(stats.median_first_response_minutes).toBeLessThan(125);
    expect(stats.median_resolution_minutes).toBeGreaterThanOrEqual(119);
    expect(stats.waiting_minutes).toBe(240);
    expect(stats.waiting.map((w) => w.id)).toEqual([t1.id]);
    expect(stats.waiting[0]!.waiting_minutes).toBeGreaterThanOrEqual(299);
    expect(stats.waiting_count).toBe(1);

    const longer = await deskStats('rtm', { waiting_minutes: 120 });
    expect(longer.body.waiting.map((w) => w.id)).toEqual([t1.id, t2.id]);
    const lastHour = hoursAgo(1).toISOString();
    const recent = await deskStats('rtm', { from: lastHour });
    expect(recent.body.created_in_period).toBe(0);
    expect(recent.body.median_first_response_minutes).toBeNull();
    // G.SDM stands above RTM; ADMIN sees every department.
    const gsdm = await deskStats('g.sdm');
    expect(gsdm.body.departments).toEqual(['WFM', 'RTM', 'G.SDM']);
    expect(gsdm.body.open_by_status.total).toBe(2);
    expect((await deskStats('admin')).body.departments).toHaveLength(19);
    // Nobody else's figures leak into a desk's statistics.
    const hrStats = await deskStats('hr');
    expect(hrStats.body.departments).toEqual(['HR']);
    expect(hrStats.body.waiting).toEqual([]);

    const bad = await deskStats('rtm', { from: lastHour, to: hoursAgo(2).toISOString() });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.error.extra?.fields ?? {})).toEqual(['from']);
    expect((await deskStats('rtm', { waiting_minutes: 0 })).status).toBe(400);
  });
});
