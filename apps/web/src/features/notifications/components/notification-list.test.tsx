import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TNotification } from '@portal/contracts';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { formatCalendarDate, formatNumber } from '../../../lib/format';
import { NotificationList } from './notification-list';

const item = (id: number, message: string, is_read: boolean): TNotification => ({
  id,
  message,
  url: '/user',
  timestamp: '2026-11-27T09:30:00Z',
  is_read,
  notification_level: ['HR'],
  kind: 'announcement',
  params: { text: message },
});

const leaveRequest: TNotification = {
  id: 3,
  message: 'Hala Rashed asks for Annual leave: 7 Dec 2026 to 10 Dec 2026 (4 days).',
  url: '/leaves/9',
  timestamp: '2026-11-27T09:30:00Z',
  is_read: false,
  notification_level: [],
  kind: 'leaveRequested',
  params: {
    name: 'Hala Rashed',
    leaveType: { name: 'Annual leave', code: 'annual' },
    dates: { from: '2026-12-07', to: '2026-12-10' },
    count: 4,
  },
};

const list = (items: TNotification[]) =>
  render(<NotificationList items={items} hasMore={false} loading={false} onLoadMore={vi.fn()} onOpen={vi.fn()} />);

describe('the notification list', () => {
  afterAll(async () => {
    await changeLanguage('en');
  });

  it('says "Unread" in words for unread cards (not colour alone), and names each card with its time', async () => {
    const onOpen = vi.fn();
    const items = [item(1, 'Fire drill at 11:00', false), item(2, 'Payroll closes Thursday', true)];
    render(<NotificationList items={items} hasMore={false} loading={false} onLoadMore={vi.fn()} onOpen={onOpen} />);
    const unread = screen.getByRole('button', { name: /^Unread: Fire drill at 11:00 .*9:30/ });
    expect(screen.getByRole('button', { name: /^Payroll closes Thursday .*9:30/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Unread: Payroll/ })).toBeNull();
    // The bell's times in the portal's one family of dates (as tables say them), never "11/27/26".
    for (const time of document.querySelectorAll('time'))
      expect(time.textContent).toMatch(/^Nov 27, 2026, \d{1,2}:30\s[AP]M$/);
    await userEvent.click(unread);
    expect(onOpen).toHaveBeenCalledWith(items[0]);
  });

  it('says each notification by its kind in the reader’s language, with the language’s dates and numbers', async () => {
    await changeLanguage('ar');
    list([leaveRequest]);
    const from = formatCalendarDate('2026-12-07', 'date');
    const to = formatCalendarDate('2026-12-10', 'date');
    // Arabic month names (the dates follow the reader's language, not the server's English).
    expect(from).toMatch(/ديسمبر/);
    const card = screen.getByRole('button', { name: /^غير مقروء/ });
    expect(card).toHaveTextContent(`يطلب Hala Rashed إجازة سنوية: من ${from} إلى ${to} (${formatNumber(4)} أيام).`);
    // Nothing of the English sentence is left but the person's name.
    expect(card.textContent!.replace('Hala Rashed', '')).not.toMatch(/[A-Za-z]{2,}/);
    // Each value is isolated from the sentence around it (names keep their order in RTL).
    expect([...card.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual(
      expect.arrayContaining(['Hala Rashed', 'إجازة سنوية', `من ${from} إلى ${to}`, formatNumber(4)]),
    );
  });

  it('reads a kind it does not know (a newer server’s) as the server’s English message', async () => {
    await changeLanguage('ar');
    list([{ ...leaveRequest, kind: 'somethingNewer', params: {}, message: 'Something newer happened.' }]);
    expect(screen.getByRole('button', { name: /Something newer happened\./ })).toBeInTheDocument();
  });

  it('in English, plural by the count and comment when there is one', async () => {
    await changeLanguage('en');
    list([
      {
        ...leaveRequest,
        params: { ...leaveRequest.params, dates: { from: '2026-12-07', to: '2026-12-07' }, count: 1 },
      },
      {
        ...leaveRequest,
        id: 4,
        kind: 'leaveRejected',
        params: {
          name: 'Maha Hamdi',
          leaveType: { name: 'Study days', code: null },
          dates: { from: '2026-12-07', to: '2026-12-07' },
          comment: 'Not that week.',
        },
      },
    ]);
    const day = formatCalendarDate('2026-12-07', 'date');
    expect(
      screen.getByText(
        (_, el) =>
          el?.tagName === 'P' && el.textContent === `Unread: Hala Rashed asks for Annual leave: ${day} (1 day).`,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        (_, el) =>
          el?.tagName === 'P' &&
          el.textContent === `Unread: Your Study days (${day}) was rejected by Maha Hamdi: Not that week.`,
      ),
    ).toBeInTheDocument();
  });

  it('names HR’s leave types and KPIs in the reader’s language, and older English-only ones as stored', async () => {
    await changeLanguage('ar');
    const studyDays = { name: 'Study days', code: null, name_ar: 'أيام الدراسة' };
    const period = { period: 'monthly', start: '2026-11-01' };
    list([
      { ...leaveRequest, params: { ...leaveRequest.params, leaveType: studyDays } },
      {
        ...leaveRequest,
        id: 4,
        url: '/kpi',
        kind: 'kpiDue',
        params: {
          name: 'Sara Ali',
          period,
          kpis: [
            { name: 'Handle time', name_ar: 'مدة المعالجة' },
            { name: 'Quality', name_ar: null },
          ],
        },
      },
      // Stored before the Arabic names: the leave type without one, the KPI as a plain string.
      {
        ...leaveRequest,
        id: 5,
        params: { ...leaveRequest.params, leaveType: { name: 'Study days', code: null } },
      },
      { ...leaveRequest, id: 6, url: '/kpi', kind: 'kpiDue', params: { name: 'Sara Ali', period, kpis: ['Quality'] } },
    ]);
    const cards = screen.getAllByRole('button', { name: /^غير مقروء/ });
    expect(cards).toHaveLength(4);
    const bdis = (i: number) => [...cards[i]!.querySelectorAll('bdi')].map((b) => b.textContent);
    expect(bdis(0)).toContain('أيام الدراسة');
    expect(cards[0]).not.toHaveTextContent('Study days');
    expect(bdis(1).some((text) => text!.includes('مدة المعالجة'))).toBe(true);
    expect(cards[1]).not.toHaveTextContent('Handle time');
    // A KPI with no Arabic name keeps its English one.
    expect(cards[1]).toHaveTextContent('Quality');
    expect(bdis(2)).toContain('Study days');
    expect(bdis(3)).toContain('Quality');
  });
});
