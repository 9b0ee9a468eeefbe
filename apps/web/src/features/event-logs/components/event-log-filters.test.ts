import { describe, expect, it } from 'vitest';
import { draftFromParams, EMPTY_FILTER, filterProblems, paramsFromDraft, toQuery } from './event-log-filters';

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

  it('round-trip through the URL, leaving empty ones out', () => {
    const draft = { ...EMPTY_FILTER, actor: 'hr', action: 'auth.login', from: '2026-11-19T10:00' };
    const params = paramsFromDraft(draft);
    expect(params.toString()).toBe('actor=hr&action=auth.login&from=2026-11-19T10%3A00');
    expect(draftFromParams(params)).toEqual(draft);
    expect(toQuery(draftFromParams(new URLSearchParams('target_id=7&bogus=1')))).toEqual({ target_id: '7' });
  });
});
