import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCalendar } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../lib/i18n/i18n';
import { makeUser, ticketPerson } from '../../../test/fake-api';
import { TeamCalendarPage } from '../pages/team-calendar-page';
import { calendarCsv, shiftMonth } from './calendar-model';
import { renderApp } from '../../../test/render-app';

vi.mock('../../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
}));

const hala = ticketPerson(3, 'hala', 'Hala', 'Rashed');
const omar = ticketPerson(4, 'omar', 'Omar', 'Said');
const annual = { id: 1, code: 'annual', name: 'Annual', name_ar: null };
const sick = { id: 3, code: 'sick', name: 'Sick', name_ar: null };

/** November 2026 (Friday and Saturday off, the 19th a holiday): Hala approved 10–11, Omar pending the morning of the 12th. */
function november(month = '2026-11'): TCalendar {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const days = Array.from({ length }, (_, i) => {
    const date = `${month}-${String(i + 1).padStart(2, '0')}`;
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const holiday = date === '2026-11-19' ? 'National Day' : null;
    const off: TCalendar['days'][number]['off'] = [];
    if (date === '2026-11-10' || date === '2026-11-11')
      off.push({ leave: 90, user: hala, leave_type: annual, status: 'approved', half_day: null });
    if (date === '2026-11-11' || date === '2026-11-12')
      off.push({
        leave: 91,
        user: omar,
        leave_type: sick,
        status: 'pending',
        half_day: date === '2026-11-12' ? 'first' : null,
      });
    const share = off.length / 5;
    return {
      date,
      working: weekday !== 5 && weekday !== 6 && !holiday,
      holiday,
      holiday_ar: null,
      off,
      headcount: 5,
      share,
      warning: share > 0.3,
    };
  });
  return { month, departments: ['HR'], warning_share: 0.3, days };
}

/** The calendar at `url`, a manager signed in; `queries` are the months and departments asked for. */
function renderCalendar(url: string, wide: boolean) {
  const queries: URLSearchParams[] = [];
  const { location } = renderApp(<TeamCalendarPage />, {
    url,
    wide,
    user: makeUser('HR', { id: 7, is_manager: true }),
    api: {
      'GET /api/leaves/calendar/': (request) => {
        const params = new URL(request.url).searchParams;
        queries.push(params);
        return { status: 200, body: november(params.get('month') ?? '') };
      },
    },
  });
  return { queries, search: () => location().search };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('team calendar', () => {
  it('shows people × days, pending apart from approved in words, and the coverage warning', async () => {
    renderCalendar('/user/leaves/team-calendar?month=2026-11', true);
    const grid = await screen.findByRole('table', { name: 'Leave by person and day' });
    const rows = within(grid).getAllByRole('row');
    // Header, one row per person (by name), the coverage row.
    expect(rows.map((r) => within(r).queryAllByRole('rowheader')[0]?.textContent)).toEqual([
      undefined,
      'Hala Rashed',
      'Omar Said',
      'Off',
    ]);
    expect(within(rows[0]!).getAllByRole('columnheader')).toHaveLength(31); // person + 30 days

    expect(
      within(grid).getByRole('cell', { name: 'Hala Rashed, November 10: Annual leave, Approved' }),
    ).toBeInTheDocument();
    const pending = within(grid).getByRole('cell', { name: 'Omar Said, November 11: Sick leave, Pending' });
    // The pending mark says so in text too, not only by its hatching.
    expect(pending).toHaveTextContent('?');
    expect(
      within(grid).getByRole('cell', { name: 'Hala Rashed, November 10: Annual leave, Approved' }),
    ).not.toHaveTextContent('?');
    expect(
      within(grid).getByRole('cell', { name: 'Omar Said, November 12: Sick leave, Pending, first half' }),
    ).toBeInTheDocument();

    // The weekend and the holiday are named in their column headers.
    expect(within(grid).getByRole('columnheader', { name: 'Friday, November 13, Weekend' })).toBeInTheDocument();
    expect(
      within(grid).getByRole('columnheader', { name: 'Thursday, November 19, Public holiday: National Day' }),
    ).toBeInTheDocument();

    // 11 November: 2 of 5 off (40 %) is past 30 %; 10 November (20 %) is not.
    const coverage = within(rows.at(-1)!).getAllByRole('cell');
    expect(coverage[10]).toHaveTextContent('40%above the warning level');
    expect(coverage[9]).toHaveTextContent('20%');
    expect(coverage[9]).not.toHaveTextContent('above the warning level');
    expect(screen.getByText('1 day above the coverage warning (30% off)')).toBeInTheDocument();
  });

  it('keeps the month in the URL and asks the server for it', async () => {
    const { queries, search } = renderCalendar('/user/leaves/team-calendar?month=2026-11', true);
    expect(await screen.findByRole('heading', { name: 'November 2026' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { name: 'December 2026' })).toBeInTheDocument();
    expect(new URLSearchParams(search()).get('month')).toBe('2026-12');
    await waitFor(() => expect(queries.at(-1)?.get('month')).toBe('2026-12'));
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('heading', { name: 'October 2026' })).toBeInTheDocument();
    expect(new URLSearchParams(search()).get('month')).toBe('2026-10');

    // The department filter offers only the viewer's departments and goes into the URL too.
    await userEvent.click(screen.getByRole('combobox', { name: 'Department' }));
    await userEvent.click(await screen.findByRole('option', { name: 'QUALITY' }));
    await waitFor(() => expect(new URLSearchParams(search()).get('department')).toBe('QUALITY'));
    await waitFor(() => expect(queries.at(-1)?.get('department')).toBe('QUALITY'));
  });

  it('lists the days with people off on phones', async () => {
    renderCalendar('/user/leaves/team-calendar?month=2026-11', false);
    const list = await screen.findByRole('list', { name: 'Days with people off' });
    const days = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(days).toEqual([
      'Tuesday, November 10',
      'Wednesday, November 11',
      'Thursday, November 12',
      'Thursday, November 19',
    ]);
    expect(within(list).getByText('40% off: above the warning level')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('calendar CSV', () => {
  it('has one row per person-day off with date, name, username, department, type, status and half day', () => {
    const csv = calendarCsv(november().days, i18next.t);
    expect(csv.split('\r\n')).toEqual([
      'Date,Name,Username,Department,Leave type,Status,Half day',
      '2026-11-10,Hala Rashed,hala,HR,Annual leave,Approved,',
      '2026-11-11,Hala Rashed,hala,HR,Annual leave,Approved,',
      '2026-11-11,Omar Said,omar,HR,Sick leave,Pending,',
      '2026-11-12,Omar Said,omar,HR,Sick leave,Pending,first half',
      '',
    ]);
  });

  it('steps months across the year', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
  });
});
