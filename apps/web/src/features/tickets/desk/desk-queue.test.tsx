import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TTicket } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeTicket, makeUser, ticketPerson } from '../../../test/fake-api';
import { DeskQueue } from './desk-queue';
import { DeskTicketTable, type DeskRow } from './desk-ticket-table';
import { useDeskFilters } from './use-desk-filters';
import { renderApp, setViewport } from '../../../test/render-app';

vi.mock('../../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
}));

const viewer = makeUser('IT', { id: 7 });

/** The queue at `url`, with its filters in the URL as the desk page keeps them; `search()` is where it navigated. */
function renderQueue(url: string, handlers: Parameters<typeof fakeApi>[0]) {
  const Queue = () => {
    const [filters, update] = useDeskFilters();
    return <DeskQueue filters={filters} update={update} departments={['IT']} waitingMinutes={240} viewer={viewer} />;
  };
  const { api, location } = renderApp(<Queue />, { url, user: viewer, api: handlers });
  return { api, search: () => location().search };
}

const tickets: TTicket[] = [
  makeTicket({ id: 41, subject: 'VPN drops', priority: 'urgent' }),
  makeTicket({ id: 42, subject: 'Printer jam', priority: 'low', user: ticketPerson(4, 'omar', 'Omar', 'Said') }),
  makeTicket({ id: 43, subject: 'Mail quota', priority: 'normal' }),
];

/** GET active-tickets answering `tickets`, recording each query string. */
function listing(queries: URLSearchParams[], list = tickets) {
  return (request: Request) => {
    queries.push(new URL(request.url).searchParams);
    return { status: 200, body: list };
  };
}

const subjects = () =>
  within(screen.getByRole('table', { name: 'Queue' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getByRole('link').textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('desk queue order', () => {
  it('asks the server for the priority order by default and shows its order as it is', async () => {
    setViewport(true);
    const queries: URLSearchParams[] = [];
    const { search } = renderQueue('/dashboard', { 'GET /api/user/active-tickets/': listing(queries) });
    await waitFor(() => expect(subjects()).toEqual(['VPN drops', 'Printer jam', 'Mail quota']));
    expect(queries[0]!.get('sort')).toBe('priority');
    expect(queries[0]!.has('dir')).toBe(false);
    expect(screen.getByRole('columnheader', { name: 'Priority' })).toHaveAttribute('aria-sort', 'descending');
    expect(search()).toBe('');
  });

  it("says each ticket's exact time in the portal's one date family, never all digits", async () => {
    setViewport(true);
    renderQueue('/dashboard', { 'GET /api/user/active-tickets/': listing([]) });
    await waitFor(() => expect(subjects()).toHaveLength(3));
    const times = within(screen.getByRole('table', { name: 'Queue' }))
      .getAllByRole('row')[1]!
      .querySelectorAll('time[title]');
    expect(times.length).toBeGreaterThan(0);
    for (const time of times) {
      expect(time.getAttribute('title')).toMatch(/^[A-Z][a-z]{2} \d{1,2}, 2026, \d{1,2}:\d{2}\s[AP]M$/);
      expect(time.getAttribute('title')).not.toMatch(/\d+\/\d+\/\d+/);
    }
  });

  it('keeps a header sort in the URL, with the direction only when reversed', async () => {
    setViewport(true);
    const queries: URLSearchParams[] = [];
    const { search } = renderQueue('/dashboard?status=open', { 'GET /api/user/active-tickets/': listing(queries) });
    await waitFor(() => expect(subjects()).toHaveLength(3));

    await userEvent.click(screen.getByRole('button', { name: 'Subject' }));
    expect(new URLSearchParams(search()).get('sort')).toBe('subject');
    expect(new URLSearchParams(search()).has('dir')).toBe(false);
    expect(new URLSearchParams(search()).get('status')).toBe('open');
    await waitFor(() => expect(queries.at(-1)!.get('sort')).toBe('subject'));
    expect(screen.getByRole('columnheader', { name: 'Subject' })).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(screen.getByRole('button', { name: 'Subject' }));
    expect(new URLSearchParams(search()).get('dir')).toBe('desc');
    await waitFor(() => expect(queries.at(-1)!.get('dir')).toBe('desc'));

    // Dates start newest first (their natural direction), so no dir in the URL.
    await userEvent.click(screen.getByRole('button', { name: 'Opened' }));
    expect(search()).toBe('?status=open&sort=created');
    await waitFor(() => expect(queries.at(-1)!.get('sort')).toBe('created'));
  });

  it('says how many match when the list is cut, and "more than 1,000" past the count\'s cap', async () => {
    setViewport(true);
    const cut = (total: string) => () => ({ status: 200, body: tickets, headers: { 'x-total-count': total } });
    renderQueue('/dashboard', { 'GET /api/user/active-tickets/': cut('57') });
    expect(await screen.findByText('Showing 3 of 57 — narrow the filters to see the rest.')).toBeInTheDocument();
    cleanup();
    renderQueue('/dashboard', { 'GET /api/user/active-tickets/': cut('1001') });
    expect(
      await screen.findByText('Showing 3 of more than 1,000 — narrow the filters to see the rest.'),
    ).toBeInTheDocument();
  });

  it('offers the order as a choice on phones', async () => {
    setViewport(false);
    const queries: URLSearchParams[] = [];
    const { search } = renderQueue('/dashboard', { 'GET /api/user/active-tickets/': listing(queries) });
    await waitFor(() => expect(screen.getByRole('list', { name: 'Queue' })).toBeInTheDocument());
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(screen.getByRole('option', { name: 'Due (oldest first)' }));
    expect(search()).toBe('?sort=due');
    await waitFor(() => expect(queries.at(-1)!.get('sort')).toBe('due'));
  });
});

describe('bulk changes', () => {
  it('sends the selected ids with the change, says how many, and clears the selection', async () => {
    setViewport(true);
    const { api } = renderQueue('/dashboard', {
      'GET /api/user/active-tickets/': listing([]),
      'GET /api/user/ticket-desk-members/': () => ({
        status: 200,
        body: [ticketPerson(7, 'me'), ticketPerson(9, 'nadia', 'Nadia', 'Fathy')],
      }),
      'POST /api/user/tickets/bulk/': () => ({
        status: 200,
        body: [makeTicket({ id: 41, status: 'in_progress' }), makeTicket({ id: 43, status: 'in_progress' })],
      }),
    });
    await waitFor(() => expect(subjects()).toHaveLength(3));
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select #41 VPN drops' }));
    // From the keyboard: Space on the focused box.
    screen.getByRole('checkbox', { name: 'Select #43 Mail quota' }).focus();
    await userEvent.keyboard(' ');
    const bar = screen.getByRole('toolbar', { name: 'Change the selected tickets' });
    expect(within(bar).getByRole('status')).toHaveTextContent('2 selected');

    within(bar).getByRole('button', { name: 'Status' }).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'In progress' }));
    await screen.findByText('2 tickets updated.');
    expect(api.calls.find((c) => c.key === 'POST /api/user/tickets/bulk/')?.body).toEqual({
      ids: [41, 43],
      status: 'in_progress',
    });
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select #41 VPN drops' })).not.toBeChecked();

    // Assign: to a colleague of the one desk the selection is on.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select #42 Printer jam' }));
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    const colleague = await screen.findByRole('menuitem', { name: /Nadia Fathy/ });
    // The viewer is "To me", never listed again among the colleagues.
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
      'To me',
      'Unassign',
      'Nadia Fathy · HR',
    ]);
    await userEvent.click(colleague);
    await waitFor(() =>
      expect(api.calls.filter((c) => c.key === 'POST /api/user/tickets/bulk/').at(-1)?.body).toEqual({
        ids: [42],
        assignee: 9,
      }),
    );
  });

  it('asks before closing, naming how many, and Undo gives each ticket its earlier status back', async () => {
    setViewport(true);
    const list = [
      makeTicket({ id: 41, subject: 'VPN drops', status: 'in_progress' }),
      makeTicket({ id: 42, subject: 'Printer jam', status: 'answered' }),
      makeTicket({ id: 43, subject: 'Mail quota', status: 'open' }),
    ];
    const { api } = renderQueue('/dashboard', {
      'GET /api/user/active-tickets/': listing([], list),
      'GET /api/user/ticket-desk-members/': () => ({ status: 200, body: [] }),
      'POST /api/user/tickets/bulk/': async (request: Request) => {
        const body = (await request.json()) as { ids: number[]; status: TTicket['status'] };
        return { status: 200, body: body.ids.map((id) => makeTicket({ id, status: body.status })) };
      },
    });
    const bulkBodies = () => api.calls.filter((c) => c.key === 'POST /api/user/tickets/bulk/').map((c) => c.body);
    await waitFor(() => expect(subjects()).toHaveLength(3));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
    const statusMenu = () => within(screen.getByRole('toolbar')).getByRole('button', { name: 'Status' });
    await userEvent.click(statusMenu());
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Closed' }));

    // Nothing is sent before the confirmation, which names the count; Cancel sends nothing.
    const dialog = await screen.findByRole('dialog', { name: 'Close 3 tickets?' });
    expect(bulkBodies()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bulkBodies()).toEqual([]);
    expect(screen.getByRole('toolbar')).toHaveTextContent('3 selected');

    await userEvent.click(statusMenu());
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Closed' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Close 3 tickets?' })).getByRole('button', {
        name: 'Close 3 tickets',
      }),
    );
    await screen.findByText('3 tickets closed.');
    expect(bulkBodies()).toEqual([{ ids: [41, 42, 43], status: 'closed' }]);

    // Undo: all reopen at once (the only way out of closed), then each gets its status back.
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await screen.findByText('3 tickets have their earlier status back.');
    expect(bulkBodies().slice(1)).toEqual([
      { ids: [41, 42, 43], status: 'open' },
      { ids: [41], status: 'in_progress' },
      { ids: [42], status: 'answered' },
    ]);
  });

  it('shows the refusal named under ids and keeps the selection', async () => {
    setViewport(true);
    renderQueue('/dashboard', {
      'GET /api/user/active-tickets/': listing([]),
      'GET /api/user/ticket-desk-members/': () => ({ status: 200, body: [] }),
      'POST /api/user/tickets/bulk/': () => ({
        status: 400,
        body: { message: 'Invalid input.', extra: { fields: { ids: ['Ticket #42 is closed.'] } } },
      }),
    });
    await waitFor(() => expect(subjects()).toHaveLength(3));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'To me' }));
    await screen.findByText('Ticket #42 is closed.');
    expect(screen.getByRole('toolbar')).toHaveTextContent('3 selected');
  });
});

describe('Due column', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  const row = (over: Partial<DeskRow>): DeskRow => ({
    ...makeTicket(),
    at: '2026-11-22T10:00:00.000Z',
    overdueMinutes: null,
    ...over,
  });

  it('shows the next due time, flags it once overdue (live, each minute) or missed, in words too', () => {
    setViewport(true);
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(now);
    const rows = [
      // No reply yet: the first response is next.
      row({
        id: 1,
        subject: 'Soon',
        sla: {
          first_response_due_at: '2026-11-22T12:25:00.000Z',
          resolution_due_at: '2026-11-23T12:00:00.000Z',
          breached: [],
        },
      }),
      // Answered late: resolution next, flagged because a target was missed.
      row({
        id: 2,
        subject: 'Late answer',
        first_response_at: '2026-11-22T11:00:00.000Z',
        sla: {
          first_response_due_at: '2026-11-22T10:30:00.000Z',
          resolution_due_at: '2026-11-22T15:00:00.000Z',
          breached: ['first_response'],
        },
      }),
      row({ id: 3, subject: 'No targets', sla: null }),
    ];
    renderApp(
      <DeskTicketTable
        rows={rows}
        atLabel="Last activity"
        label="Queue"
        queue={{
          sort: { key: 'priority', direction: 'desc' },
          onSortChange: () => {},
          selection: { selected: new Set(), onChange: () => {}, rowLabel: (r) => r.subject },
        }}
      />,
      { user: viewer },
    );
    const cell = (subject: string) => {
      const r = screen.getByRole('row', { name: new RegExp(subject) });
      return within(r).getAllByRole('cell').at(-1)!;
    };
    expect(cell('Soon')).toHaveTextContent('in 25 min.First response');
    expect(within(cell('Soon')).getByText('First response due in 25 min.')).toBeInTheDocument();
    expect(cell('Soon').querySelector('[data-flagged]')).toBeNull();
    expect(within(cell('Late answer')).getByText('Target missed; Resolution due in 3 hr.')).toBeInTheDocument();
    expect(cell('Late answer').querySelector('[data-flagged]')).not.toBeNull();
    expect(within(cell('No targets')).getByText('No service-level target')).toBeInTheDocument();

    // Half an hour later, without any new data: the first becomes overdue.
    act(() => vi.advanceTimersByTime(30 * 60_000));
    expect(cell('Soon')).toHaveTextContent('Overdue · 5 min. ago');
    expect(within(cell('Soon')).getByText('Overdue: First response was due 5 min. ago')).toBeInTheDocument();
    expect(cell('Soon').querySelector('[data-flagged]')).not.toBeNull();
  });
});
