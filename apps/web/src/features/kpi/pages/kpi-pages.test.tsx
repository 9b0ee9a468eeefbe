import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TKpiMissingRow, TKpiRecord, TKpiScoreRow, TUserRef } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeUser } from '../../../test/fake-api';
import { kpiApi } from '../api/kpi-api';
import { currentPeriodStart } from '../kpi-format';
import { KpiPage } from './kpi-page';
import { MyScorecardCard } from '../components/my-scorecard-card';
import { KpiAddPage, KpiEditPage } from './kpi-record-page';
import { renderApp } from '../../../test/render-app';

vi.mock('../../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
  playRequesterReplySound: vi.fn(),
}));

type Handlers = Parameters<typeof fakeApi>[0];

const PAGES = [
  { path: '/kpi', element: <KpiPage /> },
  { path: '/kpi/:userName/add/:kpiId', element: <KpiAddPage /> },
  { path: '/kpi/edit/:kpiId', element: <KpiEditPage /> },
  { path: '/user', element: <MyScorecardCard username="interpreter01" /> },
  { path: '*', element: <p>elsewhere</p> },
];

const renderAt = (url: string, handlers: Handlers, user = makeUser('QUALITY', { username: 'quality' })) =>
  renderApp(PAGES, { url, user, api: handlers });

const person = (id: number, username: string, first_name: string, last_name: string): TUserRef => ({
  id,
  username,
  first_name,
  last_name,
  user_type: 'INTERPRETER',
});
const amira = person(11, 'interpreter01', 'Amira', 'Saleh');
const omar = person(12, 'interpreter02', 'Omar', 'Nabil');
const start = currentPeriodStart('monthly');
const kpiDef = { id: 3, name: 'Call quality', name_ar: null, unit: 'percent' as const, period: 'monthly' as const };

const scoreRow = (over: Partial<TKpiScoreRow>): TKpiScoreRow => ({
  user: amira,
  team: 'Team A',
  team_ar: null,
  score: 0.92,
  previous_score: 0.85,
  trend: 0.07,
  recorded: 3,
  expected: 4,
  ...over,
});

const missingRow = (user: TUserRef, kpi = kpiDef): TKpiMissingRow => ({
  user,
  kpi,
  period_start: start,
  period_end: `${start.slice(0, 8)}28`,
  closes_in_days: 5,
  last_reminded_at: null,
});

const scorecard = {
  user: amira,
  team: 'Team A',
  period: 'monthly',
  periods: [{ period_start: start, period_end: start, score: null }],
  kpis: [
    {
      ...kpiDef,
      description: '',
      direction: 'higher',
      target: 90,
      weight: 1,
      applies_to: ['INTERPRETER'],
      is_active: true,
      updated_at: '2026-11-01T00:00:00.000Z',
      records: [],
    },
  ],
  can_score: true,
};

const record: TKpiRecord = {
  id: 55,
  user: amira,
  kpi: { ...kpiDef, direction: 'higher', target: 90, weight: 1 },
  period_start: '2026-10-01',
  period_end: '2026-10-31',
  value: 88,
  attainment: 0.97,
  note: 'Second listen',
  entered_by: person(2, 'quality', 'Qamar', 'Lead'),
  entered_at: '2026-10-20T09:00:00.000Z',
  updated_at: '2026-10-22T09:00:00.000Z',
  history: [
    {
      value: 72,
      note: 'First listen',
      changed_by: person(2, 'quality', 'Qamar', 'Lead'),
      changed_at: '2026-10-22T09:00:00.000Z',
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('the scores tab', () => {
  it('lists each person with the score, the trend in words and recorded of expected', async () => {
    const { api } = renderAt('/kpi', {
      'GET /api/kpi/scores/': () => ({
        status: 200,
        body: {
          period: 'monthly',
          period_start: start,
          period_end: start,
          rows: [scoreRow({}), scoreRow({ user: omar, score: 0.6, previous_score: 0.7, trend: -0.1 })],
        },
      }),
    });
    const list = await screen.findByRole('list', { name: 'Scores for the period' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Amira Saleh');
    expect(first).toHaveTextContent('92%');
    expect(within(first!).getByText('Up 7 points from the previous period')).toBeInTheDocument();
    expect(first).toHaveTextContent('3 / 4');
    expect(within(second!).getByText('Down 10 points from the previous period')).toBeInTheDocument();
    // The default view: this month's scores.
    const asked = api.fetchMock.mock.calls
      .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
      .find((u) => u.pathname === '/api/kpi/scores/');
    expect(asked?.searchParams.get('period')).toBe('monthly');
  });
});

describe('the missing tab', () => {
  it('reminds about the chosen people: every missing value of theirs, and says how many', async () => {
    const { api } = renderAt('/kpi?tab=missing', {
      'GET /api/kpi/missing/': () => ({
        status: 200,
        body: {
          period_start: start,
          period_end: start,
          rows: [missingRow(amira), missingRow(amira, { ...kpiDef, id: 4, name: 'Handle time' }), missingRow(omar)],
        },
      }),
      'POST /api/kpi/missing/remind/': () => ({ status: 200, body: { reminded: 2, recipients: 1 } }),
    });
    const list = await screen.findByRole('list', { name: 'Missing values by person' });
    expect(within(list).getAllByText('Closes in 5 days')).toHaveLength(3);
    expect(within(list).getByRole('link', { name: 'Enter value: Handle time for Amira Saleh' })).toHaveAttribute(
      'href',
      '/kpi/interpreter01/add/4',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Amira Saleh' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remind selected (1)' }));
    expect(await screen.findByText('Reminded 1 person')).toBeInTheDocument();
    const post = api.calls.find((c) => c.key === 'POST /api/kpi/missing/remind/');
    expect(post?.body).toEqual({
      items: [
        { username: 'interpreter01', kpi: 3, period: start },
        { username: 'interpreter01', kpi: 4, period: start },
      ],
    });
  });
});

describe('the value forms', () => {
  it('shows the server’s 400 under the value and the period', async () => {
    const { api } = renderAt('/kpi/interpreter01/add/3', {
      'GET /api/kpi/users/interpreter01/scorecard/': () => ({ status: 200, body: scorecard }),
      'POST /api/kpi/records/': () => ({
        status: 400,
        body: {
          message: 'Check the highlighted fields.',
          extra: {
            fields: {
              value: ['The value is outside what this unit allows.'],
              period: ['This period already has a value.'],
            },
          },
        },
      }),
    });
    const value = await screen.findByRole('textbox', { name: /^Value/ });
    expect(screen.getByText('From 0% to 100%.')).toBeInTheDocument();
    await userEvent.type(value, '50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The value is outside what this unit allows.')).toBeInTheDocument();
    expect(screen.getByText('This period already has a value.')).toBeInTheDocument();
    expect(value).toHaveAccessibleDescription('The value is outside what this unit allows.');
    const post = api.calls.find((c) => c.key === 'POST /api/kpi/records/');
    expect(post?.body).toEqual({ username: 'interpreter01', kpi: 3, period: start, value: 50, note: '' });
  });

  it('edit is prefilled and lists the earlier values with who changed them', async () => {
    renderAt('/kpi/edit/55', {
      'GET /api/kpi/records/55/': () => ({ status: 200, body: record }),
    });
    expect(await screen.findByRole('textbox', { name: /^Value/ })).toHaveValue('88');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Second listen');
    const history = screen.getByRole('table', { name: 'Earlier values' });
    const row = within(history).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('72%');
    expect(row).toHaveTextContent('First listen');
    expect(row).toHaveTextContent('Qamar Lead');
    await waitFor(() => expect(screen.getByText(/first entered by Qamar Lead/)).toBeInTheDocument());
  });
});

const withRecords = {
  ...scorecard,
  periods: [
    { period_start: '2026-10-01', period_end: '2026-10-31', score: 0.97 },
    { period_start: start, period_end: start, score: null },
  ],
  kpis: [{ ...scorecard.kpis[0]!, records: [{ ...record, history: [] }] }],
};

describe('the scorecard', () => {
  it('shows each KPI in words beside its chart, with edit and add links when the caller scores', async () => {
    renderAt('/kpi?user=interpreter01', {
      'GET /api/kpi/users/interpreter01/scorecard/': () => ({ status: 200, body: withRecords }),
    });
    expect(
      await screen.findByText('Call quality: 88% in October 2026, against a target of 90% (Higher is better).'),
    ).toBeInTheDocument();
    const scores = screen.getByRole('table', { name: 'Weighted score per period' });
    expect(within(scores).getAllByRole('row')[2]).toHaveTextContent('October 2026' + '97%');
    expect(screen.getByRole('link', { name: 'Edit Call quality, October 2026' })).toHaveAttribute(
      'href',
      '/kpi/edit/55',
    );
    expect(screen.getByRole('link', { name: 'Add value: Call quality' })).toHaveAttribute(
      'href',
      '/kpi/interpreter01/add/3',
    );
  });

  it('offers no edit or add links to someone who only reads it', async () => {
    renderAt('/kpi?user=interpreter01', {
      'GET /api/kpi/users/interpreter01/scorecard/': () => ({
        status: 200,
        body: { ...withRecords, can_score: false },
      }),
    });
    await screen.findByRole('table', { name: 'Values of Call quality' });
    expect(screen.queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Add value/ })).not.toBeInTheDocument();
  });
});

describe('my scorecard on /user', () => {
  it('shows the latest score and each KPI’s latest value', async () => {
    renderAt(
      '/user',
      { 'GET /api/kpi/users/interpreter01/scorecard/': () => ({ status: 200, body: withRecords }) },
      makeUser('INTERPRETER'),
    );
    expect(await screen.findByRole('heading', { name: 'My scorecard' })).toBeInTheDocument();
    expect(screen.getByText('Weighted score, October 2026')).toBeInTheDocument();
    expect(screen.getByText('97%')).toBeInTheDocument();
    expect(screen.getByText('Call quality').parentElement).toHaveTextContent('88%');
    // An interpreter cannot open the KPI pages: no link to them.
    expect(screen.queryByRole('link', { name: 'Open my scorecard' })).not.toBeInTheDocument();
  });

  it('is not shown to someone no KPI applies to', async () => {
    const { api, store } = renderAt(
      '/user',
      {
        'GET /api/kpi/users/interpreter01/scorecard/': () => ({ status: 200, body: { ...withRecords, kpis: [] } }),
      },
      makeUser('INTERPRETER'),
    );
    // Once the answer is in the cache, the card has had its chance to show.
    const answered = () =>
      kpiApi.endpoints.kpiScorecard.select({ username: 'interpreter01', period: 'monthly', periods: 3 })(
        store.getState() as never,
      ).isSuccess;
    await waitFor(() => expect(answered()).toBe(true));
    expect(api.calls.some((c) => c.key.includes('scorecard'))).toBe(true);
    expect(screen.queryByRole('heading', { name: 'My scorecard' })).not.toBeInTheDocument();
  });
});

describe('the definitions tab', () => {
  it('adds a KPI with the chosen audience and shows a refused name under the field', async () => {
    let attempts = 0;
    const { api } = renderAt('/kpi?tab=definitions', {
      'GET /api/kpi/definitions/': () => ({ status: 200, body: [] }),
      'POST /api/kpi/definitions/': () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 400,
              body: { message: 'Check the fields.', extra: { fields: { name: ['A KPI has this name already.'] } } },
            }
          : { status: 201, body: { ...scorecard.kpis[0], records: undefined } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New KPI' }));
    const dialog = await screen.findByRole('dialog', { name: 'New KPI' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Call quality');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Applies to' }));
    await userEvent.click(await screen.findByRole('option', { name: 'QUALITY' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A KPI has this name already.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'POST /api/kpi/definitions/')?.body).toEqual({
      name: 'Call quality',
      description: '',
      unit: 'percent',
      direction: 'higher',
      target: 90,
      weight: 1,
      period: 'monthly',
      applies_to: ['INTERPRETER', 'QUALITY'],
      is_active: true,
    });
  });
});
