import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { overdueMinutes } from '../ticket-format';
import { useDeskFilters } from './use-desk-filters';

/** The hook inside a real router at `url`; `location()` reads where it has navigated. */
function renderFilters(url: string) {
  let search = '';
  const Probe = () => {
    search = useLocation().search;
    return null;
  };
  const wrapper = ({ children }: { children: ReactNode }) => {
    const router = createMemoryRouter(
      [
        {
          path: '/dashboard',
          element: (
            <>
              {children}
              <Probe />
            </>
          ),
        },
      ],
      { initialEntries: [url] },
    );
    return <RouterProvider router={router} />;
  };
  const hook = renderHook(() => useDeskFilters(), { wrapper });
  return { hook, location: () => search };
}

describe('desk filters in the URL', () => {
  it('reads valid values and ignores unknown or hostile ones', () => {
    const { hook } = renderFilters(
      '/dashboard?status=open&priority=urgent&department=IT&search=vpn&tab=history&page=3&period=7&sort=due&dir=desc',
    );
    expect(hook.result.current[0]).toEqual({
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
    const bad = renderFilters(
      '/dashboard?status=closed&priority=meh&department=NOPE&tab=x&page=-2&period=45&sort=id&dir=up',
    );
    // The desk's default order: priority (urgent first, then the longest waiting).
    expect(bad.hook.result.current[0]).toEqual({ tab: 'queue', search: '', page: 1, period: 30, sort: 'priority' });
  });

  it('writes changes, drops defaults, and goes back to page 1 when what is listed changes', () => {
    const { hook, location } = renderFilters('/dashboard?tab=history&page=4');
    act(() => hook.result.current[1]({ priority: 'high' }));
    expect(location()).toBe('?tab=history&priority=high');
    act(() => hook.result.current[1]({ page: 2 }));
    expect(new URLSearchParams(location()).get('page')).toBe('2');
    act(() => hook.result.current[1]({ tab: 'queue', priority: undefined }));
    expect(location()).toBe('');
    act(() => hook.result.current[1]({ sort: 'subject', dir: 'desc' }));
    expect(location()).toBe('?sort=subject&dir=desc');
    act(() => hook.result.current[1]({ sort: 'priority', dir: undefined }));
    expect(location()).toBe('');
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
