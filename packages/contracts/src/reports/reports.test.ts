import { describe, expect, it } from 'vitest';
import { ZReportRequest } from './reports.js';

const base = { title: 'October coaching', type: 'coaching', period_from: '2026-10-01', period_to: '2026-10-31' };

describe('report requests', () => {
  it('take subjects as a JSON array, whether sent as JSON or as a multipart text part', () => {
    expect(ZReportRequest.parse({ ...base, subjects: ['interpreter01'] }).subjects).toEqual(['interpreter01']);
    const multipart = ZReportRequest.parse({ ...base, subjects: '["interpreter01","interpreter02"]', submit: 'true' });
    expect(multipart.subjects).toEqual(['interpreter01', 'interpreter02']);
    expect(multipart.submit).toBe(true);
    expect(multipart.body).toBe('');
  });

  it('refuse text that is not a list, an empty list and a period ending before it starts, on their fields', () => {
    const issues = (input: object) =>
      ZReportRequest.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
    expect(issues({ ...base, subjects: 'interpreter01' })).toEqual([
      ['subjects', 'Choose the people the report is about.'],
    ]);
    expect(issues({ ...base, subjects: [] })).toEqual([['subjects', 'Choose the people the report is about.']]);
    expect(issues({ ...base, subjects: ['a'], period_to: '2026-09-30' })).toEqual([
      ['period_to', 'The last day must not be before the first.'],
    ]);
    expect(issues({ ...base, subjects: ['a'], supersedes: '05' })).toEqual([
      ['supersedes', 'Choose the report this one replaces.'],
    ]);
  });
});
