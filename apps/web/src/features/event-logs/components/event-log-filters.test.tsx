import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import {
  EMPTY_FILTER,
  EventLogFilters,
  filterProblems,
  toQuery,
  trimmedDraft,
  ZFilterDraft,
} from './event-log-filters';

describe('event-log filters', () => {
  it('refuse a "To" before "From" and a record id that is not a number, before any request', () => {
    expect(filterProblems({ ...EMPTY_FILTER, from: '2026-11-20T10:00', to: '2026-11-19T10:00' })).toEqual({
      to: 'toBeforeFrom',
    });
    expect(filterProblems({ ...EMPTY_FILTER, target_id: 'abc' })).toEqual({ target_id: 'notAnId' });
    expect(filterProblems({ ...EMPTY_FILTER, target_id: '0x35' })).toEqual({ target_id: 'notAnId' });
    expect(
      filterProblems({ ...EMPTY_FILTER, from: '2026-11-19T10:00', to: '2026-11-20T10:00', target_id: '42' }),
    ).toEqual({});
  });

  it('are read back from the URL, absent ones empty and unknown ones ignored', () => {
    const draft = { ...EMPTY_FILTER, actor: 'hr', action: 'auth.login', from: '2026-11-19T10:00' };
    const fromUrl = (query: string) => ZFilterDraft.parse(Object.fromEntries(new URLSearchParams(query)));
    expect(fromUrl('actor=hr&action=auth.login&from=2026-11-19T10%3A00')).toEqual(draft);
    expect(toQuery(fromUrl('target_id=7&bogus=1'))).toEqual({ target_id: '7' });
    expect(trimmedDraft({ ...draft, actor: ' hr ', target_type: '  ' })).toEqual(draft);
  });
});

describe('the action filter', () => {
  afterAll(async () => {
    await changeLanguage('en');
  });

  const choose = async (combobox: string, option: string) => {
    const onChange = vi.fn();
    render(<EventLogFilters value={EMPTY_FILTER} onChange={onChange} />);
    await userEvent.click(screen.getByRole('combobox', { name: combobox }));
    const list = await screen.findByRole('listbox');
    expect(within(list).queryByRole('option', { name: 'auth.login' })).toBeNull();
    await userEvent.click(within(list).getByRole('option', { name: option }));
    return onChange;
  };

  it('offers the actions by label and keeps the code as the value', async () => {
    const onChange = await choose('Action', 'Signed in');
    expect(onChange).toHaveBeenCalledWith({ ...EMPTY_FILTER, action: 'auth.login' });
  });

  it('in Arabic too', async () => {
    await changeLanguage('ar');
    const onChange = await choose('الإجراء', 'تسجيل الدخول');
    expect(onChange).toHaveBeenCalledWith({ ...EMPTY_FILTER, action: 'auth.login' });
  });
});
