import { describe, expect, it } from 'vitest';
import {
  LEAVE_DATE_WINDOW_YEARS,
  MAX_LEAVE_SPAN_DAYS,
  spanDays,
  withinLeaveWindow,
  ZBulkLeaveDecisionRequest,
  ZCreateLeaveRequest,
  ZLeaveCancelRequest,
  ZLeaveDecisionRequest,
  ZLeaveTypeRequest,
} from './leaves.js';

/** Largest value of a `numeric(5, 1)` column: what a leave's working days are stored in. */
const NUMERIC_5_1_MAX = 9999.9;

const today = new Date().toISOString().slice(0, 10);
const shift = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const ask = (start_date: string, end_date: string) => ({ leave_type: 1, start_date, end_date });

function fieldsOf(body: unknown): Record<string, string[]> {
  const r = ZCreateLeaveRequest.safeParse(body);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of r.error.issues) (out[String(issue.path[0])] ??= []).push(issue.message);
  return out;
}

describe('a leave request fits its columns', () => {
  it('spans at most a year, so its working days always fit numeric(5, 1)', () => {
    expect(MAX_LEAVE_SPAN_DAYS).toBeLessThan(NUMERIC_5_1_MAX);
    expect(fieldsOf(ask(today, shift(today, MAX_LEAVE_SPAN_DAYS - 1)))).toEqual({});
    expect(fieldsOf(ask(today, shift(today, MAX_LEAVE_SPAN_DAYS)))).toEqual({
      end_date: ['A leave can last at most 366 days.'],
    });
    expect(spanDays('2028-02-28', '2028-03-01')).toBe(3);
  });

  it('keeps its dates within five years of today, either way (2100 once answered 500)', () => {
    expect(LEAVE_DATE_WINDOW_YEARS).toBe(5);
    const edge = `${Number(today.slice(0, 4)) + 5}${today.slice(4)}`;
    expect(withinLeaveWindow(edge, today) || today.endsWith('02-29')).toBe(true);
    expect(withinLeaveWindow(shift(edge, 1), today)).toBe(false);
    expect(withinLeaveWindow('2024-02-29', '2029-02-28')).toBe(true);
    expect(withinLeaveWindow('2024-02-28', '2029-03-01')).toBe(false);
    expect(fieldsOf(ask('2100-12-30', '2100-12-31'))).toEqual({
      start_date: ['Choose a date within 5 years of today.'],
      end_date: ['Choose a date within 5 years of today.'],
    });
    expect(fieldsOf(ask(shift(today, -3), '2100-12-31')).end_date).toContain('Choose a date within 5 years of today.');
  });
});

describe('a leave type fits its columns', () => {
  it('takes allowances of whole or half days from 0 to 366 (the column keeps one decimal)', () => {
    const { yearly_days, carry_over_max_days } = ZLeaveTypeRequest.shape;
    expect(yearly_days.safeParse(366).success).toBe(true);
    expect(carry_over_max_days.safeParse(2.5).success).toBe(true);
    for (const [field, value, message] of [
      [yearly_days, 1.25, 'Use whole or half days.'],
      [carry_over_max_days, 0.05, 'Use whole or half days.'],
      [yearly_days, 366.5, 'At most 366.'],
      [carry_over_max_days, -0.5, 'At least 0.'],
    ] as const) {
      const r = field.safeParse(value);
      expect(r.success, String(value)).toBe(false);
      expect(r.error!.issues.map((i) => i.message)).toEqual([message]);
    }
  });
});

describe('decisions on one request and on several', () => {
  const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

  it('follow one rule: a comment (trimmed, at most 1000 characters) is required to reject', () => {
    for (const [schema, base] of [
      [ZLeaveDecisionRequest, {}],
      [ZBulkLeaveDecisionRequest, { ids: [1, 2] }],
    ] as const) {
      expect(schema.parse({ ...base, decision: 'approve' })).toEqual({ ...base, decision: 'approve', comment: '' });
      expect(schema.parse({ ...base, decision: 'reject', comment: '  Busy week. ' })).toMatchObject({
        comment: 'Busy week.',
      });
      expect(issues(schema.safeParse({ ...base, decision: 'reject', comment: '   ' }))).toEqual([
        'comment: Say why it is rejected.',
      ]);
      expect(issues(schema.safeParse({ ...base, decision: 'approve', comment: 'x'.repeat(1001) }))).toHaveLength(1);
      expect(issues(schema.safeParse({ ...base, decision: 'maybe' }))).toHaveLength(1);
      expect(schema.safeParse({ ...base, decision: 'approve', extra: 1 }).success).toBe(false);
    }
    expect(issues(ZBulkLeaveDecisionRequest.safeParse({ ids: [3, 3], decision: 'approve' }))).toHaveLength(1);
    // A cancellation's comment is the same field, and may be left out.
    expect(ZLeaveCancelRequest.parse({})).toEqual({ comment: '' });
    expect(ZLeaveCancelRequest.safeParse({ comment: 'x'.repeat(1001) }).success).toBe(false);
  });
});
