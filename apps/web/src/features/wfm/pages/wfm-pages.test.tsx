import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { fakeApi, makeUser } from '../../../test/fake-api';
import { presenceReconnected } from '../../interpreters/interpreters.slice';
import { DAY, makeDay, makeDayRow, makeHistory, makeShift } from '../test-data';
import { WfmPage } from './wfm-page';
import { WfmUserPage } from './wfm-user-page';
import { renderApp } from '../../../test/render-app';
import { NO_MINUTES } from '../../../lib/format';

vi.mock('../../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
  playRequesterReplySound: vi.fn(),
}));

type Handlers = Parameters<typeof fakeApi>[0];

const PAGES = [
  { path: '/wfm', element: <WfmPage /> },
  { path: '/wfm/:userName', element: <WfmUserPage /> },
  { path: '*', element: <p>elsewhere</p> },
];

const renderAt = (url: string, handlers: Handlers, user = makeUser('WFM'), wide?: boolean) =>
  renderApp(PAGES, { url, user, api: handlers, ...(wide === undefined ? {} : { wide }) });

const NIGHT = {
  id: 2,
  start: '22:00',
  end: '06:00',
  starts_at: `${DAY}T22:00:00.000Z`,
  ends_at: '2026-11-24T06:00:00.000Z',
  crosses_midnight: true,
  minutes: 480,
};
const lateNight = makeDayRow({
  username: 'interpreter02',
  first_name: 'Omar',
  last_name: 'Nabil',
  online: 0,
  first_in: null,
  spans: [],
  shift: NIGHT,
  shifts: [NIGHT],
  online_minutes: 0,
  in_shift_minutes: 0,
  adherence: null,
  late: false,
  late_minutes: 0,
  out_of_adherence: true,
});

describe('the day board', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each interpreter’s figures and flags in words, and the staffing gap per language', async () => {
    renderAt('/wfm', {
      'GET /api/wfm/day/': () => ({ status: 200, body: makeDay({ rows: [makeDayRow(), lateNight] }) }),
    });
    // jsdom matches no media query: the phone layout, a card per interpreter.
    const list = await screen.findByRole('list', { name: 'Interpreters on this day' });
    const [amira, omar] = within(list).getAllByRole('listitem');
    expect(amira).toHaveTextContent('Amira Saleh');
    expect(within(amira!).getByText('Online')).toBeInTheDocument();
    expect(amira).toHaveTextContent('08:12–…');
    expect(within(amira!).getByText('1h 48m')).toBeInTheDocument();
    expect(within(amira!).getByText('90%')).toBeInTheDocument();
    expect(within(amira!).getByText('Late 12m')).toBeInTheDocument();
    expect(within(amira!).getByRole('img', { name: 'Shift: 08:00–16:00. Online: 08:12–now.' })).toBeInTheDocument();
    // Offline inside the shift, a night shift ending the next day, nothing online yet.
    expect(omar).toHaveTextContent('Omar Nabil');
    expect(within(omar!).getByText('Offline')).toBeInTheDocument();
    expect(within(omar!).getByText('Out of adherence now')).toBeInTheDocument();
    expect(within(omar!).getByText(NO_MINUTES)).toBeInTheDocument();
    expect(omar).toHaveTextContent('22:00–06:00+1 (ends the next day)');
    expect(within(omar!).queryByText(/^Late/)).not.toBeInTheDocument();
    // Totals per pair: online now and the gap against the required count.
    const totals = screen.getByRole('list', { name: 'Totals per language pair' });
    expect(totals).toHaveTextContent('1 of 2 online now');
    expect(totals).toHaveTextContent('3 required this hour');
    expect(within(totals).getByTestId('staffing-gap')).toHaveTextContent('Short by 2 interpreters');

    // "Flags only" keeps both (each has a flag); the search narrows to one.
    await userEvent.click(screen.getByRole('searchbox', { name: 'Search interpreters' }));
    await userEvent.paste('omar');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('listitem')).toHaveTextContent('Omar Nabil');
    // A bound, not a timing check: the first test of the file loads the page graph cold.
  }, 30_000);
});

describe('the live day board', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('re-reads today once after a burst of presence changes and shows the new figures', async () => {
    let reads = 0;
    const { api, store } = renderAt('/wfm', {
      'GET /api/wfm/day/': () => {
        reads += 1;
        // After the first read Omar has come online.
        const omar = reads === 1 ? lateNight : { ...lateNight, online: 1 as const, out_of_adherence: false };
        return { status: 200, body: makeDay({ rows: [makeDayRow(), omar] }) };
      },
    });
    const list = await screen.findByRole('list', { name: 'Interpreters on this day' });
    expect(await within(list).findByText('Out of adherence now')).toBeInTheDocument();
    // Three frames in a row (the interpreters' channel counts them): one re-read.
    for (let i = 0; i < 3; i++) store.dispatch(presenceReconnected());
    await waitFor(() => expect(within(list).queryByText('Out of adherence now')).not.toBeInTheDocument());
    expect(within(list).getAllByText('Online')).toHaveLength(2);
    expect(api.calls.filter((c) => c.key === 'GET /api/wfm/day/')).toHaveLength(2);
  }, 30_000);
});

describe('the schedule', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists line errors of a rejected file and imports a clean one after its dry run', async () => {
    const bad = 'username,date,start,end\ninterpreter01,2026-11-23,08:00,16:00\ninterpreter02,2026-11-23,25:00,06:00\n';
    const good = bad.replace('25:00', '22:00');
    const { api } = renderAt('/wfm?tab=schedule', {
      'GET /api/wfm/day/': () => ({ status: 200, body: makeDay() }),
      'GET /api/wfm/shifts/': () => ({ status: 200, body: [] }),
      'POST /api/wfm/shifts/import/': async (request) => {
        const body = (await request.json()) as { csv: string; dry_run: boolean };
        if (body.csv.includes('25:00'))
          return {
            status: 400,
            body: {
              message: 'csv: Line 3: Give a time as HH:MM (00:00 to 23:59).',
              extra: { fields: { csv: ['Line 3: Give a time as HH:MM (00:00 to 23:59).'] } },
            },
          };
        return { status: 200, body: { rows: 2, created: 1, replaced: 1, removed: 1, dry_run: body.dry_run } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import shifts from CSV' });
    const input = within(dialog).getByTestId('shift-csv-input');

    await userEvent.upload(input, new File([bad], 'week.csv', { type: 'text/csv' }));
    const errors = await within(dialog).findByRole('list', { name: 'Problems in the file' });
    expect(errors).toHaveTextContent('Line 3: Give a time as HH:MM (00:00 to 23:59).');
    expect(within(dialog).getByText('1 line needs fixing; nothing was imported.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();

    await userEvent.upload(input, new File([good], 'week.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText('2 rows: 1 new, 1 replacing')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Problems in the file' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const sent = api.calls.filter((c) => c.key === 'POST /api/wfm/shifts/import/').map((c) => c.body);
    expect(sent).toEqual([
      { csv: bad, dry_run: true },
      { csv: good, dry_run: true },
      { csv: good, dry_run: false },
    ]);
  }, 30_000);

  it('shows the week as a roster by team; a click in a cell adds a shift for that person and day', async () => {
    const omar = { ...lateNight, team: 'Night desk' };
    const asked: string[] = [];
    const { api } = renderAt(
      '/wfm?tab=schedule',
      {
        // The portal's today (its TIME_ZONE) is the board's date, whatever the browser's clock says.
        'GET /api/wfm/day/': () => ({ status: 200, body: makeDay({ rows: [makeDayRow(), omar] }) }),
        'GET /api/wfm/shifts/': (request) => {
          asked.push(new URL(request.url).search);
          return {
            status: 200,
            body: [makeShift(), makeShift({ id: 6, start: '17:00', end: '20:00', starts_at: `${DAY}T17:00:00.000Z` })],
          };
        },
        'POST /api/wfm/shifts/': async (request) => ({
          status: 201,
          body: makeShift({ id: 7, ...((await request.json()) as object) }),
        }),
      },
      makeUser('WFM'),
      true,
    );
    const grid = await screen.findByRole('table', { name: /^Roster/ });
    // The week of the portal's today (Monday the 23rd), from the English week's first day
    // (Sunday, as the date pickers' calendar), today marked.
    expect(await screen.findByText('Nov 22, 2026 – Nov 28, 2026')).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { current: 'date' })).toHaveTextContent('Today');

    // People grouped by team; Amira's split shift is two chips in one cell.
    expect(within(grid).getByRole('columnheader', { name: /Cairo A/ })).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: /Night desk/ })).toBeInTheDocument();
    const cell = await within(grid).findByRole('list', { name: 'Shifts of Amira Saleh on Nov 23, 2026' });
    expect(asked).toContain('?from=2026-11-22&to=2026-11-28');
    expect(
      within(cell)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['08:00–16:00', '17:00–20:00']);

    // Omar's Tuesday: the cell's + opens the dialog on that person and day.
    await userEvent.click(within(grid).getByRole('button', { name: 'Add a shift for Omar Nabil on Nov 24, 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a shift' });
    expect(within(dialog).getByRole('combobox', { name: /Interpreter/ })).toHaveTextContent('Omar Nabil');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add shift' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.key === 'POST /api/wfm/shifts/')?.body).toEqual({
      username: 'interpreter02',
      date: '2026-11-24',
      start: '08:00',
      end: '16:00',
      note: '',
    });
  }, 60_000);

  it('“Add shift” starts on the portal’s today; an overlap refused by the server shows under the start', async () => {
    const { api } = renderAt('/wfm?tab=schedule&week=2026-12-10', {
      'GET /api/wfm/day/': () => ({ status: 200, body: makeDay() }),
      'GET /api/wfm/shifts/': () => ({ status: 200, body: [makeShift()] }),
      'POST /api/wfm/shifts/': () => ({
        status: 400,
        body: {
          message: 'This overlaps their shift on 2026-11-23, 08:00–16:00: shifts of one person may not overlap.',
          code: 'shiftOverlaps',
          params: { date: '2026-11-23', start: '08:00', end: '16:00' },
          extra: {
            fields: {
              start: ['This overlaps their shift on 2026-11-23, 08:00–16:00: shifts of one person may not overlap.'],
            },
            codes: { start: [{ code: 'shiftOverlaps', params: { date: '2026-11-23', start: '08:00', end: '16:00' } }] },
          },
        },
      }),
    });
    // Another week is shown; the toolbar's button still starts on today.
    expect(await screen.findByText('Dec 6, 2026 – Dec 12, 2026')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a shift' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Interpreter/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Amira Saleh' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add shift' }));
    expect(
      await within(dialog).findByText(/^This overlaps their shift on .*Nov 23, 2026.*08:00.*16:00.*may not overlap\.$/),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'POST /api/wfm/shifts/')?.body).toMatchObject({
      username: 'interpreter01',
      date: DAY,
    });
  }, 60_000);

  it('a chip opens its shift; changing the day there moves it (the keyboard’s drag)', async () => {
    const { api } = renderAt(
      '/wfm?tab=schedule',
      {
        'GET /api/wfm/day/': () => ({ status: 200, body: makeDay() }),
        'GET /api/wfm/shifts/': () => ({ status: 200, body: [makeShift({ note: 'Cover' })] }),
        'PUT /api/wfm/shifts/5/': async (request) => ({
          status: 200,
          body: makeShift({ ...((await request.json()) as object) }),
        }),
      },
      makeUser('WFM'),
      true,
    );
    await userEvent.click(
      await screen.findByRole('button', { name: '08:00–16:00, Amira Saleh, Nov 23, 2026: edit, move or delete' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit the shift' });
    const day = within(dialog).getByRole('group', { name: /^Date/ });
    await userEvent.click(day);
    await userEvent.keyboard('25112026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save shift' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.key === 'PUT /api/wfm/shifts/5/')?.body).toEqual({
      username: 'interpreter01',
      date: '2026-11-25',
      start: '08:00',
      end: '16:00',
      note: 'Cover',
    });
  }, 60_000);
});

describe('an interpreter’s history', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('en');
  });

  it('formats online time, quarter hours, “no data” and tenure in 30-day months, in English and Arabic', async () => {
    const joined = new Date(Date.now() - 95 * 86_400_000).toISOString();
    renderAt(
      '/wfm/interpreter01',
      {
        'GET /api/wfm/users/interpreter01/history/': () => ({
          status: 200,
          body: makeHistory({ date_joined: joined }),
        }),
      },
      makeUser('WFM'),
      false,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'WFM: Amira Saleh' })).toBeInTheDocument();
    expect(screen.getByTestId('tenure')).toHaveTextContent('3 months');
    const days = screen.getByRole('list', { name: 'Day by day' });
    const times = within(days)
      .getAllByTestId('online-time')
      .map((e) => e.textContent);
    expect(times.sort()).toEqual(['7h 32m', NO_MINUTES]);
    expect(days).toHaveTextContent('7.5');
    expect(days).toHaveTextContent('Left 16m early');
    expect(screen.getByText(/1 day with a shift: average 94%/)).toBeInTheDocument();
    // The trend's figures for screen readers: each day by its date, a day without a shift said so.
    const trend = screen.getByRole('table', { name: 'Adherence trend' });
    expect(within(trend).getByRole('row', { name: 'Nov 23, 2026 94%' })).toBeInTheDocument();
    expect(within(trend).getByRole('row', { name: 'Nov 22, 2026 No shift' })).toBeInTheDocument();

    await changeLanguage('ar');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'إدارة القوى العاملة: Amira Saleh' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('tenure')).toHaveTextContent('3 أشهر');
    expect(within(screen.getByRole('list', { name: 'يومًا بيوم' })).getAllByText(NO_MINUTES)).toHaveLength(1);
  });

  it('shows the not-found page when the API answers 404', async () => {
    renderAt('/wfm/nobody', {
      'GET /api/wfm/users/nobody/history/': () => ({ status: 404, body: { message: 'Not found.' } }),
    });
    expect(await screen.findByText('404')).toBeInTheDocument();
  });
});
