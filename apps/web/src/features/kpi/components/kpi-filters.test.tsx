import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { renderApp } from '../../../test/render-app';
import { KpiFilterBar, teamChoices, type KpiFilters } from './kpi-filters';

const FILTERS: KpiFilters = { period: 'monthly', start: '2026-11-01', department: '', team: '', q: '' };

afterEach(() => changeLanguage('en'));

describe('the KPI filters', () => {
  it('name departments and teams in Arabic on Arabic pages, and filter by their codes and English names', async () => {
    await changeLanguage('ar');
    const onChange = vi.fn();
    const user = userEvent.setup();
    const teams = teamChoices(
      [
        { team: 'Legal', team_ar: 'القانوني' },
        { team: 'Medical', team_ar: null },
        { team: 'Legal', team_ar: 'القانوني' },
      ],
      'ar',
    );
    renderApp(<KpiFilterBar filters={FILTERS} onChange={onChange} teams={teams} />, { user: null });

    await user.click(screen.getByRole('combobox', { name: 'القسم' }));
    const departments = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(departments.map((o) => o.textContent)).toContain('الموارد البشرية');
    expect(departments.map((o) => o.textContent)).not.toContain('HR');
    await user.click(screen.getByRole('option', { name: 'الموارد البشرية' }));
    expect(onChange).toHaveBeenLastCalledWith({ department: 'HR', team: '' });

    await user.click(screen.getByRole('combobox', { name: 'الفريق' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.slice(1).map((o) => o.textContent)).toEqual(['القانوني', 'Medical']);
    await user.click(screen.getByRole('option', { name: 'القانوني' }));
    expect(onChange).toHaveBeenLastCalledWith({ team: 'Legal' });
  });
});
