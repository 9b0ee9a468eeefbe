import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STAFF_DEPARTMENTS } from '@portal/contracts';
import { describe, expect, it, vi } from 'vitest';
import { AnnouncementForm } from './announcement-form';
import { renderApp } from '../../../test/render-app';

const renderForm = (props: Parameters<typeof AnnouncementForm>[0] = {}) =>
  renderApp(<AnnouncementForm {...props} />, { user: null });

const chosen = () =>
  screen
    .getByRole('combobox', { name: 'Who should see it' })
    .closest('.MuiAutocomplete-root')!
    .querySelectorAll('.MuiChip-label');

describe('the announcement form', () => {
  it('picks all staff, or a group with its departments, in one click; never INTERPRETER or GUEST', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'All staff' }));
    expect([...chosen()].map((c) => c.textContent)).toEqual([...STAFF_DEPARTMENTS]);
    await userEvent.click(screen.getByRole('combobox', { name: 'Who should see it' }));
    const list = await screen.findByRole('listbox');
    expect(within(list).queryByRole('option', { name: 'INTERPRETER' })).toBeNull();
    expect(within(list).queryByRole('option', { name: 'GUEST' })).toBeNull();
  });

  it('adds a group’s departments without repeating those already chosen', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'G.AD and its departments' }));
    expect([...chosen()].map((c) => c.textContent).sort()).toEqual(['FINANCE', 'G.AD', 'HR', 'RECRUITMENT']);
    await userEvent.click(screen.getByRole('button', { name: 'G.AD and its departments' }));
    expect(chosen()).toHaveLength(4);
  });

  it('tells its owner when a message is typed, and offers Cancel', async () => {
    const onDirtyChange = vi.fn();
    const onCancel = vi.fn();
    renderForm({ onDirtyChange, onCancel });
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Payroll closes Friday');
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
