import type { TEventLog } from '@portal/contracts';
import { screen, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { formatCalendarDate, formatNumber } from '../../../lib/format';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { renderApp } from '../../../test/render-app';
import { EventLogTable } from './event-log-table';

const row = (id: number, action: string, target_type = 'user', target_id = '4'): TEventLog => ({
  id,
  at: '2026-11-20T10:00:00.000Z',
  actor_id: 1,
  actor_username: 'admin',
  action,
  target_type,
  target_id,
  ip: '127.0.0.1',
  user_agent: 'probe/1.0',
  details: {},
});

const rows = [row(1, 'auth.login'), row(2, 'auth.hologram_scanned', 'hologram', '9')];

const cells = (n: number) =>
  within(screen.getAllByRole('row')[n]!)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('EventLogTable', () => {
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    await changeLanguage('en');
  });

  it('names the action and the record type, the raw code kept under the label', () => {
    renderApp(<EventLogTable rows={rows} />, { wide: true });
    const [, , action, target] = cells(1);
    expect(action).toBe('Signed inauth.login');
    expect(target).toBe('User #4');
    // Unknown ones (a newer server's) are shown as written, once.
    expect(cells(2).slice(2, 4)).toEqual(['auth.hologram_scanned', 'hologram #9']);
  });

  it('shows details as labelled fields in the reader’s language, ids as names, never as JSON', async () => {
    await changeLanguage('ar');
    const submitted: TEventLog = {
      ...row(3, 'leave.submitted', 'leave', '12'),
      details: {
        user: 4,
        leave_type: 1,
        start_date: '2026-12-07',
        end_date: '2026-12-10',
        half_day: 'first',
        days: 4,
        attachments: 0,
        // A field of an older server's, which the catalogue does not know: labelled by its name.
        channel: 'kiosk',
      },
    };
    const names = {
      'leave:12': { name: 'Hala Rashed', code: null },
      'user:4': { name: 'Hala Rashed', code: null },
      'leave_type:1': { name: 'Annual leave', code: 'annual' },
    };
    const assigned: TEventLog = { ...row(4, 'ticket.assigned', 'ticket', '7'), details: { from: null, to: 9 } };
    renderApp(<EventLogTable rows={[submitted, assigned]} names={names} />, { wide: true });
    const [, , , target, , details] = cells(1);
    // The record by its name, its type and number under it.
    expect(target).toBe('Hala Rashedإجازة #12');
    const pairs = [...screen.getAllByRole('row')[1]!.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(pairs).toEqual([
      ['الشخص', 'Hala Rashed'],
      ['نوع الإجازة', 'إجازة سنوية'],
      ['أول يوم', formatCalendarDate('2026-12-07', 'date')],
      ['آخر يوم', formatCalendarDate('2026-12-10', 'date')],
      ['نصف يوم', 'النصف الأول'],
      ['الأيام', formatNumber(4)],
      ['المرفقات', formatNumber(0)],
      ['channel', 'kiosk'],
    ]);
    expect(details).not.toMatch(/[{}"]/);
    // Nobody before, a person gone since by number; a record without a name by its type and number.
    const [, , , ticket, , change] = cells(2);
    expect(ticket).toBe('تذكرة #7');
    expect(change).toBe('من—إلى#9');
  });

  it('in Arabic too', async () => {
    await changeLanguage('ar');
    renderApp(<EventLogTable rows={rows} />, { wide: true });
    const [, , action, target] = cells(1);
    expect(action).toBe('تسجيل الدخولauth.login');
    expect(target).toBe('مستخدم #4');
    expect(cells(2)[2]).toBe('auth.hologram_scanned');
  });
});
