import type { TTicket, TTicketReply } from '@portal/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveFrameReceived } from '../../lib/live-channel';
import { playNewTicketSound, playNotificationSound, playRequesterReplySound } from '../../lib/sounds';
import { fakeApi, makeTicket as ticket, makeUser, ticketPerson as person } from '../../test/fake-api';
import { deskTicketsSeen, selectUnseenDeskTickets } from './active-ticket.slice';
import { helpDeskApi } from './api/help-desk-api';
import { ticketsApi } from './api/tickets-api';
import { renderApp } from '../../test/render-app';

vi.mock('../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
  playRequesterReplySound: vi.fn(),
}));

const reply: TTicketReply = {
  id: 900,
  ticket: 41,
  author: person(7, 'someone', 'Sam', 'One'),
  body: 'Try the new profile.',
  is_desk: true,
  internal: false,
  created_at: '2026-11-22T10:05:00.000Z',
  attachments: [],
};

function setup(answer: TTicket = ticket(), more: Parameters<typeof fakeApi>[0] = {}) {
  // The listeners' sockets cannot open here (no ws ticket): frames are dispatched directly.
  const { api, store } = renderApp(<div />, {
    user: makeUser('IT'), // id 7: on the IT desk
    api: { 'GET /api/user/ticket_detail/41/': () => ({ status: 200, body: answer }), ...more },
  });
  const frame = (path: string, message: object) =>
    act(() => void store.dispatch(liveFrameReceived({ path, frame: { message } })));
  const detail = (id: number) => ticketsApi.endpoints.ticketDetail.select(id)(store.getState() as never).data;
  /** The open thread page: a subscription keeps the cache entry (and refetches it). */
  const open = async (id: number) => {
    await act(async () => {
      await store.dispatch(ticketsApi.endpoints.ticketDetail.initiate(id));
    });
  };
  return { store, frame, detail, open, api };
}

describe('live ticket frames', () => {
  beforeEach(() => {
    vi.mocked(playNewTicketSound).mockClear();
    vi.mocked(playRequesterReplySound).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a new ticket on the desk plays its own sound and toasts "{name} sent a ticket" linking to the desk thread', async () => {
    const { store, frame } = setup();
    const sent = ticket();
    frame('/ws/admins/', { command: 'admin_new_ticket', ticket: sent, data: sent });
    const link = await screen.findByRole('link', { name: 'Hala Rashed sent a ticket' });
    expect(link).toHaveAttribute('href', '/dashboard/ticket/41');
    expect(playNewTicketSound).toHaveBeenCalledTimes(1);
    expect(playNotificationSound).not.toHaveBeenCalled();
    // The Dashboard link counts it until the desk looks.
    expect(selectUnseenDeskTickets(store.getState())).toBe(1);
    act(() => void store.dispatch(deskTicketsSeen(41)));
    expect(selectUnseenDeskTickets(store.getState())).toBe(0);
  });

  it('my own ticket on my own desk makes no noise', async () => {
    const { store, frame } = setup();
    const mine = ticket({ user: person(7, 'someone') });
    frame('/ws/admins/', { command: 'admin_new_ticket', ticket: mine, data: mine });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('link', { name: /sent a ticket/ })).not.toBeInTheDocument();
    expect(playNewTicketSound).not.toHaveBeenCalled();
    expect(selectUnseenDeskTickets(store.getState())).toBe(0);
  });

  it.each([
    ['/ws/admins/', 'admin_update_ticket'],
    ['/ws/notification/', 'ticket_update'],
  ])('%s %s appends the reply to the open thread once and sets the status', async (path, command) => {
    const { frame, detail, open } = setup();
    await open(41);
    // The same frame twice (our own tab's PUT answer and the echo): one reply.
    frame(path, { command, ticket: 41, data: reply, status: 'answered' });
    frame(path, { command, ticket: 41, data: reply, status: 'answered' });
    expect(detail(41)?.ticket_reply.map((r) => r.id)).toEqual([900]);
    expect(detail(41)?.status).toBe('answered');
  });

  it('ignores ticket frames on channels that do not carry them, and malformed frames', async () => {
    const { frame, detail, open } = setup();
    await open(41);
    frame('/ws/notification/', { command: 'admin_update_ticket', ticket: 41, data: reply, status: 'answered' });
    frame('/ws/admins/', { command: 'admin_update_ticket', ticket: 41, data: { id: 'x' }, status: 'answered' });
    expect(detail(41)?.ticket_reply).toEqual([]);
    expect(detail(41)?.status).toBe('open');
  });

  describe('the requester replies', () => {
    const me = person(7, 'someone', 'Sam', 'One');
    const colleague = person(8, 'other', 'Omar', 'Desk');
    const ownerReply: TTicketReply = { ...reply, id: 901, author: person(3, 'hala', 'Hala', 'Rashed'), is_desk: false };
    const toastName = 'Hala Rashed replied to “VPN drops”';
    const update = (data: TTicketReply) => ({ command: 'admin_update_ticket', ticket: 41, data, status: 'open' });

    it('on a ticket assigned to me (open thread): its own sound and a toast linking to the desk thread', async () => {
      const { frame, open } = setup(ticket({ assignee: me }));
      await open(41);
      frame('/ws/admins/', update(ownerReply));
      const link = await screen.findByRole('link', { name: toastName });
      expect(link).toHaveAttribute('href', '/dashboard/ticket/41');
      expect(playRequesterReplySound).toHaveBeenCalledTimes(1);
      expect(playNewTicketSound).not.toHaveBeenCalled();
    });

    it('on a ticket assigned to me that is not in the cache: read once, then announced', async () => {
      const { frame, api } = setup(ticket({ assignee: me }));
      frame('/ws/admins/', update(ownerReply));
      await screen.findByRole('link', { name: toastName });
      expect(api.calls.filter((c) => c.key === 'GET /api/user/ticket_detail/41/')).toHaveLength(1);
      expect(playRequesterReplySound).toHaveBeenCalledTimes(1);
    });

    it.each([
      ['assigned to a colleague', ticket({ assignee: colleague }), ownerReply],
      ['assigned to nobody', ticket({ assignee: null }), ownerReply],
      ['a desk reply on my ticket', ticket({ assignee: me }), { ...reply, author: colleague }],
      [
        'a colleague’s internal note on my ticket',
        ticket({ assignee: me }),
        { ...reply, author: colleague, internal: true },
      ],
    ])('stays quiet for %s', async (_what, detail, data) => {
      const { frame, open, detail: read } = setup(detail);
      await open(41);
      frame('/ws/admins/', update(data));
      // The frame was handled (the reply is in the thread) and nothing was announced.
      await waitFor(() => expect(read(41)?.ticket_reply.map((r) => r.id)).toEqual([data.id]));
      expect(screen.queryByRole('link', { name: /replied to/ })).not.toBeInTheDocument();
      expect(playRequesterReplySound).not.toHaveBeenCalled();
    });
  });

  it('an internal note arriving live is appended once, as a note', async () => {
    const { frame, detail, open } = setup();
    await open(41);
    const note = { ...reply, id: 950, internal: true };
    frame('/ws/admins/', { command: 'admin_update_ticket', ticket: 41, data: note, status: 'open' });
    frame('/ws/admins/', { command: 'admin_update_ticket', ticket: 41, data: note, status: 'open' });
    expect(detail(41)?.ticket_reply.map((r) => [r.id, r.internal])).toEqual([[950, true]]);
  });

  it('admin_desk_settings re-reads the canned replies (or the SLA targets and due times)', async () => {
    const { store, frame, api } = setup(ticket(), {
      'GET /api/user/canned-replies/': () => ({ status: 200, body: [] }),
      'GET /api/user/ticket-sla/': () => ({ status: 200, body: { department: 'IT', targets: [], can_edit: false } }),
    });
    await act(async () => {
      await store.dispatch(helpDeskApi.endpoints.cannedReplies.initiate({ department: 'IT' }));
      await store.dispatch(helpDeskApi.endpoints.slaTargets.initiate('IT'));
    });
    const count = (key: string) => api.calls.filter((c) => c.key === key).length;
    frame('/ws/admins/', { command: 'admin_desk_settings', department: 'IT', what: 'canned_replies' });
    await waitFor(() => expect(count('GET /api/user/canned-replies/')).toBe(2));
    expect(count('GET /api/user/ticket-sla/')).toBe(1);
    frame('/ws/admins/', { command: 'admin_desk_settings', department: 'IT', what: 'sla' });
    await waitFor(() => expect(count('GET /api/user/ticket-sla/')).toBe(2));
    expect(count('GET /api/user/canned-replies/')).toBe(2);
  });
});
