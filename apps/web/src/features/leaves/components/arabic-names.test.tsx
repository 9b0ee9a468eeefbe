import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { THoliday, TLeaveType } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { fakeApi, makeUser } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { LeaveSettingsPage } from '../pages/leave-settings-page';
import { makeLeaveType } from '../test-data';

vi.mock('../../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
}));

const year = new Date().getFullYear();
const hajj: TLeaveType = makeLeaveType({ id: 8, code: null, name: 'Hajj leave', name_ar: 'إجازة الحج' });
const study: TLeaveType = makeLeaveType({ id: 9, code: null, name: 'Study leave', name_ar: null });
const holidays: THoliday[] = [
  { id: 5, date: `${year}-07-16`, name: 'Islamic New Year', name_ar: 'رأس السنة الهجرية' },
  { id: 6, date: `${year}-12-02`, name: 'Founders Day', name_ar: null },
];

const renderSettings = (extra: Parameters<typeof fakeApi>[0] = {}) =>
  renderApp(<LeaveSettingsPage />, {
    url: '/user/leaves/settings',
    wide: true,
    user: makeUser('HR', { id: 7 }),
    api: {
      'GET /api/leaves/types/': () => ({ status: 200, body: [hajj, study] }),
      'GET /api/leaves/holidays/': () => ({ status: 200, body: holidays }),
      'GET /api/leaves/settings/': () => ({ status: 200, body: { weekend_days: [5, 6], coverage_warning_share: 0.3 } }),
      ...extra,
    },
  }).api;

afterEach(async () => {
  await changeLanguage('en');
  vi.restoreAllMocks();
});

describe('leave types and holidays named in both languages', () => {
  it('shows the Arabic names on an Arabic page and the English one where there is none', async () => {
    await changeLanguage('ar');
    renderSettings();
    const types = await screen.findByRole('table', { name: 'أنواع الإجازات' });
    expect(await within(types).findByText('إجازة الحج')).toBeInTheDocument();
    expect(within(types).queryByText('Hajj leave')).not.toBeInTheDocument();
    expect(within(types).getByText('Study leave')).toBeInTheDocument();
    const days = await screen.findByRole('table', { name: 'العطل الرسمية' });
    expect(await within(days).findByText('رأس السنة الهجرية')).toBeInTheDocument();
    expect(within(days).queryByText('Islamic New Year')).not.toBeInTheDocument();
    expect(within(days).getByText('Founders Day')).toBeInTheDocument();
  });

  it('shows the English names on an English page', async () => {
    renderSettings();
    const types = await screen.findByRole('table', { name: 'Leave types' });
    expect(await within(types).findByText('Hajj leave')).toBeInTheDocument();
    expect(within(types).queryByText('إجازة الحج')).not.toBeInTheDocument();
    const days = await screen.findByRole('table', { name: 'Public holidays' });
    expect(await within(days).findByText('Islamic New Year')).toBeInTheDocument();
  });

  it('sends the Arabic name a holiday is given, typed right to left', async () => {
    const api = renderSettings({
      'POST /api/leaves/holidays/': () => ({
        status: 201,
        body: { id: 7, date: `${year}-04-10`, name: 'Eid al-Fitr', name_ar: 'عيد الفطر' },
      }),
    });
    const arabic = await screen.findByRole('textbox', { name: 'Arabic name' });
    expect(arabic).toHaveAttribute('dir', 'rtl');
    await userEvent.type(screen.getByLabelText('Date'), `${year}-04-10`);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Eid al-Fitr');
    await userEvent.type(arabic, 'عيد الفطر');
    await userEvent.click(screen.getByRole('button', { name: 'Add holiday' }));
    await vi.waitFor(() => expect(api.calls.some((c) => c.key === 'POST /api/leaves/holidays/')).toBe(true));
    const sent = api.calls.find((c) => c.key === 'POST /api/leaves/holidays/');
    expect(sent?.body).toMatchObject({ name: 'Eid al-Fitr', name_ar: 'عيد الفطر' });
  });
});
