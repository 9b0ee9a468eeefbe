import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { renderApp } from '../../../test/render-app';
import { CalendarToolbar } from './calendar-toolbar';

afterEach(() => changeLanguage('en'));

describe('the team calendar’s department filter', () => {
  it('names departments in Arabic on Arabic pages and chooses by code', async () => {
    await changeLanguage('ar');
    const onDepartment = vi.fn();
    const user = userEvent.setup();
    renderApp(
      <CalendarToolbar
        month="2026-11"
        department={undefined}
        departments={['HR', 'G.SDM']}
        onMonth={vi.fn()}
        onToday={vi.fn()}
        onDepartment={onDepartment}
        onExport={vi.fn()}
        canExport
      />,
      { user: null },
    );
    await user.click(screen.getByRole('combobox', { name: 'القسم' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['كل أقسامي', 'الموارد البشرية', 'مجموعة G.SDM']);
    await user.click(screen.getByRole('option', { name: 'مجموعة G.SDM' }));
    expect(onDepartment).toHaveBeenLastCalledWith('G.SDM');
  });
});
