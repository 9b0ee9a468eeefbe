import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TKpiDefinition } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { makeUser } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { KpiPage } from './kpi-page';

vi.mock('../../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
  playRequesterReplySound: vi.fn(),
}));

const definition = (id: number, name: string, name_ar: string | null): TKpiDefinition => ({
  id,
  name,
  name_ar,
  description: '',
  unit: 'percent',
  direction: 'higher',
  target: 90,
  weight: 1,
  period: 'monthly',
  applies_to: ['INTERPRETER'],
  is_active: true,
  updated_at: '2026-11-01T08:00:00.000Z',
});
const quality = definition(1, 'Quality score', 'درجة الجودة');
const upsell = definition(2, 'Upsell rate', null);

const renderDefinitions = () =>
  renderApp([{ path: '/kpi', element: <KpiPage /> }], {
    url: '/kpi?tab=definitions',
    wide: true,
    user: makeUser('QUALITY', { username: 'quality' }),
    api: {
      'GET /api/kpi/definitions/': () => ({ status: 200, body: [quality, upsell] }),
      'PUT /api/kpi/definitions/1/': () => ({ status: 200, body: quality }),
    },
  });

afterEach(async () => {
  await changeLanguage('en');
});

describe('KPI names in both languages', () => {
  it('an Arabic page shows the Arabic name and the English one where there is none', async () => {
    await changeLanguage('ar');
    renderDefinitions();
    const table = await screen.findByRole('table', { name: 'تعريفات مؤشرات الأداء' });
    expect(await within(table).findByText('درجة الجودة')).toBeInTheDocument();
    expect(within(table).queryByText('Quality score')).not.toBeInTheDocument();
    expect(within(table).getByText('Upsell rate')).toBeInTheDocument();
  });

  it('an English page shows the English name; the edit form holds the Arabic one, right to left', async () => {
    const { api } = renderDefinitions();
    const table = await screen.findByRole('table', { name: 'KPI definitions' });
    expect(await within(table).findByText('Quality score')).toBeInTheDocument();
    expect(within(table).queryByText('درجة الجودة')).not.toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Edit Quality score' }));
    const dialog = await screen.findByRole('dialog');
    const arabic = within(dialog).getByRole('textbox', { name: 'Arabic name' });
    expect(arabic).toHaveValue('درجة الجودة');
    expect(arabic).toHaveAttribute('dir', 'rtl');
    await userEvent.clear(arabic);
    await userEvent.type(arabic, 'جودة المكالمات');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(api.calls.some((c) => c.key === 'PUT /api/kpi/definitions/1/')).toBe(true));
    expect(api.calls.find((c) => c.key === 'PUT /api/kpi/definitions/1/')?.body).toMatchObject({
      name: 'Quality score',
      name_ar: 'جودة المكالمات',
    });
  });
});
