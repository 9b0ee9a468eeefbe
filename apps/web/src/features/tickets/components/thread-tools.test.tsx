import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeTicket, makeUser, ticketPerson } from '../../../test/fake-api';
import { QueueNavigation, queueFiltersFrom, queueNeighbours } from './queue-navigation';
import { TicketMessage } from './ticket-message';
import { renderApp } from '../../../test/render-app';

describe('internal notes in the thread', () => {
  it('look and read as notes: their own label, and a name that says only the desk sees them', () => {
    renderApp(
      <>
        <TicketMessage
          author={ticketPerson(8, 'omar', 'Omar', 'Desk')}
          body="Checked DNS."
          at="2026-11-22T10:00:00.000Z"
          attachments={[]}
          mine={false}
          desk
          internal
        />
        <TicketMessage
          author={ticketPerson(8, 'omar', 'Omar', 'Desk')}
          body="Try again."
          at="2026-11-22T10:05:00.000Z"
          attachments={[]}
          mine={false}
          desk
        />
      </>,
      { user: makeUser('IT') },
    );
    const note = screen.getByRole('article', { name: 'Internal note by Omar Desk, seen by the desk only' });
    expect(note).toHaveTextContent('Internal note');
    expect(note).toHaveTextContent('Checked DNS.');
    // A reply the requester sees carries the desk badge, not the note's.
    const articles = screen.getAllByRole('article');
    expect(articles).toHaveLength(2);
    expect(articles[1]).not.toHaveTextContent('Internal note');
    expect(articles[1]).toHaveTextContent('Desk');
  });
});

describe('next / previous in the queue', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('neighbours follow the queue order, stop at the ends, and survive the ticket leaving the queue', () => {
    const ids = [30, 12, 41, 7];
    expect(queueNeighbours(ids, 41, null)).toEqual({ index: 2, previous: 12, next: 7 });
    expect(queueNeighbours(ids, 30, null)).toEqual({ index: 0, previous: null, next: 12 });
    expect(queueNeighbours(ids, 7, null)).toEqual({ index: 3, previous: 41, next: null });
    // 41 was third and has been closed: the one after it moved up into its place.
    expect(queueNeighbours([30, 12, 7], 41, 2)).toEqual({ index: null, previous: 12, next: 7 });
    expect(queueNeighbours(ids, 99, null)).toEqual({ index: null, previous: null, next: null });
  });

  it('reads the queue filters from the desk URL, ignoring view state and bad values', () => {
    expect(
      queueFiltersFrom('/dashboard?priority=urgent&sort=due&dir=desc&page=3&tab=queue&status=nope&search=vpn'),
    ).toEqual({
      sort: 'due',
      dir: 'desc',
      priority: 'urgent',
      search: 'vpn',
    });
    expect(queueFiltersFrom(null)).toEqual({ sort: 'priority' });
  });

  it('shows "2 of 3", moves with the buttons and with j / k, keeping the desk view to return to', async () => {
    const urls: URL[] = [];
    fakeApi({
      'GET /api/user/active-tickets/': (request) => {
        urls.push(new URL(request.url));
        return { status: 200, body: [30, 41, 7].map((id) => makeTicket({ id, subject: `T${id}` })) };
      },
    });
    const back = '/dashboard?priority=urgent';
    let state: unknown;
    function Thread() {
      const id = Number(useParams().ticketId);
      state = useLocation().state;
      return (
        <>
          <h1>Ticket {id}</h1>
          <input aria-label="Reply" />
          <QueueNavigation ticketId={id} back={back} />
        </>
      );
    }
    renderApp(<Thread />, {
      url: { pathname: '/dashboard/ticket/41', state: { back } },
      path: '/dashboard/ticket/:ticketId',
      user: makeUser('IT'),
    });
    const nav = await screen.findByRole('navigation', { name: 'Queue' });
    expect(nav).toHaveTextContent('2 of 3');
    expect(urls[0]?.searchParams.get('priority')).toBe('urgent');
    expect(urls[0]?.searchParams.get('scope')).toBe('desk');

    await userEvent.click(screen.getByRole('button', { name: 'Next ticket' }));
    expect(await screen.findByRole('heading', { name: 'Ticket 7' })).toBeInTheDocument();
    expect(nav).toHaveTextContent('3 of 3');
    expect(screen.getByRole('button', { name: 'Next ticket' })).toBeDisabled();
    expect(state).toEqual({ back });

    // Typed into a field, j and k are text.
    await userEvent.type(screen.getByRole('textbox', { name: 'Reply' }), 'k');
    expect(screen.getByRole('heading', { name: 'Ticket 7' })).toBeInTheDocument();
    act(() => (document.activeElement as HTMLElement).blur());
    await userEvent.keyboard('k');
    expect(await screen.findByRole('heading', { name: 'Ticket 41' })).toBeInTheDocument();
    await userEvent.keyboard('k');
    expect(await screen.findByRole('heading', { name: 'Ticket 30' })).toBeInTheDocument();
    expect(nav).toHaveTextContent('1 of 3');
    expect(screen.getByRole('button', { name: 'Previous ticket' })).toBeDisabled();
    // One request for the whole walk: the same queue from the cache.
    expect(urls).toHaveLength(1);
  });
});
