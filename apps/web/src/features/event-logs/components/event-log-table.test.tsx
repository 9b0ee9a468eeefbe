import type { TEventLog } from '@portal/contracts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { fakeMediaQueryList } from '../../../test/media';
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

const rows = [row(1, 'auth.login'), row(2, 'auth.passkey_added', 'passkey', '9')];

/** The wide table: jsdom has no layout, so the media query is answered here. */
function wide() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

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
    wide();
    render(<EventLogTable rows={rows} />, { wrapper: MemoryRouter });
    const [, , action, target] = cells(1);
    expect(action).toBe('Signed inauth.login');
    expect(target).toBe('User #4');
    // Unknown ones (a newer server's) are shown as written, once.
    expect(cells(2).slice(2, 4)).toEqual(['auth.passkey_added', 'passkey #9']);
  });

  it('in Arabic too', async () => {
    wide();
    await changeLanguage('ar');
    render(<EventLogTable rows={rows} />, { wrapper: MemoryRouter });
    const [, , action, target] = cells(1);
    expect(action).toBe('تسجيل الدخولauth.login');
    expect(target).toBe('مستخدم #4');
    expect(cells(2)[2]).toBe('auth.passkey_added');
  });
});
