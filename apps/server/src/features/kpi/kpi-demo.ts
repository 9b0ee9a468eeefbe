import { canScoreKpi, KPI_UNIT_RANGES, periodEnd, periodStart, shiftPeriod, type TKpiUnit } from '@portal/contracts';
import type { Database } from '../../db/database.js';
import { findUserByUsername } from '../users/index.js';
import * as kpi from './kpi.repository.js';
import { localDay } from './kpi-scoring.js';

type DemoKpi = Omit<Parameters<typeof kpi.insertDefinition>[1], 'created_by'> & {
  /** A believable value for person `i` in period `p` (0 = current, 1 = the one before, …). */
  value: (i: number, p: number) => number;
};

/** Deterministic wobble in [-1, 1] for person `i`, period `p` and KPI `k`. */
const wobble = (i: number, p: number, k: number) => Math.sin(i * 12.9898 + p * 78.233 + k * 37.719);

const DEMO_KPIS: DemoKpi[] = [
  {
    name: 'Quality score',
    name_ar: 'درجة الجودة',
    description: 'Average of the call evaluations of the week (1–5).',
    unit: 'score',
    direction: 'higher',
    target: 4,
    weight: 3,
    period: 'weekly',
    applies_to: ['INTERPRETER'],
    value: (i, p) => Math.round((3.9 + 0.6 * wobble(i, p, 1) - (i % 7 === 3 ? 0.6 : 0)) * 10) / 10,
  },
  {
    name: 'Schedule adherence',
    name_ar: 'الالتزام بالجدول',
    description: 'Share of scheduled time spent online as planned.',
    unit: 'percent',
    direction: 'higher',
    target: 90,
    weight: 2,
    period: 'monthly',
    applies_to: ['INTERPRETER'],
    value: (i, p) => Math.round((89 + 6 * wobble(i, p, 2)) * 10) / 10,
  },
  {
    name: 'Average handle time',
    name_ar: 'متوسط مدة المعالجة',
    description: 'Seconds per call, talk and wrap-up together.',
    unit: 'seconds',
    direction: 'lower',
    target: 300,
    weight: 1,
    period: 'monthly',
    applies_to: ['INTERPRETER'],
    value: (i, p) => Math.round(300 + 45 * wobble(i, p, 3)),
  },
  {
    name: 'Calls handled',
    name_ar: 'المكالمات المُجابة',
    description: 'Calls answered in the month.',
    unit: 'count',
    direction: 'higher',
    target: 800,
    weight: 2,
    period: 'monthly',
    applies_to: ['INTERPRETER'],
    value: (i, p) => Math.round(780 + 120 * wobble(i, p, 4)),
  },
  {
    name: 'Tickets resolved',
    name_ar: 'التذاكر المحلولة',
    description: 'Tickets closed as resolved in the month.',
    unit: 'count',
    direction: 'higher',
    target: 60,
    weight: 2,
    period: 'monthly',
    applies_to: ['IT', 'OPERATION'],
    value: (i, p) => Math.round(58 + 12 * wobble(i, p, 5)),
  },
  {
    name: 'Customer satisfaction %',
    name_ar: 'نسبة رضا العملاء',
    description: 'Share of satisfied answers in the after-contact survey.',
    unit: 'percent',
    direction: 'higher',
    target: 85,
    weight: 3,
    period: 'monthly',
    applies_to: ['IT', 'OPERATION'],
    value: (i, p) => Math.round((86 + 7 * wobble(i, p, 6)) * 10) / 10,
  },
  {
    name: 'First response time',
    name_ar: 'زمن الرد الأول',
    description: 'Median seconds to the first answer on a ticket.',
    unit: 'seconds',
    direction: 'lower',
    target: 1800,
    weight: 1,
    period: 'monthly',
    applies_to: ['IT'],
    value: (i, p) => Math.round(1700 + 400 * wobble(i, p, 7)),
  },
];

/**
 * KPI definitions (four for interpreters, three for IT and operations staff) and their
 * values: the last six weeks and three months complete, the current week and month
 * about two thirds in (so the missing list has rows), and a few values corrected
 * (history). Interpreters' values are entered by `quality` (weekly) and `manager.wfm`
 * (monthly); staff values by their department's manager or director.
 */
export async function seedKpiDemo(db: Database, timeZone: string): Promise<void> {
  const [quality, planner] = [await findUserByUsername(db, 'quality'), await findUserByUsername(db, 'manager.wfm')];
  if (!quality || !planner) return;
  const today = localDay(new Date(), timeZone);
  const people = await kpi.activePeople(db);
  const staff = people.filter((u) => u.user_type !== 'INTERPRETER');
  const rows: Parameters<typeof kpi.insertRecords>[1][number][] = [];
  const units: TKpiUnit[] = [];
  // What a lead types, not a server message.
  const coachingNote = 'Discussed in the coaching session.';
  for (const [k, { value, ...definition }] of DEMO_KPIS.entries()) {
    const def = await kpi.insertDefinition(db, { ...definition, created_by: quality.id });
    const current = periodStart(def.period, today);
    const subjects = people.filter((u) => def.applies_to.includes(u.user_type));
    for (const [i, person] of subjects.entries()) {
      const interpreter = person.user_type === 'INTERPRETER';
      const by = interpreter
        ? def.period === 'weekly'
          ? quality
          : planner
        : staff.find((u) => u.user_type !== 'ADMIN' && canScoreKpi(u, person));
      if (!by) continue;
      for (let p = def.period === 'weekly' ? 6 : 3; p >= 0; p--) {
        // The current period: about two in three are in.
        if (p === 0 && (i + k) % 3 === 0) continue;
        const start = shiftPeriod(def.period, current, -p);
        const end = periodEnd(def.period, start);
        const at = new Date(`${p === 0 ? today : end}T15:00:00Z`);
        const r = KPI_UNIT_RANGES[def.unit];
        units.push(def.unit);
        rows.push({
          user_id: person.id,
          kpi_id: def.id,
          period_start: start,
          value: Math.min(r.max, Math.max(r.min, value(i, p))),
          note: p === 1 && i % 5 === 0 ? coachingNote : '',
          entered_by: by.id,
          entered_at: at,
          updated_at: at,
        });
      }
    }
  }
  const ids = await kpi.insertRecords(db, rows);
  // A few corrections: the first value went to the history.
  for (const at of [3, 17, 40, 95]) {
    const old = ids[at] === undefined ? undefined : await kpi.lockRecord(db, ids[at]);
    const row = rows[at];
    if (!old || !row) continue;
    // Down a little (a score by a tenth): every unit's values sit well above its minimum.
    const step = units[at] === 'score' ? 0.1 : 1;
    await kpi.replaceValue(db, old, {
      value: Math.round((row.value - step) * 10) / 10,
      note: 'Corrected after the recount.',
      by: row.entered_by!,
    });
  }
}
