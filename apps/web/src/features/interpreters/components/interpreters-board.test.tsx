import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TInterpreter, TUserType } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveFrameReceived, liveReconnected } from '../../../lib/live-channel';
import { fakeApi, makeUser } from '../../../test/fake-api';
import { selectPresenceChangeCount } from '../interpreters.slice';
import { makeInterpreter } from '../test-data';
import { InterpretersBoard } from './interpreters-board';
import { renderApp } from '../../../test/render-app';

vi.mock('../../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
}));

const board: TInterpreter[] = [
  makeInterpreter('zaid', 'Zaid', 'Nour', {
    profile: { online: 1, online_since: '2026-11-23T08:00:00.000Z', languages: ['English↔Arabic'], team: 'Legal' },
  }),
  makeInterpreter('amal', 'Amal', 'Haddad', { profile: { followers: 2, extension: '2044' } }),
  makeInterpreter('basma', 'Basma', 'Kareem', {
    profile: {
      online: 1,
      online_since: '2026-11-23T07:00:00.000Z',
      languages: ['Arabic↔English', 'Arabic↔French'],
      online_minutes_today: 125,
    },
  }),
  makeInterpreter('fadi', 'Fadi', 'Aziz', { profile: { languages: ['Arabic↔French'], team: 'Legal' } }),
];

/** The board on a wide screen (a table), as `userType`. */
const renderBoard = (userType: TUserType = 'WFM', extra: Parameters<typeof fakeApi>[0] = {}) =>
  renderApp(<InterpretersBoard />, {
    wide: true,
    user: makeUser(userType),
    api: {
      'GET /api/user/interpreters/': () => ({ status: 200, body: board }),
      'GET /api/user/follow-settings/': () => ({ status: 200, body: { notify_when_online: false } }),
      ...extra,
    },
  });

/** The names in the table's rows, top to bottom. */
async function shownNames() {
  const table = await screen.findByRole('table', { name: 'Interpreters and their status' });
  return [...table.querySelectorAll('tbody tr')].map((row) => within(row as HTMLElement).getByText(/^@/).textContent);
}

/** The table row of the interpreter with this name (found by its text: role queries are slow in jsdom). */
function rowOf(name: string, found: HTMLElement = screen.getByText(name)) {
  const row = found.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('interpreters board', () => {
  it('lists online interpreters first, then by name, with status in words and time online today', async () => {
    renderBoard();
    expect(await shownNames()).toEqual(['@basma', '@zaid', '@amal', '@fadi']);
    const basma = rowOf('Basma Kareem');
    expect(within(basma).getByText(/^Online since /)).toBeInTheDocument();
    expect(within(basma).getByText(/^2h \d+m$/)).toBeInTheDocument();
    expect(within(rowOf('Amal Haddad')).getByText('Offline')).toBeInTheDocument();
  });

  it('counts online interpreters per language pair, either order being one pair', async () => {
    renderBoard();
    const pairs = await screen.findByRole('list', { name: 'Interpreters online per language pair' });
    const chips = within(pairs)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    // Zaid's English↔Arabic and Basma's Arabic↔English are one pair; Fadi is offline.
    expect(chips).toEqual(['Arabic↔English 2 online', 'Arabic↔French 1 online']);
  });

  it('filters by search (name, username or extension) and online only', async () => {
    const user = userEvent.setup();
    renderBoard();
    await shownNames();
    await user.type(screen.getByRole('searchbox', { name: 'Search by name, username or extension' }), '2044');
    expect(await shownNames()).toEqual(['@amal']);
    await user.clear(screen.getByRole('searchbox'));
    await user.click(screen.getByRole('switch', { name: 'Online only' }));
    expect(await shownNames()).toEqual(['@basma', '@zaid']);
  });

  it('filters by language pair (either order) and team', async () => {
    const user = userEvent.setup();
    renderBoard();
    await shownNames();
    await user.click(screen.getByRole('combobox', { name: 'Language pair' }));
    await user.click(screen.getByRole('option', { name: 'Arabic↔English' }));
    // Zaid wrote the pair English↔Arabic: the same pair.
    expect(await shownNames()).toEqual(['@basma', '@zaid', '@amal']);

    await user.click(screen.getByRole('combobox', { name: 'Team' }));
    await user.click(screen.getByRole('option', { name: 'Legal' }));
    expect(await shownNames()).toEqual(['@zaid']);
  });

  it('follows with a toggle button and shows the follower count the server answers', async () => {
    const user = userEvent.setup();
    const { api } = renderBoard('WFM', {
      'POST /api/user/follow/': () => ({
        status: 200,
        body: makeInterpreter('amal', 'Amal', 'Haddad', {
          following: true,
          profile: { followers: 9, extension: '2044' },
        }),
      }),
    });
    await shownNames();
    const follow = screen.getByRole('button', { name: 'Follow Amal Haddad' });
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    await user.click(follow);
    await waitFor(() => expect(follow).toHaveAttribute('aria-pressed', 'true'));
    expect(within(rowOf('Amal Haddad')).getByText('9')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'POST /api/user/follow/')?.body).toEqual({
      username: 'amal',
      follow: true,
    });
    // It says so, and offers to stop (under the pointer or keyboard focus); its name stays.
    expect(follow).toHaveTextContent('Following');
    expect(within(follow).getByText('Unfollow')).toBeInTheDocument();
    expect(follow).toHaveAccessibleName('Follow Amal Haddad');
  });

  it('unfollows from the keyboard', async () => {
    const user = userEvent.setup();
    const followed = board.map((i) => (i.username === 'amal' ? { ...i, following: true } : i));
    const { api } = renderBoard('WFM', {
      'GET /api/user/interpreters/': () => ({ status: 200, body: followed }),
      'POST /api/user/follow/': () => ({
        status: 200,
        body: makeInterpreter('amal', 'Amal', 'Haddad', {
          following: false,
          profile: { followers: 1, extension: '2044' },
        }),
      }),
    });
    await shownNames();
    const follow = screen.getByRole('button', { name: 'Follow Amal Haddad' });
    expect(follow).toHaveAttribute('aria-pressed', 'true');
    expect(follow).toHaveTextContent(/^Following/);
    follow.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(follow).toHaveAttribute('aria-pressed', 'false'));
    expect(follow).toHaveTextContent(/^Follow$/);
    expect(api.calls.find((c) => c.key === 'POST /api/user/follow/')?.body).toEqual({
      username: 'amal',
      follow: false,
    });
  });

  it('says why a follow failed and keeps the row as it was', async () => {
    const user = userEvent.setup();
    renderBoard('WFM', {
      'POST /api/user/follow/': () => ({ status: 404, body: { message: 'Not found.', extra: { fields: {} } } }),
    });
    await shownNames();
    await user.click(screen.getByRole('button', { name: 'Follow Amal Haddad' }));
    expect(await screen.findByText('Not found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow Amal Haddad' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('updates a row live from a status frame, without reading the board again', async () => {
    const { api, store } = renderBoard();
    await shownNames();
    const reads = api.calls.filter((c) => c.key === 'GET /api/user/interpreters/').length;
    act(() => {
      store.dispatch(
        liveFrameReceived({
          path: '/ws/interpreters/',
          frame: {
            message: { command: 'interpreter_status', username: 'amal', online: 1, at: new Date().toISOString() },
          },
        }),
      );
    });
    expect(await shownNames()).toEqual(['@amal', '@basma', '@zaid', '@fadi']);
    expect(within(rowOf('Amal Haddad')).getByText(/^Online since /)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.key === 'GET /api/user/interpreters/')).toHaveLength(reads);
    expect(selectPresenceChangeCount(store.getState())).toBe(1);
  });

  it('reads the board again when the channel re-opens (frames were missed), and counts the re-open', async () => {
    const { api, store } = renderBoard();
    await shownNames();
    const reads = () => api.calls.filter((c) => c.key === 'GET /api/user/interpreters/').length;
    const before = reads();
    act(() => void store.dispatch(liveReconnected({ path: '/ws/interpreters/' })));
    await waitFor(() => expect(reads()).toBe(before + 1));
    expect(selectPresenceChangeCount(store.getState())).toBe(1);
    // Another channel's re-open is not ours.
    act(() => void store.dispatch(liveReconnected({ path: '/ws/notification/' })));
    expect(selectPresenceChangeCount(store.getState())).toBe(1);
  });

  it('binds the notification switch to my follow settings', async () => {
    const user = userEvent.setup();
    const { api } = renderBoard('WFM', {
      'PUT /api/user/follow-settings/': () => ({ status: 200, body: { notify_when_online: true } }),
    });
    const toggle = await screen.findByRole('switch', { name: 'Notify me when someone I follow comes online' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(api.calls.find((c) => c.key === 'PUT /api/user/follow-settings/')?.body).toEqual({
      notify_when_online: true,
    });
  });

  it('links names to the WFM page for WFM users only', async () => {
    renderBoard('WFM');
    expect(await screen.findByRole('link', { name: 'Amal Haddad' })).toHaveAttribute('href', '/wfm/amal');
  });

  it('grows the time online today each minute while someone stays online', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.parse('2026-11-23T09:00:00.000Z') });
    try {
      renderBoard('WFM', {
        'GET /api/user/interpreters/': () => ({
          status: 200,
          body: [
            makeInterpreter('basma', 'Basma', 'Kareem', {
              // The server counted the open session up to its answer: 10 minutes.
              profile: { online: 1, online_since: '2026-11-23T08:50:00.000Z', online_minutes_today: 10 },
            }),
          ],
        }),
      });
      const row = rowOf('Basma Kareem', await screen.findByText('Basma Kareem'));
      expect(within(row).getByText('10m')).toBeInTheDocument();
      act(() => void vi.advanceTimersByTime(120_000));
      expect(within(rowOf('Basma Kareem')).getByText('12m')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('is not shown, and not asked for, to those who may not see interpreters', async () => {
    const { api } = renderBoard('HR');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('region', { name: 'Interpreters' })).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('shows names without links to those who do not use WFM', async () => {
    renderBoard('QUALITY');
    await shownNames();
    expect(screen.queryByRole('link', { name: 'Amal Haddad' })).not.toBeInTheDocument();
  });
});
