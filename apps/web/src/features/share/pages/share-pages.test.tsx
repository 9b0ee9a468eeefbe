import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TUser } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeUser } from '../../../test/fake-api';
import { amira, makeCall, makeCandidate, paged, qamar } from '../test-data';
import { CallEndPage } from './call-end-page';
import { CallExceedPage } from './call-exceed-page';
import { ShareCallsPage } from './share-calls-page';
import { ShareHomePage } from './share-home-page';
import { renderApp } from '../../../test/render-app';

vi.mock('../../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
  playRequesterReplySound: vi.fn(),
}));

type Handlers = Parameters<typeof fakeApi>[0];

/** A sentence whose names are isolated in their own <bdi>: matched on the element holding all of it. */
const sentence = (text: string) => (_: string, el: Element | null) =>
  !!el && el.textContent === text && ![...el.children].some((c) => c.textContent === text);

// The sample calls' viewer is the signed-in QUALITY user.
const quality = makeUser('QUALITY', { ...qamar, user_type: 'QUALITY' });

const PAGES = [
  { path: '/share', element: <ShareHomePage /> },
  { path: '/share/calls', element: <ShareCallsPage /> },
  { path: '/share/call-end', element: <CallEndPage /> },
  { path: '/share/call-exceed', element: <CallExceedPage /> },
  { path: '*', element: <p>elsewhere</p> },
];

const renderAt = (url: string, handlers: Handlers, user: TUser = quality) =>
  renderApp(PAGES, { url, user, api: handlers });

const people = (results = [makeCandidate()]) => ({ results, max_viewers: 2, max_minutes: 30 });
const omar = makeCandidate({
  id: 12,
  username: 'interpreter02',
  first_name: 'Omar',
  last_name: 'Nabil',
  online: false,
  consent: 'notice',
});
const hala = makeCandidate({
  id: 13,
  username: 'hala',
  first_name: 'Hala',
  last_name: 'Rashed',
  user_type: 'HR',
  online: true,
  viewers: 1,
});

describe('share home (people)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists who may be watched, online first, each linking to their page', async () => {
    const { api } = renderAt('/share', {
      // The offline person first in the answer: the page still shows who is online first.
      'GET /api/share/people/': () => ({ status: 200, body: people([omar, hala]) }),
    });
    const list = await screen.findByRole('list', { name: 'People you may watch' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByText(/Rashed|Nabil/).textContent)).toEqual(['Hala Rashed', 'Omar Nabil']);
    // What "online" means here: whether their sharing page (or portal) is open, not the board's status.
    expect(within(cards[0]!).getByText('Ready to share')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('1 of 2')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('HR')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Sharing page closed')).toBeInTheDocument();
    expect(within(list).queryByText(/^(Online|Offline)$/)).not.toBeInTheDocument();
    expect(within(cards[1]!).getByText('Interpreter')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Notice — consent at hiring')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watch Hala Rashed' })).toHaveAttribute('href', '/share/hala');
    expect(screen.getByRole('link', { name: 'Watch Omar Nabil' })).toHaveAttribute('href', '/share/interpreter02');
    // QUALITY audits calls; nobody but ADMIN sets consent.
    expect(screen.getByRole('link', { name: 'Calls' })).toHaveAttribute('href', '/share/calls');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.key === 'GET /api/share/people/')).toHaveLength(1);
  });

  it('searches through the URL and says when nobody matches', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/share', {
      'GET /api/share/people/': (request) =>
        new URL(request.url).searchParams.get('search') === 'zz'
          ? { status: 200, body: people([]) }
          : { status: 200, body: people() },
    });
    await screen.findByText('Amira Saleh');
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or username' }), 'zz');
    expect(await screen.findByText('Nobody matches your search.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=zz');
  });

  it('lets ADMIN record an interpreter’s consent at hiring, with a toast', async () => {
    const user = userEvent.setup();
    let list = people([makeCandidate(), hala]);
    const { api } = renderAt(
      '/share',
      {
        'GET /api/share/people/': () => ({ status: 200, body: list }),
        'PUT /api/share/consent/interpreter01/': () => {
          list = people([makeCandidate({ consent: 'notice' }), hala]);
          return { status: 200, body: { username: 'interpreter01', consent: 'notice' } };
        },
      },
      makeUser('ADMIN', { username: 'admin' }),
    );
    const toggle = await screen.findByRole('switch', { name: 'Consent given at hiring: Amira Saleh' });
    // Staff are asked each time: no switch on their rows.
    expect(screen.getAllByRole('switch')).toHaveLength(1);
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(api.calls.find((c) => c.key === 'PUT /api/share/consent/interpreter01/')?.body).toEqual({
      consent_at_hiring: true,
    });
    expect(await screen.findByText(/Consent at hiring recorded for Amira Saleh/)).toBeInTheDocument();
  });
});

describe('share calls (audit)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists calls with duration and how each ended, each opening its record', async () => {
    renderAt('/share/calls', {
      'GET /api/share/calls/': () => ({
        status: 200,
        body: paged([
          makeCall(),
          makeCall({
            id: 6,
            status: 'declined',
            started_at: null,
            ended_at: '2026-11-26T10:00:10.000Z',
            duration_seconds: null,
            ended_by: amira,
            end_reason: 'declined',
            decline_note: 'On a call',
          }),
        ]),
      }),
    });
    const list = await screen.findByRole('list', { name: 'Calls' });
    const [ended, declined] = within(list).getAllByRole('listitem');
    expect(within(ended!).getByText('12 min 5 sec')).toBeInTheDocument();
    expect(within(ended!).getByText(sentence('Ended by Qamar Lutfi'))).toBeInTheDocument();
    expect(within(ended!).getByText('Coaching on call openings')).toBeInTheDocument();
    expect(within(ended!).getByRole('link')).toHaveAttribute('href', '/share/call-end?call=5');
    expect(within(declined!).getByText('Declined')).toBeInTheDocument();
    expect(within(declined!).getByText(sentence('Declined by Amira Saleh: On a call'))).toBeInTheDocument();
    expect(within(declined!).getByText('—')).toBeInTheDocument();
    expect(screen.getByText('2 calls')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('puts the filters in the URL and sends them to the server', async () => {
    const user = userEvent.setup();
    const { api, router } = renderAt('/share/calls?from=2026-11-01&to=2026-11-26', {
      'GET /api/share/calls/': () => ({ status: 200, body: paged([makeCall()]) }),
    });
    await screen.findByText(sentence('Ended by Qamar Lutfi'));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Declined' }));
    await user.type(screen.getByRole('searchbox', { name: 'Viewer or person watched' }), 'amira');
    await waitFor(() => expect(router.state.location.search).toContain('search=amira'));
    const search = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(search)).toEqual({
      from: '2026-11-01',
      to: '2026-11-26',
      status: 'declined',
      search: 'amira',
    });
    // The list is asked again with every filter (the last request follows the URL).
    const lastAsked = () => {
      const asked = api.fetchMock.mock.calls
        .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
        .filter((u) => u.pathname === '/api/share/calls/');
      return Object.fromEntries(asked.at(-1)!.searchParams);
    };
    await waitFor(() =>
      expect(lastAsked()).toMatchObject({
        status: 'declined',
        search: 'amira',
        from: '2026-11-01',
        to: '2026-11-26',
        page: '1',
      }),
    );
  });
});

describe('call end', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says who declined and why, with the times, and offers to watch again to the viewer', async () => {
    renderAt('/share/call-end?call=6', {
      'GET /api/share/calls/6/': () => ({
        status: 200,
        body: makeCall({
          id: 6,
          status: 'declined',
          started_at: null,
          ended_at: '2026-11-26T09:00:30.000Z',
          duration_seconds: null,
          ended_by: amira,
          end_reason: 'declined',
          decline_note: 'Not now, in a session',
        }),
      }),
    });
    expect(await screen.findByText(sentence('Declined by Amira Saleh: Not now, in a session'))).toBeInTheDocument();
    expect(screen.getByText(sentence('Qamar Lutfi asked to watch Amira Saleh'))).toBeInTheDocument();
    expect(screen.getByText('No snapshots were taken.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watch again' })).toHaveAttribute('href', '/share/interpreter01');
    expect(screen.getByRole('link', { name: 'Back to people' })).toHaveAttribute('href', '/share');
  });

  it('shows the duration and the snapshots, fetched with the token', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:snap-1');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const { api } = renderAt(
      '/share/call-end?call=5',
      {
        'GET /api/share/calls/5/': () => ({
          status: 200,
          body: makeCall({
            end_reason: 'time_limit',
            ended_by: null,
            duration_seconds: 1800,
            snapshots: [{ id: 1, taken_at: '2026-11-26T09:05:00.000Z', size: 2000 }],
          }),
        }),
        'GET /api/share/calls/5/snapshots/1/': () => ({ status: 200, body: {} }),
      },
      // An auditor who was not the viewer: no "Watch again".
      makeUser('ADMIN', { username: 'admin' }),
    );
    expect(await screen.findByText('Reached the 30-minute limit')).toBeInTheDocument();
    expect(screen.getByText('30 min')).toBeInTheDocument();
    const image = await screen.findByRole('img', { name: /^Snapshot taken at / });
    expect(image).toHaveAttribute('src', 'blob:snap-1');
    expect(api.calls.find((c) => c.key === 'GET /api/share/calls/5/snapshots/1/')?.authorization).toBe('Bearer token');
    expect(screen.queryByRole('link', { name: 'Watch again' })).not.toBeInTheDocument();
  });

  it('says only that the call is over when none is named, asking nothing', async () => {
    const { api } = renderAt('/share/call-end', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Call ended' })).toBeInTheDocument();
    expect(screen.getByText('The call is over.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('is the not-found page for a call that is missing or not the caller’s', async () => {
    renderAt('/share/call-end?call=99', {
      'GET /api/share/calls/99/': () => ({ status: 404, body: { message: 'Not found.' } }),
    });
    expect(await screen.findByText('404')).toBeInTheDocument();
  });
});

describe('call exceed', () => {
  afterEach(() => vi.unstubAllGlobals());

  const availability = (over: object = {}) => ({
    target: amira,
    online: true,
    consent: 'ask',
    viewers: 2,
    max_viewers: 2,
    max_minutes: 30,
    retry_at: '2026-11-26T09:30:00.000Z',
    ...over,
  });

  it('says who is watched by how many, when a place frees, and holds Try again until then', async () => {
    renderAt('/share/call-exceed?user=interpreter01&limit=viewers', {
      'GET /api/share/availability/interpreter01/': () => ({ status: 200, body: availability() }),
    });
    expect(
      await screen.findByText(sentence('Amira Saleh is already being watched by 2 of 2 allowed viewers.')),
    ).toBeInTheDocument();
    const at = new Date('2026-11-26T09:30:00.000Z');
    const hhmm = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
    expect(screen.getByText(`A place frees by ${hhmm} at the latest.`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers Try again once a place is free', async () => {
    renderAt('/share/call-exceed?user=interpreter01&limit=viewers', {
      'GET /api/share/availability/interpreter01/': () => ({
        status: 200,
        body: availability({ viewers: 1, retry_at: null }),
      }),
    });
    expect(await screen.findByText('A place is free now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/share/interpreter01');
  });

  it('names the length limit in minutes', async () => {
    renderAt('/share/call-exceed?user=interpreter01&limit=length', {
      'GET /api/share/availability/interpreter01/': () => ({ status: 200, body: availability({ viewers: 0 }) }),
    });
    expect(await screen.findByText('The call reached the 30-minute limit. You can ask again now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/share/interpreter01');
  });
});
