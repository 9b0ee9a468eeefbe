import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeUser } from '../../../test/fake-api';
import dayjs from 'dayjs';
import { shiftDay, todayIso } from '../components/day/day-format';
import { makeItDay, makeSegment } from '../components/day/day-test-data';
import { ItUserPage } from './it-user-page';
import { renderApp } from '../../../test/render-app';

vi.mock('../../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
  playRequesterReplySound: vi.fn(),
}));

type Handlers = Parameters<typeof fakeApi>[0];

const renderAt = (url: string, handlers: Handlers, user = makeUser('IT')) =>
  renderApp(<ItUserPage />, { url, path: '/it/:slug', user, api: handlers });

/** The picker's value (its hidden input holds what the field shows, DD/MM/YYYY). */
const pickerValue = () => document.querySelector<HTMLInputElement>('input[name="date"]')?.value;

/** A past day (relative to the run, so "today" never is it) and how the picker writes it. */
const PAST = shiftDay(todayIso(), -3);
const BEFORE = shiftDay(PAST, -1);
const shown = (iso: string) => dayjs(iso).format('DD/MM/YYYY');

const dayOf = (request: Request) => new URL(request.url).searchParams.get('date');

describe('/it/{username}', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the day asked in the URL: name, timeline and totals; the arrows move a day', async () => {
    const asked: (string | null)[] = [];
    const { router } = renderAt(`/it/hala?date=${PAST}`, {
      'GET /api/it/users/hala/day/': (request) => {
        asked.push(dayOf(request));
        return { status: 200, body: makeItDay({ date: dayOf(request) ?? PAST }) };
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'IT monitoring: Hala Rashed' })).toBeInTheDocument();
    expect(asked).toEqual([PAST]);
    const timeline = await screen.findByRole('group', { name: /^The day from/ });
    expect(within(timeline).getAllByRole('img')).toHaveLength(4);
    expect(screen.getByTestId('total-active')).toHaveTextContent('1h 15m');
    expect(pickerValue()).toBe(shown(PAST));
    // A past day says nothing about "now".
    expect(screen.queryByTestId('day-status')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await waitFor(() => expect(asked).toEqual([PAST, BEFORE]));
    expect(router.state.location.search).toBe(`?date=${BEFORE}`);
    await waitFor(() => expect(pickerValue()).toBe(shown(BEFORE)));
  });

  it('answers today without a date and shows each machine’s state now as the board has it; the next day is not offered', async () => {
    const asked: (string | null)[] = [];
    renderAt('/it/hala', {
      'GET /api/it/users/hala/day/': (request) => {
        asked.push(dayOf(request));
        // The last segment is the app in front for five minutes; the machine is active for 80 (one period of work).
        const from = new Date(Date.now() - 5 * 60_000).toISOString();
        const now = new Date().toISOString();
        const timeline = [makeSegment({ from, to: now })];
        const machine = (agent_id: number, hostname: string, status: 'active' | 'offline', minutes: number) => ({
          agent_id,
          hostname,
          status,
          status_since: new Date(Date.now() - minutes * 60_000).toISOString(),
          last_seen: now,
          timeline,
          active_seconds: 300,
          idle_seconds: 0,
          locked_seconds: 0,
        });
        return {
          status: 200,
          body: makeItDay({
            date: todayIso(),
            timeline,
            machines: [machine(1, 'desk-01', 'active', 80), machine(2, 'laptop-02', 'offline', 30)],
          }),
        };
      },
    });
    const status = await screen.findByRole('list', { name: 'Machines now' });
    const items = within(status)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['desk-01Activefor 1h 20m', 'laptop-02Offlinefor 30m']);
    // Each machine its own timeline bar.
    expect(screen.getAllByTestId('machine-timeline')).toHaveLength(2);
    expect(asked).toEqual([null]);
    expect(screen.getByRole('button', { name: 'Next day' })).toBeDisabled();
  });

  it('shows the not-found page for a user the caller may not see (the server answers 404)', async () => {
    renderAt(
      '/it/director',
      {
        'GET /api/it/users/director/day/': () => ({ status: 404, body: { message: 'Not found.' } }),
      },
      makeUser('HR'),
    );
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /^The day from/ })).not.toBeInTheDocument();
  });
});
