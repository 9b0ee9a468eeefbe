import { fillMessage, msg, type TLeaveCoverage, type TLeaveRequest } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18next } from '../../../lib/i18n/i18n';
import { translateMessage } from '../../../lib/i18n/messages';
import { fakeApi, makeUser } from '../../../test/fake-api';
import { makeBalances, makeLeave, makeLeaveType } from '../test-data';
import { LeavePage } from './leave-page';
import { SubmittedLeavesPage } from './my-leaves-page';
import { renderApp } from '../../../test/render-app';

vi.mock('../../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
  playRequesterReplySound: vi.fn(),
}));

type Handlers = Parameters<typeof fakeApi>[0];

const coverage = (warning: boolean): TLeaveCoverage => ({
  department: 'HR',
  warning_share: 0.3,
  days: [
    { date: '2026-12-14', working: true, off: warning ? 2 : 0, headcount: 5, share: warning ? 0.4 : 0, warning },
    { date: '2026-12-15', working: true, off: 1, headcount: 5, share: 0.2, warning: false },
  ],
});

const PAGES = [
  { path: '/leaves/:ticketId', element: <LeavePage /> },
  { path: '/user/leaves/submited-leaves', element: <SubmittedLeavesPage /> },
  { path: '*', element: <p>elsewhere</p> },
];

/** The leave pages at `url`, with one leave type and the balances answered unless `handlers` say otherwise. */
const renderAt = (url: string, handlers: Handlers, user = makeUser('HR')) =>
  renderApp(PAGES, {
    url,
    user,
    api: {
      'GET /api/leaves/types/': () => ({ status: 200, body: [makeLeaveType()] }),
      'GET /api/leaves/balances/': () => ({ status: 200, body: makeBalances() }),
      ...handlers,
    },
  });

describe('submitted leaves', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists my waiting requests with their status and balances, and cancels one after asking', async () => {
    let cancelled = false;
    const mine = () => [
      makeLeave({
        user: { ...makeLeave().user, id: 7 },
        can: { decide: false, cancel: !cancelled, revoke: false },
        status: cancelled ? 'cancelled' : 'pending',
      }),
    ];
    const { api } = renderAt('/user/leaves/submited-leaves', {
      'GET /api/leaves/mine/': () => ({ status: 200, body: mine() }),
      'POST /api/leaves/12/cancel/': () => {
        cancelled = true;
        return { status: 200, body: mine()[0] };
      },
    });
    // jsdom matches no media query: the phone layout, a card per request.
    const list = await screen.findByRole('list', { name: 'Requests waiting for a decision' });
    expect(await within(list).findByText('Pending')).toBeInTheDocument();
    expect(within(list).getByText('Annual leave')).toBeInTheDocument();
    const balances = await screen.findByTestId('leave-balances');
    expect(within(balances).getByText('18')).toBeInTheDocument();
    expect(within(balances).getByText('days available')).toBeInTheDocument();

    await userEvent.click(within(list).getByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this request?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Comment (optional)' }), 'Plans changed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(api.calls.filter((c) => c.key === 'POST /api/leaves/12/cancel/')).toHaveLength(1));
    expect(api.calls.find((c) => c.key === 'POST /api/leaves/12/cancel/')?.body).toEqual({ comment: 'Plans changed' });
    // The list re-reads: the request is cancelled and can no longer be cancelled.
    expect(await within(list).findByText('Cancelled')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
  });
});

describe('the request page', () => {
  afterEach(() => vi.unstubAllGlobals());

  const page = (leave: TLeaveRequest, more: Handlers = {}, user = makeUser('HR')) =>
    renderAt(
      '/leaves/12',
      {
        'GET /api/leaves/12/': () => ({ status: 200, body: leave }),
        'GET /api/leaves/12/coverage/': () => ({ status: 200, body: coverage(true) }),
        ...more,
      },
      user,
    );

  it('offers approve and reject only to whoever may decide', async () => {
    page(makeLeave({ can: { decide: false, cancel: false, revoke: false } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Leave request 12' })).toBeInTheDocument();
    expect(screen.getByTestId('leave-timeline')).toHaveTextContent('Submitted');
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('a rejection needs a comment; then it is sent with it', async () => {
    const { api } = page(makeLeave({ can: { decide: true, cancel: false, revoke: false } }), {
      'POST /api/leaves/12/decision/': () => ({ status: 200, body: makeLeave({ status: 'rejected' }) }),
    });
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this leave?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say why it is rejected.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.key === 'POST /api/leaves/12/decision/')).toBe(false);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason for rejecting' }), 'Year-end peak');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.key === 'POST /api/leaves/12/decision/')?.body).toEqual({
        decision: 'reject',
        comment: 'Year-end peak',
      }),
    );
  });

  it('says in the page’s language why an approval is refused: the balance it would overdraw', async () => {
    await changeLanguage('ar');
    try {
      // A later year's balance, reached through carry-over: the server names that year.
      const said = msg('leaveBalanceShort', { count: 0, type: 'Annual leave', year: 2029, days: 5 });
      const refusal = fillMessage('leaveBalanceShort', said.params as never);
      const { api } = page(makeLeave({ can: { decide: true, cancel: false, revoke: false } }), {
        'POST /api/leaves/12/decision/': () => ({ status: 409, body: { message: refusal, ...said } }),
      });
      const approve = i18next.t('leaves.actions.approve');
      await userEvent.click(await screen.findByRole('button', { name: approve }));
      const dialog = await screen.findByRole('dialog', { name: i18next.t('leaves.actions.approveTitle') });
      await userEvent.click(within(dialog).getByRole('button', { name: approve }));
      const shown = translateMessage(said);
      expect(shown).not.toBe(refusal);
      expect(shown).toMatch(/[\u0600-\u06FF]/);
      expect(shown).toContain('2029');
      expect(await screen.findByText(shown)).toBeInTheDocument();
      expect(api.calls.filter((c) => c.key === 'POST /api/leaves/12/decision/')).toHaveLength(1);
    } finally {
      await changeLanguage('en');
    }
  });

  it('shows the department’s coverage to an approver, with a warning past the share', async () => {
    page(makeLeave({ can: { decide: true, cancel: false, revoke: false } }));
    const section = await screen.findByTestId('leave-coverage');
    expect(within(section).getByRole('alert')).toHaveTextContent('On 1 day, more than 30% of HR would be off.');
    expect(within(section).getAllByText('Over the limit')).toHaveLength(1);
    expect(within(section).getByText('2 of 5')).toBeInTheDocument();
  });

  it('shows no coverage to the requester, and a print button and certificate once approved', async () => {
    const approvedBy = {
      id: 9,
      username: 'manager.hr',
      first_name: 'Mona',
      last_name: 'Manager',
      user_type: 'HR' as const,
    };
    const leave = makeLeave({
      user: { ...makeLeave().user, id: 7 },
      status: 'approved',
      timeline: [
        ...makeLeave().timeline,
        { id: 2, event: 'approved', actor: approvedBy, at: '2026-11-21T10:00:00.000Z', comment: 'Enjoy' },
      ],
    });
    const { api } = page(leave, {}, makeUser('HR', { is_manager: true }));
    const print = await screen.findByRole('button', { name: 'Print certificate' });
    const certificate = screen.getByTestId('leave-certificate');
    expect(certificate).toHaveTextContent('Leave certificate');
    expect(certificate).toHaveTextContent('Mona Manager');
    expect(certificate).toHaveTextContent('3 working days');
    const printed = vi.spyOn(window, 'print').mockImplementation(() => {});
    await userEvent.click(print);
    expect(printed).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('leave-coverage')).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.key === 'GET /api/leaves/12/coverage/')).toBe(false);
  });

  it('a request that is missing (or not mine to see) is a clear page with a way back', async () => {
    renderAt('/leaves/999', { 'GET /api/leaves/999/': () => ({ status: 404, body: { message: 'Not found.' } }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Leave request not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Leave history' })).toHaveAttribute('href', '/user/leaves/leave-history');
  });
});
