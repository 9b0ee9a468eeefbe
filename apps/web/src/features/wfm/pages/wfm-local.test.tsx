import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { makeUser } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { DAY, makeDay, makeDayRow, makeHistory, makeShift } from '../test-data';
import { firstDayOfWeek, weekOf } from '../wfm-time';
import { WfmPage } from './wfm-page';
import { WfmUserPage } from './wfm-user-page';

vi.mock('../../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
  playRequesterReplySound: vi.fn(),
}));

const PAGES = [
  { path: '/wfm', element: <WfmPage /> },
  { path: '/wfm/:userName', element: <WfmUserPage /> },
];

const TWO_PAIRS = ['Arabic↔English', 'French↔English'];

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('the week of the roster', () => {
  it('starts on the page language’s first day, as the date pickers do: Sunday in English, Saturday in Arabic', () => {
    expect(firstDayOfWeek('en')).toBe(0);
    expect(firstDayOfWeek('ar')).toBe(6);
    // Monday 23 November 2026.
    expect(weekOf(DAY, firstDayOfWeek('en'))).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(weekOf(DAY, firstDayOfWeek('ar'))).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    // A week's own first day is its start.
    expect(weekOf('2026-11-21', 6)).toEqual({ from: '2026-11-21', to: '2026-11-27' });
  });
});

describe('lists in the page’s language', () => {
  it('joins an interpreter’s language pairs with the language’s own words: “and” in English, “و” in Arabic', async () => {
    renderApp(PAGES, {
      url: '/wfm',
      user: makeUser('WFM'),
      wide: true,
      api: {
        'GET /api/wfm/day/': () => ({ status: 200, body: makeDay({ rows: [makeDayRow({ languages: TWO_PAIRS })] }) }),
      },
    });
    const table = await screen.findByRole('table', { name: /interpreters/i });
    expect(within(table).getByText('Arabic↔English and French↔English')).toBeInTheDocument();
    await changeLanguage('ar');
    expect(await within(table).findByText('العربية↔الإنجليزية والفرنسية↔الإنجليزية')).toBeInTheDocument();
    expect(table).not.toHaveTextContent(/, /);
  });

  it('names a split shift’s times and presence spans with the Arabic comma on Arabic pages', async () => {
    const split = [makeShift(), makeShift({ id: 6, start: '17:00', end: '20:00' })].map(
      ({ id, start, end, starts_at, ends_at, crosses_midnight, minutes }) => ({
        id,
        start,
        end,
        starts_at,
        ends_at,
        crosses_midnight,
        minutes,
      }),
    );
    await changeLanguage('ar');
    renderApp(PAGES, {
      url: '/wfm',
      user: makeUser('WFM'),
      api: {
        'GET /api/wfm/day/': () => ({
          status: 200,
          body: makeDay({
            rows: [
              makeDayRow({
                shifts: split,
                spans: [
                  { from: `${DAY}T08:00:00.000Z`, to: `${DAY}T12:00:00.000Z` },
                  { from: `${DAY}T13:00:00.000Z`, to: `${DAY}T16:00:00.000Z` },
                ],
              }),
            ],
          }),
        }),
      },
    });
    const bar = await screen.findByRole('img', { name: /08:00–16:00/ });
    expect(bar.getAttribute('aria-label')).toContain('08:00–16:00 و17:00–20:00');
    expect(bar.getAttribute('aria-label')).toContain('08:00–12:00 و13:00–16:00');
    expect(bar.getAttribute('aria-label')).not.toContain(', ');
  });

  it('lists the pairs on an interpreter’s history in words too', async () => {
    renderApp(PAGES, {
      url: '/wfm/interpreter01',
      user: makeUser('WFM'),
      api: {
        'GET /api/wfm/users/interpreter01/history/': () => ({
          status: 200,
          body: makeHistory({ languages: TWO_PAIRS }),
        }),
      },
    });
    expect(await screen.findByText('Arabic↔English and French↔English')).toBeInTheDocument();
  });
});

describe('the roster on a phone', () => {
  it('is a list of the week’s days, each with its shifts and who works them; a day’s “Add shift” starts on that day', async () => {
    const { api } = renderApp(PAGES, {
      url: '/wfm?tab=schedule',
      user: makeUser('WFM'),
      wide: false,
      api: {
        'GET /api/wfm/day/': () => ({
          status: 200,
          body: makeDay({
            rows: [makeDayRow(), makeDayRow({ username: 'interpreter02', first_name: 'Omar', last_name: 'Nabil' })],
          }),
        }),
        'GET /api/wfm/shifts/': () => ({
          status: 200,
          body: [
            makeShift(),
            makeShift({
              id: 6,
              username: 'interpreter02',
              first_name: 'Omar',
              last_name: 'Nabil',
              start: '06:00',
              end: '14:00',
              starts_at: `${DAY}T06:00:00.000Z`,
            }),
          ],
        }),
        'POST /api/wfm/shifts/': async (request) => ({
          status: 201,
          body: makeShift({ id: 7, ...((await request.json()) as object) }),
        }),
      },
    });
    const days = await screen.findByRole('list', { name: "Roster: the week's days" });
    // No grid to scroll sideways: seven days, Sunday first in English.
    expect(screen.queryByRole('table', { name: /^Roster/ })).not.toBeInTheDocument();
    const items = within(days)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === days);
    expect(items).toHaveLength(7);
    expect(items[0]).toHaveTextContent(/^Sun/);
    const today = within(days).getByRole('listitem', { current: 'date' });
    expect(today).toHaveTextContent('Today');
    const shifts = within(today).getByRole('list', { name: 'Shifts on Nov 23, 2026' });
    // In time order, each with its person.
    expect(
      within(shifts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['06:00–14:00Omar Nabil', '08:00–16:00Amira Saleh']);
    expect(items[0]).toHaveTextContent('No shifts');

    await userEvent.click(within(days).getByRole('button', { name: 'Add a shift on Nov 25, 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a shift' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Interpreter/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Omar Nabil' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add shift' }));
    await waitFor(() => expect(api.calls.some((c) => c.key === 'POST /api/wfm/shifts/')).toBe(true));
    expect(api.calls.find((c) => c.key === 'POST /api/wfm/shifts/')?.body).toMatchObject({
      username: 'interpreter02',
      date: '2026-11-25',
    });
  }, 60_000);

  it('starts the Arabic week on Saturday', async () => {
    await changeLanguage('ar');
    const asked: string[] = [];
    renderApp(PAGES, {
      url: '/wfm?tab=schedule',
      user: makeUser('WFM'),
      wide: false,
      api: {
        'GET /api/wfm/day/': () => ({ status: 200, body: makeDay() }),
        'GET /api/wfm/shifts/': (request) => {
          asked.push(new URL(request.url).search);
          return { status: 200, body: [] };
        },
      },
    });
    const days = await screen.findByRole('list', { name: 'جدول المناوبات: أيام الأسبوع' });
    const items = within(days).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^السبت/);
    await waitFor(() => expect(asked).toContain('?from=2026-11-21&to=2026-11-27'));
  });
});

describe('an interpreter’s team in two languages', () => {
  it('WFM edits the team’s Arabic name (Arabic letters only, as the contract says); Arabic pages then show it', async () => {
    let history = makeHistory();
    const { api } = renderApp(PAGES, {
      url: '/wfm/interpreter01',
      user: makeUser('WFM'),
      api: {
        'GET /api/wfm/users/interpreter01/history/': () => ({ status: 200, body: history }),
        'PUT /api/user/interpreters/interpreter01/profile/': async (request) => {
          const body = (await request.json()) as { team: string; team_ar: string | null; extension: string };
          history = { ...history, team: body.team, team_ar: body.team_ar, extension: body.extension };
          return {
            status: 200,
            body: {
              id: 3,
              username: 'interpreter01',
              first_name: 'Amira',
              last_name: 'Saleh',
              following: false,
              profile: {
                online: 0,
                followers: 0,
                languages: history.languages,
                team: body.team,
                team_ar: body.team_ar,
                extension: body.extension,
                online_since: null,
                online_minutes_today: 0,
              },
            },
          };
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit team and extension' }));
    const dialog = await screen.findByRole('dialog', { name: 'Team and extension of Amira Saleh' });
    expect(within(dialog).getByRole('textbox', { name: 'Team' })).toHaveValue('Cairo A');
    const arabic = within(dialog).getByRole('textbox', { name: 'Team (Arabic name)' });
    expect(arabic).toHaveAttribute('dir', 'rtl');
    await userEvent.type(arabic, 'Cairo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Write this in Arabic letters.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.key === 'PUT /api/user/interpreters/interpreter01/profile/')).toBe(false);

    await userEvent.clear(arabic);
    await userEvent.type(arabic, 'القاهرة أ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.key === 'PUT /api/user/interpreters/interpreter01/profile/')?.body).toEqual({
      languages: ['Arabic↔English'],
      team: 'Cairo A',
      team_ar: 'القاهرة أ',
      extension: '2101',
    });
    await changeLanguage('ar');
    expect(await screen.findByText('القاهرة أ')).toBeInTheDocument();
  }, 60_000);

  it('is not editable by those who do not keep interpreter profiles', async () => {
    renderApp(PAGES, {
      url: '/wfm/interpreter01',
      user: makeUser('OPERATION'),
      api: { 'GET /api/wfm/users/interpreter01/history/': () => ({ status: 200, body: makeHistory() }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'WFM: Amira Saleh' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit team and extension' })).not.toBeInTheDocument();
  });

  it('names the roster’s team groups in Arabic on Arabic pages', async () => {
    await changeLanguage('ar');
    renderApp(PAGES, {
      url: '/wfm?tab=schedule',
      user: makeUser('WFM'),
      wide: true,
      api: {
        'GET /api/wfm/day/': () => ({ status: 200, body: makeDay({ rows: [makeDayRow({ team_ar: 'القاهرة أ' })] }) }),
        'GET /api/wfm/shifts/': () => ({ status: 200, body: [makeShift()] }),
      },
    });
    const grid = await screen.findByRole('table', { name: /^جدول المناوبات/ });
    expect(within(grid).getByRole('columnheader', { name: /القاهرة أ/ })).toBeInTheDocument();
    expect(grid).not.toHaveTextContent('Cairo A');
  });
});
