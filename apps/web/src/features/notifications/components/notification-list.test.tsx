import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TNotification } from '@portal/contracts';
import { describe, expect, it, vi } from 'vitest';
import { NotificationList } from './notification-list';

const item = (id: number, message: string, is_read: boolean): TNotification => ({
  id,
  message,
  url: '/user',
  timestamp: '2026-11-27T09:30:00Z',
  is_read,
  notification_level: ['HR'],
});

describe('the notification list', () => {
  it('says "Unread" in words for unread cards (not colour alone), and names each card with its time', async () => {
    const onOpen = vi.fn();
    const items = [item(1, 'Fire drill at 11:00', false), item(2, 'Payroll closes Thursday', true)];
    render(<NotificationList items={items} hasMore={false} loading={false} onLoadMore={vi.fn()} onOpen={onOpen} />);
    const unread = screen.getByRole('button', { name: /^Unread: Fire drill at 11:00 .*9:30/ });
    expect(screen.getByRole('button', { name: /^Payroll closes Thursday .*9:30/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Unread: Payroll/ })).toBeNull();
    await userEvent.click(unread);
    expect(onOpen).toHaveBeenCalledWith(items[0]);
  });
});
