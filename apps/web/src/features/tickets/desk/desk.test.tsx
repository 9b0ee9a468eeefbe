import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAppHook } from '../../../test/render-app';
import { overdueMinutes } from '../ticket-format';
import { useDeskFilters } from './use-desk-filters';

describe('desk filters in the URL', () => {
  it('reads valid values and ignores unknown or hostile ones', () => {
    const good = renderAppHook(useDeskFilters, {
      url: '/dashboard?status=open&priority=urgent&department=IT&search=vpn&tab=history&page=3&period=7&sort=due&dir=desc',
    });
    expect(good.result.current[0]).toEqual({
      tab: 'history',
      status: 'open',
      priority: 'urgent',
      department: 'IT',
      search: 'vpn',
      page: 3,
      period: 7,
      sort: 'due',
      dir: 'desc',
    });
    const bad = renderAppHook(useDeskFilters, {
      url: '/dashboard?status=closed&priority=meh&department=NOPE&tab=x&page=-2&period=45&sort=id&dir=up',
    });
    // The desk's default order: priority (urgent first, then the longest waiting).
    expect(bad.result.current[0]).toEqual({ tab: 'queue', search: '', page: 1, period: 30, sort: 'priority' });
  });

  it('writes changes, drops defaults, and goes back to page 1 when what is listed changes', () => {
    const { result, location } = renderAppHook(useDeskFilters, { url: '/dashboard?tab=history&page=4' });
    const search = () => location().search;
    act(() => result.current[1]({ priority: 'high' }));
    expect(search()).toBe('?tab=history&priority=high');
    act(() => result.current[1]({ page: 2 }));
    expect(new URLSearchParams(search()).get('page')).toBe('2');
    act(() => result.current[1]({ tab: 'queue', priority: undefined }));
    expect(search()).toBe('');
    act(() => result.current[1]({ sort: 'subject', dir: 'desc' }));
    expect(search()).toBe('?sort=subject&dir=desc');
    act(() => result.current[1]({ sort: 'priority', dir: undefined }));
    expect(search()).toBe('');
  });
});

describe('waiting flag', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('flags a ticket waiting longer than the threshold, with the minutes', () => {
    expect(overdueMinutes('2026-11-22T07:00:00Z', 240, now)).toBe(300);
    expect(overdueMinutes('2026-11-22T08:30:00Z', 240, now)).toBeNull();
    expect(overdueMinutes(null, 240, now)).toBeNull();
  });
});
