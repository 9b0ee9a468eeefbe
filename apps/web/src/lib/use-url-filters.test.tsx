import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderAppHook } from '../test/render-app';
import { urlField, useTypedFilter, useUrlFilters, useUrlTab } from './use-url-filters';

/** The hook in the app at `url`; `location()` is the query string it has navigated to. */
function renderAt<T>(url: string, hook: () => T) {
  const app = renderAppHook(hook, { url });
  return {
    result: app.result,
    location: () => app.location().search,
    navigation: () => app.router.state.historyAction,
  };
}

const ZFilters = z.object({
  status: urlField.oneOf(['open', 'closed']),
  search: urlField.text(5),
  sort: z.enum(['name', 'date']).catch('date'),
  online: urlField.flag(),
  day: urlField.isoDate(),
  page: urlField.page(),
});
const OPTIONS = { keys: { search: 'q', online: 'on' }, page: 'page' } as const;

describe('useUrlFilters', () => {
  it('reads the fields under their URL names, falling back on what it cannot read', () => {
    const good = renderAt('/list?status=open&q=printer&sort=name&on=1&day=2026-03-01&page=3', () =>
      useUrlFilters(ZFilters, OPTIONS),
    );
    expect(good.result.current[0]).toEqual({
      status: 'open',
      search: 'print',
      sort: 'name',
      online: true,
      day: '2026-03-01',
      page: 3,
    });
    const bad = renderAt('/list?status=lost&search=x&sort=size&on=yes&day=1%20March&page=-1', () =>
      useUrlFilters(ZFilters, OPTIONS),
    );
    // `search` is not the field's URL name (`q` is), so it is not read.
    expect(bad.result.current[0]).toEqual({
      status: undefined,
      search: '',
      sort: 'date',
      online: false,
      day: undefined,
      page: 1,
    });
  });

  it('writes what a change names, keeps defaults and empty values out, and replaces the history entry', () => {
    const { result, location, navigation } = renderAt('/list?other=kept', () => useUrlFilters(ZFilters, OPTIONS));
    act(() => result.current[1]({ status: 'closed', search: 'vpn', online: true, sort: 'name' }));
    expect(location()).toBe('?other=kept&status=closed&q=vpn&on=1&sort=name');
    expect(navigation()).toBe('REPLACE');
    expect(result.current[0]).toMatchObject({ status: 'closed', search: 'vpn', online: true, sort: 'name' });
    act(() => result.current[1]({ status: undefined, search: '', online: false, sort: 'date' }));
    expect(location()).toBe('?other=kept');
  });

  it('goes back to the first page when anything but the page changes', () => {
    const { result, location } = renderAt('/list?page=4&status=open', () => useUrlFilters(ZFilters, OPTIONS));
    act(() => result.current[1]({ page: 5 }));
    expect(location()).toBe('?page=5&status=open');
    act(() => result.current[1]({ status: 'closed' }));
    expect(location()).toBe('?status=closed');
    act(() => result.current[1]({ page: 2 }));
    act(() => result.current[1]({ page: 1 }));
    expect(location()).toBe('?status=closed');
  });
});

describe('useUrlTab', () => {
  it('shows the asked tab when it is one of the allowed, else the first, which stays out of the URL', () => {
    const allowed = renderAt('/list?tab=missing&q=a', () => useUrlTab(['scores', 'missing']));
    expect(allowed.result.current[0]).toBe('missing');
    const refused = renderAt('/list?tab=definitions', () => useUrlTab(['scores', 'missing']));
    expect(refused.result.current[0]).toBe('scores');

    act(() => allowed.result.current[1]('scores'));
    expect(allowed.location()).toBe('?q=a');
    act(() => allowed.result.current[1]('missing'));
    expect(allowed.location()).toBe('?q=a&tab=missing');
  });
});

describe('useTypedFilter', () => {
  it('commits the trimmed text once typing pauses, and only new typing', async () => {
    const commits: string[] = [];
    const { result } = renderAt('/list', () => {
      const [filters, update] = useUrlFilters(ZFilters, OPTIONS);
      const typed = useTypedFilter(
        filters.search,
        (text) => {
          commits.push(text);
          update({ search: text });
        },
        20,
      );
      return { filters, typed, update };
    });
    expect(result.current.typed[0]).toBe('');
    act(() => result.current.typed[1]('  lab '));
    expect(result.current.typed[0]).toBe('  lab ');
    await waitFor(() => expect(result.current.filters.search).toBe('lab'));
    expect(commits).toEqual(['lab']);

    // Cleared elsewhere (a "clear filters" button): the typed text is not written back.
    act(() => result.current.update({ search: '' }));
    expect(result.current.filters.search).toBe('');
    act(() => result.current.typed[1]('lab2'));
    await waitFor(() => expect(result.current.filters.search).toBe('lab2'));
    expect(commits).toEqual(['lab', 'lab2']);
  });
});
