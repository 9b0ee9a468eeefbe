import { describe, expect, it } from 'vitest';
import { fillMessage, matchMessage, MESSAGE_TEMPLATES, type MessageKey } from './messages.js';

describe('message templates', () => {
  it('fill named placeholders with their values', () => {
    expect(fillMessage('leaveOverlapOwn', { from: '2026-03-02', to: '2026-03-04' })).toBe(
      'You already have leave from 2026-03-02 to 2026-03-04.',
    );
    expect(fillMessage('bulkRefused', { tickets: '#12, #15', reason: 'This ticket is closed; reopen it first.' })).toBe(
      '#12, #15: This ticket is closed; reopen it first.',
    );
  });

  it('say day or days by the count, fractions plural', () => {
    const short = (count: number) =>
      fillMessage('leaveBalanceShort', { count, type: 'Annual leave', year: 2026, days: 4 });
    expect(short(1)).toBe('Only 1 day of Annual leave left in 2026; this takes 4.');
    expect(short(0)).toBe('Only 0 days of Annual leave left in 2026; this takes 4.');
    expect(short(0.5)).toBe('Only 0.5 days of Annual leave left in 2026; this takes 4.');
    expect(short(2)).toBe('Only 2 days of Annual leave left in 2026; this takes 4.');
  });

  it('are recognised back with their values, counts as numbers', () => {
    expect(matchMessage('Sick leave already has leave from 2026-01-05 to 2026-01-06.')).toEqual({
      key: 'leaveOverlapOther',
      vars: { name: 'Sick leave', from: '2026-01-05', to: '2026-01-06' },
    });
    expect(matchMessage('Only 2.5 days of Annual leave left in 2027; this takes 3.')).toEqual({
      key: 'leaveBalanceShort',
      vars: { count: 2.5, type: 'Annual leave', year: '2027', days: '3' },
    });
    expect(matchMessage('Something else entirely.')).toBeUndefined();
  });

  it('tell loose templates from specific ones', () => {
    // "Attach a supporting document: …" has a colon but is not a field's problem.
    expect(matchMessage('Attach a supporting document: Sick leave longer than 2 days needs one.')?.key).toBe(
      'leaveDocumentRequired',
    );
    expect(matchMessage('subject: This field is required.')).toEqual({
      key: 'fieldProblem',
      vars: { field: 'subject', reason: 'This field is required.' },
    });
    expect(matchMessage('#3: Ticket not found.')?.key).toBe('bulkRefused');
  });

  it('every template round-trips through fill and match', () => {
    for (const name of Object.keys(MESSAGE_TEMPLATES)) {
      const key = name.replace(/_(one|other)$/, '') as MessageKey;
      const count = name.endsWith('_one') ? 1 : 7;
      const vars = { count, type: 'Annual leave', from: '2026-01-01', to: '2026-01-02', name: 'Sara Ali' };
      const sample = { ...vars, year: '2026', days: '3', tickets: '#4, #9', reason: 'Ticket not found.' };
      const all = { ...sample, shortcut: 'thanks', used: '9.5 MiB', quota: '10 MiB', incoming: '1 MiB', field: 'body' };
      const text = fillMessage(key, all as never);
      expect(text, name).not.toMatch(/\{\{/);
      const back = matchMessage(text);
      expect(back?.key, name).toBe(key);
      for (const [p, v] of Object.entries(back!.vars))
        expect(v, `${name} ${p}`).toEqual(p === 'count' ? count : String(all[p as keyof typeof all]));
    }
  });
});
