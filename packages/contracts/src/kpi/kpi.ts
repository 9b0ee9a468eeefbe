import { z } from 'zod';
import { ZLeaveDate } from '../leaves/leaves.js';
import { INT4_MAX, textOr, ZId, ZText } from '../common/text.js';
import { ZUserRef } from '../users/users.js';
import { ZStaffDepartment, ZUserType } from '../users/user-types.js';
import { KPI_PERIODS } from './kpi-periods.js';
import { schemaMessage } from '../common/messages.js';
import { ZArabicName, ZArabicNameValue } from '../common/localized-name.js';

/**
 * KPIs (spec §2 `kpi`, `kpi/{userName}/add/{kpiId}`, `kpi/edit/{kpiId}`, §3
 * "missing KPIs, KPI lists"): definitions, one value per user, definition and period
 * (with its edit history), weighted scorecards and the missing list with reminders.
 */

export const KPI_UNITS = ['percent', 'count', 'seconds', 'score'] as const;
export const ZKpiUnit = z.enum(KPI_UNITS, { error: schemaMessage('chooseUnit') });
export type TKpiUnit = z.infer<typeof ZKpiUnit>;
export const KPI_DIRECTIONS = ['higher', 'lower'] as const;
export const ZKpiDirection = z.enum(KPI_DIRECTIONS, { error: schemaMessage('chooseDirection') });
export const ZKpiPeriod = z.enum(KPI_PERIODS, { error: schemaMessage('choosePeriodKind') });

/** The values a unit allows (inclusive); a value outside → 400 on `value`. */
export const KPI_UNIT_RANGES: Record<TKpiUnit, { min: number; max: number; integer: boolean }> = {
  percent: { min: 0, max: 100, integer: false },
  count: { min: 0, max: 1_000_000, integer: true },
  seconds: { min: 0, max: 86_400, integer: false },
  score: { min: 1, max: 5, integer: false },
};

/** Who a KPI applies to: interpreters and staff departments (never guests). */
export const ZKpiAudience = z.union([ZStaffDepartment, z.literal('INTERPRETER')]);

export const KPI_NAME_MAX = 80;

const definitionFields = {
  name: textOr(schemaMessage('kpiNameMissing'))
    .trim()
    .min(1, schemaMessage('kpiNameMissing'))
    .max(KPI_NAME_MAX, schemaMessage('maxChars', { count: KPI_NAME_MAX })),
  /** Shown on Arabic pages (the English name when there is none). */
  name_ar: ZArabicName(KPI_NAME_MAX),
  description: ZText.trim()
    .max(1000, schemaMessage('maxChars', { count: 1000 }))
    .default(''),
  unit: ZKpiUnit,
  direction: ZKpiDirection,
  target: z
    .number({ error: schemaMessage('targetMissing') })
    .min(0, schemaMessage('minNumber', { limit: 0 }))
    .max(1_000_000, schemaMessage('targetTooLarge')),
  /** Relative weight within a scorecard (weights need not sum to 1 or 100: they are normalised). */
  weight: z
    .number({ error: schemaMessage('weightMissing') })
    .positive(schemaMessage('weightPositive'))
    .max(100, schemaMessage('maxNumber', { limit: 100 })),
  period: ZKpiPeriod,
  applies_to: z.array(ZKpiAudience).min(1, schemaMessage('chooseAudience')).max(30),
  is_active: z.boolean().default(true),
};

/** The target must itself be a value the unit allows. */
function refineTarget(d: { unit: z.infer<typeof ZKpiUnit>; target: number }, ctx: z.RefinementCtx): void {
  const r = KPI_UNIT_RANGES[d.unit];
  if (d.target < r.min || d.target > r.max) {
    ctx.addIssue({ code: 'custom', path: ['target'], message: schemaMessage('targetOutOfRange') });
  }
}

/** `POST /api/kpi/definitions/`, `PUT /api/kpi/definitions/{id}/` (QUALITY, WFM, ADMIN). */
export const ZKpiDefinitionRequest = z.object(definitionFields).strict().superRefine(refineTarget);
export type TKpiDefinitionRequest = z.input<typeof ZKpiDefinitionRequest>;

export const ZKpiDefinition = z
  .object({
    id: z.number().int().max(INT4_MAX),
    name: ZText,
    name_ar: ZArabicNameValue,
    description: ZText,
    unit: ZKpiUnit,
    direction: ZKpiDirection,
    target: z.number(),
    weight: z.number(),
    period: ZKpiPeriod,
    applies_to: z.array(ZUserType),
    is_active: z.boolean(),
    updated_at: ZText,
  })
  .meta({ id: 'KpiDefinition' });
export type TKpiDefinition = z.infer<typeof ZKpiDefinition>;
export const ZKpiDefinitionList = z.array(ZKpiDefinition);

/** `GET /api/kpi/definitions/?active=true|false` (all when left out). */
export const ZKpiDefinitionsQuery = z
  .object({ active: z.enum(['true', 'false'], { error: schemaMessage('trueOrFalse') }).optional() })
  .strict();
export type TKpiDefinitionsQuery = z.input<typeof ZKpiDefinitionsQuery>;
/** `{id}` of `/api/kpi/definitions/{id}/` and `/api/kpi/records/{id}/`. */
export const ZKpiIdParams = z.object({ id: ZId });

// ---------------------------------------------------------------- records

const ZKpiValue = z.number({ error: schemaMessage('valueMissing') }).finite(schemaMessage('valueMissing'));
const ZKpiNote = ZText.trim()
  .max(1000, schemaMessage('maxChars', { count: 1000 }))
  .default('');

/**
 * `POST /api/kpi/records/`: a value for a user, definition and period. `period` is any
 * day in it (the server files it under the period's first day); a future period, a value
 * outside the unit's range or a second record for the same user/definition/period → 400
 * on that field.
 */
export const ZKpiRecordRequest = z
  .object({
    username: textOr(schemaMessage('choosePerson')).trim().min(1, schemaMessage('choosePerson')).max(150),
    kpi: z
      .number({ error: schemaMessage('chooseKpi') })
      .int()
      .positive()
      .max(INT4_MAX),
    period: ZLeaveDate(schemaMessage('choosePeriod')),
    value: ZKpiValue,
    note: ZKpiNote,
  })
  .strict();
export type TKpiRecordRequest = z.input<typeof ZKpiRecordRequest>;

/** `PUT /api/kpi/records/{id}/`: a new value and note; the previous ones go to the history. */
export const ZKpiRecordUpdateRequest = z.object({ value: ZKpiValue, note: ZKpiNote }).strict();
export type TKpiRecordUpdateRequest = z.input<typeof ZKpiRecordUpdateRequest>;

export const ZKpiRecordChange = z.object({
  value: z.number(),
  note: ZText,
  changed_by: ZUserRef.nullable(),
  changed_at: ZText,
});
export type TKpiRecordChange = z.infer<typeof ZKpiRecordChange>;

export const ZKpiRecord = z
  .object({
    id: z.number().int().max(INT4_MAX),
    user: ZUserRef,
    kpi: ZKpiDefinition.pick({
      id: true,
      name: true,
      name_ar: true,
      unit: true,
      direction: true,
      target: true,
      weight: true,
      period: true,
    }),
    period_start: ZText,
    period_end: ZText,
    value: z.number(),
    /** 0–1.2: how far the value meets the target (see the scorecard rules). */
    attainment: z.number(),
    note: ZText,
    entered_by: ZUserRef.nullable(),
    entered_at: ZText,
    updated_at: ZText,
    /** Earlier values, newest first (on the record's own answer; empty in lists). */
    history: z.array(ZKpiRecordChange),
  })
  .meta({ id: 'KpiRecord' });
export type TKpiRecord = z.infer<typeof ZKpiRecord>;
export const ZKpiRecordList = z.array(ZKpiRecord);

// ---------------------------------------------------------------- scores and the missing list

/** `GET /api/kpi/scores/` and `/api/kpi/scores/export.csv`: the caller's scope for one period. */
export const ZKpiScoresQuery = z
  .object({
    period: ZKpiPeriod.default('monthly'),
    /** Any day of the period (default: today's). */
    date: ZLeaveDate(schemaMessage('choosePeriod')).optional(),
    department: ZUserType.optional(),
    team: ZText.trim().max(60).optional(),
    search: ZText.trim().max(100).optional(),
  })
  .strict();
export type TKpiScoresQuery = z.input<typeof ZKpiScoresQuery>;

export const ZKpiScoreRow = z
  .object({
    user: ZUserRef,
    team: ZText,
    /** The team's Arabic name (null: none given). */
    team_ar: ZArabicNameValue,
    /** Weighted attainment 0–1.2 over the KPIs with a value; null when none has one. */
    score: z.number().nullable(),
    previous_score: z.number().nullable(),
    /** score − previous_score (null when either is missing). */
    trend: z.number().nullable(),
    recorded: z.number().int(),
    expected: z.number().int(),
  })
  .meta({ id: 'KpiScoreRow' });
export type TKpiScoreRow = z.infer<typeof ZKpiScoreRow>;
export const ZKpiScores = z
  .object({ period: ZKpiPeriod, period_start: ZText, period_end: ZText, rows: z.array(ZKpiScoreRow) })
  .meta({ id: 'KpiScores' });
export type TKpiScores = z.infer<typeof ZKpiScores>;

/** `GET /api/kpi/missing/?period&date`: who has no value for which definition in the period. */
export const ZKpiMissingQuery = ZKpiScoresQuery.pick({ period: true, date: true, department: true, search: true });
export type TKpiMissingQuery = z.input<typeof ZKpiMissingQuery>;
export const ZKpiMissingRow = z
  .object({
    user: ZUserRef,
    kpi: ZKpiDefinition.pick({ id: true, name: true, name_ar: true, unit: true, period: true }),
    period_start: ZText,
    period_end: ZText,
    /** Days until the period closes (negative: closed that many days ago). */
    closes_in_days: z.number().int(),
    last_reminded_at: ZText.nullable(),
  })
  .meta({ id: 'KpiMissingRow' });
export type TKpiMissingRow = z.infer<typeof ZKpiMissingRow>;
export const ZKpiMissing = z.object({ period_start: ZText, period_end: ZText, rows: z.array(ZKpiMissingRow) });
export type TKpiMissing = z.infer<typeof ZKpiMissing>;

/** `POST /api/kpi/missing/remind/`: notify whoever should enter these values (answers how many were told). */
export const ZKpiRemindRequest = z
  .object({
    items: z
      .array(
        z.object({
          username: ZText.trim().min(1).max(150),
          kpi: z.number().int().positive().max(INT4_MAX),
          period: ZLeaveDate(schemaMessage('choosePeriod')),
        }),
      )
      .min(1, schemaMessage('chooseMissingValues'))
      .max(500, schemaMessage('missingValuesTooMany')),
  })
  .strict();
export type TKpiRemindRequest = z.input<typeof ZKpiRemindRequest>;
export const ZKpiRemindResult = z.object({ reminded: z.number().int(), recipients: z.number().int() });

/** `GET /api/kpi/users/{username}/scorecard/?period&from&to`: every KPI over time, with records. */
export const ZKpiScorecardQuery = z
  .object({
    period: ZKpiPeriod.default('monthly'),
    /** How many periods back from the current one (default 6). */
    periods: z.coerce.number().int().min(1).max(52).default(6),
  })
  .strict();
export type TKpiScorecardQuery = z.input<typeof ZKpiScorecardQuery>;
export const ZKpiScorecard = z
  .object({
    user: ZUserRef,
    team: ZText,
    team_ar: ZArabicNameValue,
    period: ZKpiPeriod,
    /** Periods, oldest first, with the weighted score of each. */
    periods: z.array(z.object({ period_start: ZText, period_end: ZText, score: z.number().nullable() })),
    /** The definitions that apply to the user, each with its records in the range (oldest first). */
    kpis: z.array(ZKpiDefinition.extend({ records: ZKpiRecordList })),
    /** Whether the caller may add or edit values here. */
    can_score: z.boolean(),
  })
  .meta({ id: 'KpiScorecard' });
export type TKpiScorecard = z.infer<typeof ZKpiScorecard>;
