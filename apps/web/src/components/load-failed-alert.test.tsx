import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { changeLanguage } from '../lib/i18n/i18n';
import { LoadFailedAlert } from './load-failed-alert';

const unreachable = { status: 503, data: { message: 'The database is not reachable.' } } as const;

describe('LoadFailedAlert', () => {
  afterAll(async () => {
    await changeLanguage('en');
  });

  it('says what failed and why, and Retry asks again', async () => {
    const onRetry = vi.fn();
    render(<LoadFailedAlert title="The accounts could not be loaded." error={unreachable} onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The accounts could not be loaded. The database is not reachable.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows nothing while there is no error', () => {
    const { container } = render(<LoadFailedAlert title="x" error={undefined} onRetry={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('speaks Arabic with the rest of the page', async () => {
    await changeLanguage('ar');
    render(
      <LoadFailedAlert title="تعذر التحميل." error={{ status: 'FETCH_ERROR', error: 'TypeError' }} onRetry={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: i18n.t('errors.retry') })).toBeInTheDocument();
    expect(i18n.t('errors.retry')).not.toBe('Retry');
    expect(screen.getByRole('alert').textContent).not.toMatch(/[A-Za-z]{3}/);
  });
});
