import {
  canScoreKpi,
  canSeeScorecard,
  canUseKpiPages,
  periodEnd,
  periodStart,
  shiftPeriod,
  ZKpiMissingQuery,
  ZKpiScorecardQuery,
  ZKpiScoresQuery,
  type TKpiMissing,
  type TKpiMissingQuery,
  type TKpiPeriod,
  type TKpiScorecard,
  type TKpiScoreRow,
  type TKpiScores,
  type TKpiScoresQuery,
  type TKpiScorecardQuery,
} from '@portal/contracts';
import type { Database } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import type { AppContext } from '../../lib/context.js';
import { csvRow } from '../../lib/csv.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { attainment, closesInDays, localDay, trend, weightedScore } from './kpi-scoring.js';
import { appliesTo } from './kpi-records.service.js';
import { presentDefinition, presentRecord, userRef } from './kpi.presenter.js';
import * as repo from './kpi.repository.js';

/** The period of `kind` that holds `date` (default: today on the portal's clock). */
export function periodOf(ctx: AppContext, kind: TKpiPeriod, date?: string) {
  const today = localDay(new Date(), ctx.config.TIME_ZONE);
  const start = periodStart(kind, date ?? today);
  return { today, start, end: periodEnd(kind, start) };
}

/** The people `caller` may score (everyone they enter KPI values for), narrowed by the filters. */
async function scope(
  db: Database,
  caller: UserRow,
  f: { department?: string; team?: string; search?: string },
): Promise<repo.PersonRow[]> {
  const search = f.search?.toLowerCase();
  const team = f.team?.toLowerCase();
  return (await repo.activePeople(db)).filter(
    (p) =>
      canScoreKpi(caller, p) &&
      (!f.department || p.user_type === f.department) &&
      (!team || p.team.toLowerCase() === team) &&
      (!search || [p.username, `${p.first_name} ${p.last_name}`].some((s) => s.toLowerCase().includes(search))),
  );
}

/** Weighted score of one person's values in one period (the KPIs that apply to them; retired ones too). */
function scoreOf(values: readonly repo.ValueRow[], person: repo.PersonRow, start: string): number | null {
  return weightedScore(
    values
      .filter((v) => v.user_id === person.id && v.period_start === start && appliesTo(v, person.user_type))
      .map((v) => ({ weight: v.weight, attainment: attainment(v.direction, v.target, v.value) })),
  );
}

/**
 * The caller's scope for one period: each person's weighted score, the previous period's
 * and the trend, and how many of the values expected of them (active KPIs of this period
 * kind that apply to them) are in. People with nothing expected and nothing recorded are
 * left out (a department without KPIs has nothing to show).
 */
export async function scores(ctx: AppContext, caller: UserRow, input: TKpiScoresQuery): Promise<TKpiScores> {
  if (!canUseKpiPages(caller)) throw forbidden();
  const q = ZKpiScoresQuery.parse(input);
  const { start, end } = periodOf(ctx, q.period, q.date);
  const previous = shiftPeriod(q.period, start, -1);
  const people = await scope(ctx.db, caller, q);
  const defs = (await repo.listDefinitions(ctx.db, { active: true })).filter((d) => d.period === q.period);
  const values = await repo.valuesOfPeriods(ctx.db, q.period, [start, previous]);
  const rows: TKpiScoreRow[] = [];
  for (const p of people) {
    const expected = defs.filter((d) => appliesTo(d, p.user_type)).length;
    const recorded = values.filter(
      (v) => v.user_id === p.id && v.period_start === start && v.is_active && appliesTo(v, p.user_type),
    ).length;
    const score = scoreOf(values, p, start);
    if (expected === 0 && score === null) continue;
    const previousScore = scoreOf(values, p, previous);
    rows.push({
      user: userRef(p),
      team: p.team,
      team_ar: p.team_ar,
      score,
      previous_score: previousScore,
      trend: trend(score, previousScore),
      recorded,
      expected,
    });
  }
  return { period: q.period, period_start: start, period_end: end, rows };
}

const CSV_HEADER = [
  'username',
  'first_name',
  'last_name',
  'department',
  'team',
  'score',
  'previous_score',
  'trend',
  'recorded',
  'expected',
];

export async function scoresCsv(
  ctx: AppContext,
  caller: UserRow,
  input: TKpiScoresQuery,
): Promise<{ period_start: string; csv: string }> {
  const s = await scores(ctx, caller, input);
  const lines = s.rows.map((r) =>
    csvRow([
      r.user.username,
      r.user.first_name,
      r.user.last_name,
      r.user.user_type,
      r.team,
      r.score,
      r.previous_score,
      r.trend,
      r.recorded,
      r.expected,
    ]),
  );
  return { period_start: s.period_start, csv: csvRow(CSV_HEADER) + lines.join('') };
}

export interface MissingItem {
  person: repo.PersonRow;
  kpi: repo.DefinitionRow;
}

/** The active KPIs of `period` that apply to each of `people` and have no value in the period starting `start`. */
export async function missingValues(
  db: Database,
  people: readonly repo.PersonRow[],
  period: TKpiPeriod,
  start: string,
): Promise<MissingItem[]> {
  const defs = (await repo.listDefinitions(db, { active: true })).filter((d) => d.period === period);
  const have = new Set((await repo.valuesOfPeriods(db, period, [start])).map((v) => `${v.user_id}:${v.kpi_id}`));
  return people.flatMap((person) =>
    defs
      .filter((kpi) => appliesTo(kpi, person.user_type) && !have.has(`${person.id}:${kpi.id}`))
      .map((kpi) => ({ person, kpi })),
  );
}

/** People × KPIs in the caller's scope with no value for the period, with when they were last reminded. */
export async function missing(ctx: AppContext, caller: UserRow, input: TKpiMissingQuery): Promise<TKpiMissing> {
  if (!canUseKpiPages(caller)) throw forbidden();
  const q = ZKpiMissingQuery.parse(input);
  const { today, start, end } = periodOf(ctx, q.period, q.date);
  const items = await missingValues(ctx.db, await scope(ctx.db, caller, q), q.period, start);
  const reminded = new Map(
    (await repo.lastReminders(ctx.db, start)).map((r) => [`${r.user_id}:${r.kpi_id}`, r.sent_at]),
  );
  const closes = closesInDays(q.period, start, today);
  return {
    period_start: start,
    period_end: end,
    rows: items.map(({ person, kpi }) => {
      const at = reminded.get(`${person.id}:${kpi.id}`);
      return {
        user: userRef(person),
        kpi: { id: kpi.id, name: kpi.name, name_ar: kpi.name_ar, unit: kpi.unit, period: kpi.period },
        period_start: start,
        period_end: end,
        closes_in_days: closes,
        last_reminded_at: at ? new Date(at).toISOString() : null,
      };
    }),
  };
}

/**
 * One person's KPIs over the last `periods` periods: the weighted score of each period,
 * and every KPI that applies to them (active ones, and retired ones with values in the
 * range) with its records, each with its edit history.
 */
export async function scorecard(
  ctx: AppContext,
  caller: UserRow,
  username: string,
  input: TKpiScorecardQuery,
): Promise<TKpiScorecard> {
  const q = ZKpiScorecardQuery.parse(input);
  const person = await repo.findPerson(ctx.db, username);
  if (!person || !canSeeScorecard(caller, person)) throw notFound();
  const { start: current } = periodOf(ctx, q.period);
  const first = shiftPeriod(q.period, current, -(q.periods - 1));
  const applying = (await repo.listDefinitions(ctx.db)).filter(
    (d) => d.period === q.period && appliesTo(d, person.user_type),
  );
  const ids = new Set(applying.map((d) => d.id));
  const records = (await repo.recordsOfUser(ctx.db, person.id, q.period, first, current)).filter((r) =>
    ids.has(r.kpi_id),
  );
  const history = await repo.historyOf(
    ctx.db,
    records.map((r) => r.id),
  );
  const defs = applying.filter((d) => d.is_active || records.some((r) => r.kpi_id === d.id));
  const periods = Array.from({ length: q.periods }, (_, i) => {
    const start = shiftPeriod(q.period, first, i);
    const mine = records.filter((r) => r.period_start === start);
    return {
      period_start: start,
      period_end: periodEnd(q.period, start),
      score: weightedScore(
        mine.map((r) => ({ weight: r.kpi_weight, attainment: attainment(r.kpi_direction, r.kpi_target, r.value) })),
      ),
    };
  });
  return {
    user: userRef(person),
    team: person.team,
    team_ar: person.team_ar,
    period: q.period,
    periods,
    kpis: defs.map((d) => ({
      ...presentDefinition(d),
      records: records
        .filter((r) => r.kpi_id === d.id)
        .map((r) =>
          presentRecord(
            r,
            history.filter((h) => h.record_id === r.id),
          ),
        ),
    })),
    can_score: canScoreKpi(caller, person),
  };
}
