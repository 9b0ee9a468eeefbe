import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeUser } from '../../../test/fake-api';
import { makeLeave, makeLeaveType } from '../test-data';
import { LeaveForm } from './leave-form';
import { renderApp } from '../../../test/render-app';

vi.mock('../../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
  playRequesterReplySound: vi.fn(),
}));

const TYPES = [
  makeLeaveType(),
  makeLeaveType({
    id: 2,
    code: 'sick',
    name: 'Sick leave',
    half_days_allowed: false,
    attachment_required_after_days: 2,
  }),
  makeLeaveType({ id: 3, code: null, name: 'Old custom', is_active: false }),
];

type Handlers = Parameters<typeof fakeApi>[0];

/** The form, its types and a quote answered unless `more` says otherwise; a sent request opens its page. */
const renderForm = (more: Handlers = {}) =>
  renderApp(<LeaveForm />, {
    url: '/user/leaves/create-leave',
    routes: [{ path: '/leaves/:id', element: <p>request page</p> }],
    user: makeUser('HR'),
    api: {
      'GET /api/leaves/types/': () => ({ status: 200, body: TYPES }),
      'POST /api/leaves/quote/': async (request) => {
        const body = (await request.json()) as { start_date: string; end_date: string; half_day?: string };
        const days = body.half_day ? 0.5 : body.start_date === body.end_date ? 1 : 3;
        return {
          status: 200,
          body: { days, by_year: [{ year: 2026, days, available_after: 21 - days }], refusals: [] },
        };
      },
      ...more,
    },
  });

/** Types a date into the picker the way browser autofill does (DD/MM/YYYY). */
function setDate(name: 'start_date' | 'end_date', ddmmyyyy: string) {
  const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) throw new Error(`no ${name} input`);
  fireEvent.change(input, { target: { value: ddmmyyyy } });
}

const quote = () => screen.getByTestId('leave-quote');

describe('leave request form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the active types, translated, and shows the working days and balance after as the dates change', async () => {
    const { api } = renderForm();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Leave type/ })).toHaveTextContent('Annual leave'));
    await userEvent.click(screen.getByRole('combobox', { name: /Leave type/ }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Annual leave', 'Sick leave']);
    await userEvent.keyboard('{Escape}');

    setDate('start_date', '14/12/2026');
    setDate('end_date', '16/12/2026');
    await waitFor(() => expect(within(quote()).getByText('3')).toBeInTheDocument());
    expect(within(quote()).getByText('working days (weekends and holidays left out)')).toBeInTheDocument();
    expect(within(quote()).getByText('18 days left after this request')).toBeInTheDocument();
    const asked = api.calls.filter((c) => c.key === 'POST /api/leaves/quote/').at(-1);
    expect(asked?.body).toMatchObject({ leave_type: 1, start_date: '2026-12-14', end_date: '2026-12-16' });
  });

  it('offers a half day only for one day of a type that allows it', async () => {
    renderForm();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Leave type/ })).toHaveTextContent('Annual leave'));
    setDate('start_date', '14/12/2026');
    // Picking the first day sets the last day to it: one day, annual allows halves.
    const halfDay = await screen.findByRole('radiogroup', { name: 'Half day' });
    await userEvent.click(within(halfDay).getByRole('radio', { name: 'First half' }));
    await waitFor(() => expect(within(quote()).getByText('0.5')).toBeInTheDocument());

    setDate('end_date', '16/12/2026');
    await waitFor(() => expect(screen.queryByRole('radiogroup', { name: 'Half day' })).not.toBeInTheDocument());
    setDate('end_date', '14/12/2026');
    expect(await screen.findByRole('radiogroup', { name: 'Half day' })).toBeInTheDocument();
    // The half day chosen before was dropped with the longer range.
    expect(screen.getByRole('radio', { name: 'Whole day' })).toBeChecked();

    await userEvent.click(screen.getByRole('combobox', { name: /Leave type/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Sick leave' }));
    await waitFor(() => expect(screen.queryByRole('radiogroup', { name: 'Half day' })).not.toBeInTheDocument());
  });

  it('puts the server’s field errors under their fields and sends nothing more', async () => {
    const { api } = renderForm({
      'POST /api/leaves/': () => ({
        status: 400,
        body: {
          message: 'Invalid input.',
          extra: { fields: { end_date: ['Not enough balance: 2 days left.'], reason: ['At most 2000 characters.'] } },
        },
      }),
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Leave type/ })).toHaveTextContent('Annual leave'));
    setDate('start_date', '14/12/2026');
    setDate('end_date', '16/12/2026');
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), 'Family visit');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Not enough balance: 2 days left.')).toBeInTheDocument();
    expect(screen.getByText('At most 2000 characters.')).toBeInTheDocument();
    const sent = api.calls.filter((c) => c.key === 'POST /api/leaves/');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      leave_type: 1,
      start_date: '2026-12-14',
      end_date: '2026-12-16',
      reason: 'Family visit',
    });
  });

  it('refuses dates far from today without asking the server, and shows a balance refusal under the type', async () => {
    const refusal = 'Only 0 days of Annual leave left in 2027; this takes 1.';
    const { api } = renderForm({
      'POST /api/leaves/': () => ({
        status: 400,
        body: { message: refusal, extra: { fields: { leave_type: [refusal] } } },
      }),
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Leave type/ })).toHaveTextContent('Annual leave'));
    setDate('start_date', '14/12/2040');
    setDate('end_date', '16/12/2040');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findAllByText('Choose a date within 5 years of today.')).toHaveLength(2);
    expect(api.calls.some((c) => c.key === 'POST /api/leaves/')).toBe(false);

    setDate('start_date', '14/12/2026');
    setDate('end_date', '16/12/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    const type = screen.getByRole('combobox', { name: /Leave type/ }).closest('.MuiFormControl-root') as HTMLElement;
    expect(await within(type).findByText(refusal)).toBeInTheDocument();
  });

  it('refuses a last day before the first without asking the server, and opens the new request when sent', async () => {
    const { api, router } = renderForm({
      'POST /api/leaves/': () => ({ status: 201, body: makeLeave({ id: 77 }) }),
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Leave type/ })).toHaveTextContent('Annual leave'));
    setDate('start_date', '16/12/2026');
    setDate('end_date', '14/12/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('The last day cannot be before the first.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.key === 'POST /api/leaves/')).toBe(false);

    setDate('end_date', '18/12/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leaves/77'));
    expect(await screen.findByText('Leave request sent.')).toBeInTheDocument();
  });

  it('says an overlap and an overdrawn balance in the live panel and holds Send back until the request changes', async () => {
    const { api } = renderForm({
      'POST /api/leaves/quote/': async (request) => {
        const body = (await request.json()) as { start_date: string };
        // The first range overlaps a leave and overdraws the year; a later one fits.
        return body.start_date === '2026-12-14'
          ? {
              status: 200,
              body: {
                days: 20,
                by_year: [{ year: 2026, days: 20, available_after: -17 }],
                refusals: [
                  { code: 'leaveOverlapOwn', params: { from: '2026-12-15', to: '2026-12-16' } },
                  {
                    code: 'leaveBalanceShort',
                    params: { count: 3, type: 'Annual leave', year: 2026, days: 20 },
                  },
                ],
              },
            }
          : { status: 200, body: { days: 1, by_year: [{ year: 2026, days: 1, available_after: 2 }], refusals: [] } };
      },
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Leave type/ })).toHaveTextContent('Annual leave'));
    setDate('start_date', '14/12/2026');
    setDate('end_date', '08/01/2027');
    const refusals = await within(quote()).findByTestId('quote-refusals');
    expect(refusals).toHaveTextContent('You already have leave from');
    expect(refusals).toHaveTextContent(/Only 3 days of \u2068?Annual leave\u2069? left in 2026; this takes 20\./);
    // Not "−17 days left": how far short it falls.
    expect(within(quote()).getByText('17 days short')).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send request' });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription(
      'Change the dates or the type first: the panel says why it cannot be sent.',
    );

    setDate('start_date', '20/12/2026');
    setDate('end_date', '20/12/2026');
    await waitFor(() => expect(within(quote()).queryByTestId('quote-refusals')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Send request' })).toBeEnabled();
    expect(api.calls.some((c) => c.key === 'POST /api/leaves/')).toBe(false);
  });
});
