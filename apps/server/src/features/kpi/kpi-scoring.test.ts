import { describe, expect, it } from 'vitest';
import {
  attainment,
  closesInDays,
  localDay,
  MAX_ATTAINMENT,
  reminderPlan,
  trend,
  valueProblem,
  weightedScore,
} from './kpi-scoring.js';

describe('attainment', () => {
  it.each([
    // higher is better: value / target
    ['higher', 90, 90, 1],
    ['higher', 90, 45, 0.5],
    ['higher', 800, 880, 1.1],
    ['higher', 4, 0, 0],
    // capped: beating one target by far cannot hide missing another
    ['higher', 60, 600, MAX_ATTAINMENT],
    // lower is better: target / value
    ['lower', 300, 300, 1],
    ['lower', 300, 600, 0.5],
    ['lower', 300, 250, 1.2],
    ['lower', 300, 280, 1.0714],
    ['lower', 300, 0, MAX_ATTAINMENT],
    // a target of 0: higher-is-better is met by anything, lower-is-better only by 0
    ['higher', 0, 0, 1],
    ['higher', 0, 12, 1],
    ['lower', 0, 0, 1],
    ['lower', 0, 5, 0],
  ] as const)('%s is better, target %d, value %d → %d', (direction, target, value, expected) => {
    expect(attainment(direction, target, value)).toBe(expected);
  });
});

describe('weighted score', () => {
  it('weighs each KPI by its weight, which need not sum to 1', () => {
    // 3 × 1 + 1 × 0.5 = 3.5 over 4
    expect(
      weightedScore([
        { weight: 3, attainment: 1 },
        { weight: 1, attainment: 0.5 },
      ]),
    ).toBe(0.875);
    // Same proportions, other scale: same score.
    expect(
      weightedScore([
        { weight: 30, attainment: 1 },
        { weight: 10, attainment: 0.5 },
      ]),
    ).toBe(0.875);
    expect(weightedScore([{ weight: 0.2, attainment: 1.2 }])).toBe(1.2);
  });

  it('leaves missing values out instead of counting them as zero', () => {
    // Only the KPIs with a value are passed: one of weight 2 at 0.9 is the whole score.
    expect(weightedScore([{ weight: 2, attainment: 0.9 }])).toBe(0.9);
  });

  it('is null when nothing has a value', () => {
    expect(weightedScore([])).toBeNull();
  });

  it('trend is the difference, null when either side is missing', () => {
    expect(trend(0.9, 0.85)).toBe(0.05);
    expect(trend(0.8, 0.9)).toBe(-0.1);
    expect(trend(null, 0.9)).toBeNull();
    expect(trend(0.9, null)).toBeNull();
  });
});

describe('values a unit allows', () => {
  it.each([
    ['percent', 0, null],
    ['percent', 100, null],
    ['percent', 100.5, 'range'],
    ['percent', -1, 'range'],
    ['percent', 92.5, null],
    ['count', 12, null],
    ['count', 12.5, 'integer'],
    ['count', 1_000_001, 'range'],
    ['seconds', 86_400, null],
    ['seconds', 86_401, 'range'],
    ['score', 0.5, 'range'],
    ['score', 4.5, null],
    ['score', 6, 'range'],
  ] as const)('%s %d → %s', (unit, value, problem) => {
    expect(valueProblem(unit, value)).toBe(problem);
  });
});

describe('the portal clock and the reminder plan', () => {
  it('reads the date on the portal wall clock', () => {
    const at = new Date('2026-11-30T22:30:00Z');
    expect(localDay(at, 'UTC')).toBe('2026-11-30');
    expect(localDay(at, 'Asia/Riyadh')).toBe('2026-12-01');
  });

  it('counts days to the close of a period', () => {
    expect(closesInDays('monthly', '2026-11-01', '2026-11-28')).toBe(2);
    expect(closesInDays('monthly', '2026-11-01', '2026-11-30')).toBe(0);
    expect(closesInDays('monthly', '2026-11-01', '2026-12-03')).toBe(-3);
    // Week of Sunday 2026-11-22 closes on Saturday 2026-11-28.
    expect(closesInDays('weekly', '2026-11-22', '2026-11-23')).toBe(5);
  });

  it('reminds before the close and escalates within a week after it', () => {
    // Monday 2026-11-23: the week closes in 5 days, the month in 7; last week closed 2 days ago.
    expect(reminderPlan('2026-11-23', 2)).toEqual([
      { kind: 'escalated', period: 'weekly', period_start: '2026-11-15' },
    ]);
    // Friday 2026-11-27: the week closes tomorrow.
    expect(reminderPlan('2026-11-27', 2)).toContainEqual({ kind: 'due', period: 'weekly', period_start: '2026-11-22' });
    // Saturday 2026-11-28: the month closes in two days.
    expect(reminderPlan('2026-11-28', 2)).toContainEqual({
      kind: 'due',
      period: 'monthly',
      period_start: '2026-11-01',
    });
    // 2026-12-07: November closed 7 days ago, still escalated; on the 8th, left alone.
    expect(reminderPlan('2026-12-07', 2)).toContainEqual({
      kind: 'escalated',
      period: 'monthly',
      period_start: '2026-11-01',
    });
    expect(reminderPlan('2026-12-08', 2).filter((p) => p.period === 'monthly')).toEqual([]);
  });
});
