import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { THoliday, TLeaveType } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeUser } from '../../../test/fake-api';
import { LeaveSettingsPage } from '../pages/leave-settings-page';
import { renderApp } from '../../../test/render-app';

vi.mock('../../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
}));

const annual: TLeaveType = {
  id: 1,
  code: 'annual',
  name: 'Annual',
  name_ar: null,
  yearly_days: 21,
  carry_over_max_days: 5,
  half_days_allowed: true,
  attachment_required_after_days: null,
  counts_against_balance: true,
  requires_hr_confirmation: false,
  is_active: true,
};
const holiday: THoliday = { id: 5, date: `${new Date().getFullYear()}-12-02`, name: 'National Day', name_ar: null };

/** The settings page on a wide screen (the lists are tables), HR signed in. */
const renderSettings = (extra: Parameters<typeof fakeApi>[0] = {}) =>
  renderApp(<LeaveSettingsPage />, {
    url: '/user/leaves/settings',
    wide: true,
    user: makeUser('HR', { id: 7 }),
    api: {
      'GET /api/leaves/types/': () => ({ status: 200, body: [annual] }),
      'GET /api/leaves/holidays/': () => ({ status: 200, body: [holiday] }),
      'GET /api/leaves/settings/': () => ({ status: 200, body: { weekend_days: [5, 6], coverage_warning_share: 0.3 } }),
      ...extra,
    },
  }).api;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('leave types', () => {
  it('lists the seeded type by its translated name, validates with the contract, and shows server errors under the field', async () => {
    const api = renderSettings({
      'POST /api/leaves/types/': () => ({
        status: 400,
        body: {
          message: 'Invalid input.',
          extra: { fields: { name: ['A leave type with that name already exists.'] } },
        },
      }),
    });
    const table = await screen.findByRole('table', { name: 'Leave types' });
    const row = await within(table).findByRole('row', { name: /Annual leave/ });
    expect(within(row).getByText('Half days')).toBeInTheDocument();
    expect(within(row).queryByText('HR confirms')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add a leave type' }));
    const dialog = await screen.findByRole('dialog', { name: 'New leave type' });
    const days = within(dialog).getByRole('textbox', { name: 'Days a year' });
    await userEvent.clear(days);
    await userEvent.type(days, 'many');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name the leave type.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a number of days.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.key === 'POST /api/leaves/types/')).toBe(false);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Annual');
    await userEvent.clear(days);
    await userEvent.type(days, '12');
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Require a supporting document for long requests' }),
    );
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'HR confirms after the approver' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveAccessibleDescription('A leave type with that name already exists.'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.find((c) => c.key === 'POST /api/leaves/types/')?.body).toEqual({
      name: 'Annual',
      yearly_days: 12,
      carry_over_max_days: 0,
      half_days_allowed: true,
      attachment_required_after_days: 2,
      counts_against_balance: true,
      requires_hr_confirmation: true,
      is_active: true,
    });
  });

  it('edits a type with its current values and sends them back changed', async () => {
    const api = renderSettings({
      'PUT /api/leaves/types/1/': () => ({ status: 200, body: { ...annual, yearly_days: 22 } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Annual leave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Annual leave' });
    const days = within(dialog).getByRole('textbox', { name: 'Days a year' });
    expect(days).toHaveValue('21');
    await userEvent.clear(days);
    await userEvent.type(days, '22');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Leave type saved.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'PUT /api/leaves/types/1/')?.body).toMatchObject({
      name: 'Annual',
      yearly_days: 22,
      carry_over_max_days: 5,
    });
  });
});

describe('public holidays', () => {
  it('adds one and deletes one after a confirmation', async () => {
    const api = renderSettings({
      'POST /api/leaves/holidays/': () => ({ status: 201, body: { id: 6, date: '2026-12-25', name: 'Winter' } }),
      // The fake cannot answer 204 (a Response with a body); an empty 200 stands for it.
      'DELETE /api/leaves/holidays/5/': () => ({ status: 200 }),
    });
    const table = await screen.findByRole('table', { name: 'Public holidays' });
    expect(await within(table).findByText('National Day')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add holiday' }));
    expect(await screen.findByText('Name the holiday.')).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByLabelText('Date'), '2026-12-25');
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Winter');
    await userEvent.click(screen.getByRole('button', { name: 'Add holiday' }));
    expect(await screen.findByText('Holiday added.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'POST /api/leaves/holidays/')?.body).toEqual({
      date: '2026-12-25',
      name: 'Winter',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Delete National Day' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete National Day?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Holiday deleted.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.key === 'DELETE /api/leaves/holidays/5/')).toBe(true);
  });
});

describe('working week', () => {
  it('sends the ticked weekend days and the warning share as a fraction', async () => {
    const api = renderSettings({
      'PUT /api/leaves/settings/': () => ({
        status: 200,
        body: { weekend_days: [0, 6], coverage_warning_share: 0.25 },
      }),
    });
    const weekend = await screen.findByRole('group', { name: 'Weekend days' });
    expect(within(weekend).getByRole('checkbox', { name: 'Friday' })).toBeChecked();
    expect(within(weekend).getByRole('checkbox', { name: 'Saturday' })).toBeChecked();
    expect(within(weekend).getByRole('checkbox', { name: 'Sunday' })).not.toBeChecked();
    await userEvent.click(within(weekend).getByRole('checkbox', { name: 'Friday' }));
    await userEvent.click(within(weekend).getByRole('checkbox', { name: 'Sunday' }));
    const share = screen.getByRole('textbox', { name: 'Coverage warning (%)' });
    expect(share).toHaveValue('30');

    // Out of range: the contract's words under the field, nothing sent.
    await userEvent.clear(share);
    await userEvent.type(share, '150');
    await userEvent.click(screen.getByRole('button', { name: 'Save working week' }));
    expect(await screen.findByText('At most 100 %.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.key === 'PUT /api/leaves/settings/')).toBe(false);

    await userEvent.clear(share);
    await userEvent.type(share, '25');
    await userEvent.click(screen.getByRole('button', { name: 'Save working week' }));
    expect(await screen.findByText('Working week saved.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'PUT /api/leaves/settings/')?.body).toEqual({
      weekend_days: [0, 6],
      coverage_warning_share: 0.25,
    });
  });

  it('puts a server field error under the weekend days', async () => {
    renderSettings({
      'PUT /api/leaves/settings/': () => ({
        status: 400,
        body: { message: 'Invalid input.', extra: { fields: { weekend_days: ['Leave at least one working day.'] } } },
      }),
    });
    const weekend = await screen.findByRole('group', { name: 'Weekend days' });
    await userEvent.click(within(weekend).getByRole('checkbox', { name: 'Monday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save working week' }));
    expect(await within(weekend).findByText('Leave at least one working day.')).toBeInTheDocument();
  });
});
