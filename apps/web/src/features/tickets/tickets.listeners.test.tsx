import type { TTicketReply } from '@portal/contracts';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers/app-providers';
import { createStore } from '../../app/store';
import { liveFrameReceived } from '../../lib/live-channel';
import { playNewTicketSound, playNotificationSound } from '../../lib/sounds';
import { fakeApi, makeTicket as ticket, makeUser, ticketPerson as person } from '../../test/fake-api';
import { emptyAuthState } from '../auth/auth.slice';
import { deskTicketsSeen, selectUnseenDeskTickets } from './active-ticket.slice';
import { ticketsApi } from './api/tickets-api';

vi.mock('../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
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

function setup() {
  // The listeners' sockets cannot open here (no ws ticket): frames are dispatched directly.
  fakeApi({ 'GET /api/user/ticket_detail/41/': () => ({ status: 200, body: ticket() }) });
  const me = makeUser('IT'); // id 7: on the IT desk
  const store = createStore({ ...emptyAuthState, token: 'token', user: me, isAuthenticated: true });
  render(
    <AppProviders store={store}>
      <div />
    </AppProviders>,
  );
  const frame = (path: string, message: object) =>
    act(() => void store.dispatch(liveFrameReceived({ path, frame: { message } })));
  const detail = (id: number) => ticketsApi.endpoints.ticketDetail.select(id)(store.getState() as never).data;
  /** The open thread page: a subscription keeps the cache entry (and refetches it). */
  const open = async (id: number) => {
    await act(async () => {
      await store.dispatch(ticketsApi.endpoints.ticketDetail.initiate(id));
    });
  };
  return { store, frame, detail, open };
}

describe('live ticket frames', () => {
  beforeEach(() => vi.mocked(playNewTicketSound).mockClear());
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
});
