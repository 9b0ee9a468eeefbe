import { sql, type Insertable, type SqlBool, type Updateable } from 'kysely';
import type { TKpiPeriod } from '@portal/contracts';
import type { Database } from '../../db/database.js';
import type { KpiDefinitionsTable, KpiRecordsTable } from '../../db/schema.js';
import { interpreterTeams } from '../interpreters/index.js';

type Db = Database;

// ---------------------------------------------------------------- definitions

const DEFINITION = [
  'id',
  'name',
  'name_ar',
  'description',
  'unit',
  'direction',
  'target',
  'weight',
  'period',
  'applies_to',
  'is_active',
  'updated_at',
] as const;

export function listDefinitions(db: Db, filter: { active?: boolean } = {}) {
  let q = db.selectFrom('kpi_definitions').select(DEFINITION);
  if (filter.active !== undefined) q = q.where('is_active', '=', filter.active);
  return q.orderBy('period').orderBy('name').execute();
}
export type DefinitionRow = Awaited<ReturnType<typeof listDefinitions>>[number];

export function findDefinition(db: Db, id: number) {
  return db.selectFrom('kpi_definitions').select(DEFINITION).where('id', '=', id).executeTakeFirst();
}

export function insertDefinition(db: Db, v: Insertable<KpiDefinitionsTable>) {
  return db.insertInto('kpi_definitions').values(v).returning(DEFINITION).executeTakeFirstOrThrow();
}

export function updateDefinition(db: Db, id: number, v: Updateable<KpiDefinitionsTable>) {
  return db
    .updateTable('kpi_definitions')
    .set({ ...v, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning(DEFINITION)
    .executeTakeFirst();
}

// ---------------------------------------------------------------- people

const PERSON = ['u.id', 'u.username', 'u.first_name', 'u.last_name', 'u.user_type'] as const;

/** Users with what the KPI rules ask of them. */
function people(db: Db) {
  return db.selectFrom('users as u').select([...PERSON, 'u.is_active', 'u.is_manager', 'u.is_director']);
}

/** With each person's team: the interpreters' profile has it ('' for everyone else). */
async function withTeams<P extends { id: number }>(
  db: Db,
  rows: P[],
): Promise<(P & { team: string; team_ar: string | null })[]> {
  const teams = await interpreterTeams(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, team: teams.get(r.id)?.team ?? '', team_ar: teams.get(r.id)?.team_ar ?? null }));
}

export async function findPerson(db: Db, username: string) {
  const row = await people(db).where('u.username', '=', username).executeTakeFirst();
  return row && (await withTeams(db, [row]))[0];
}
export type PersonRow = NonNullable<Awaited<ReturnType<typeof findPerson>>>;

/** Every active user but guests (who are never scored), by name. */
export async function activePeople(db: Db) {
  const rows = await people(db)
    .where('u.is_active', '=', true)
    .where('u.user_type', '<>', 'GUEST')
    .orderBy('u.first_name')
    .orderBy('u.last_name')
    .orderBy('u.username')
    .execute();
  return withTeams(db, rows);
}

// ---------------------------------------------------------------- records

/** Who entered a value (joined as `e`; gone users leave nulls). */
const ENTERED_BY = [
  'e.id as e_id',
  'e.username as e_username',
  'e.first_name as e_first_name',
  'e.last_name as e_last_name',
  'e.user_type as e_user_type',
] as const;

/** A record with its person, its definition and who entered it, flat (the presenter nests them). */
function records(db: Db) {
  return db
    .selectFrom('kpi_records as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('kpi_definitions as d', 'd.id', 'r.kpi_id')
    .leftJoin('users as e', 'e.id', 'r.entered_by')
    .select([
      'r.id',
      'r.period_start',
      'r.value',
      'r.note',
      'r.entered_at',
      'r.updated_at',
      // The person's id is r.user_id: `id` is the record's.
      'u.username',
      'u.first_name',
      'u.last_name',
      'u.user_type',
      'r.user_id',
      'd.id as kpi_id',
      'd.name as kpi_name',
      'd.name_ar as kpi_name_ar',
      'd.unit as kpi_unit',
      'd.direction as kpi_direction',
      'd.target as kpi_target',
      'd.weight as kpi_weight',
      'd.period as kpi_period',
      ...ENTERED_BY,
    ]);
}

export function findRecord(db: Db, id: number) {
  return records(db).where('r.id', '=', id).executeTakeFirst();
}
export type RecordRow = NonNullable<Awaited<ReturnType<typeof findRecord>>>;

/** One user's records of one period kind with a period start in [from, to], oldest first. */
export function recordsOfUser(db: Db, userId: number, period: TKpiPeriod, from: string, to: string) {
  return records(db)
    .where('r.user_id', '=', userId)
    .where('d.period', '=', period)
    .where('r.period_start', '>=', from)
    .where('r.period_start', '<=', to)
    .orderBy('r.period_start')
    .orderBy('r.id')
    .execute();
}

/** What the scores need of every record of some periods: the value against its definition. */
export function valuesOfPeriods(db: Db, period: TKpiPeriod, starts: readonly string[]) {
  return db
    .selectFrom('kpi_records as r')
    .innerJoin('kpi_definitions as d', 'd.id', 'r.kpi_id')
    .select([
      'r.user_id',
      'r.kpi_id',
      'r.period_start',
      'r.value',
      'd.direction',
      'd.target',
      'd.weight',
      'd.is_active',
      'd.applies_to',
    ])
    .where('d.period', '=', period)
    .where('r.period_start', 'in', [...starts])
    .execute();
}
export type ValueRow = Awaited<ReturnType<typeof valuesOfPeriods>>[number];

export function findRecordOf(db: Db, userId: number, kpiId: number, periodStart: string) {
  return db
    .selectFrom('kpi_records')
    .select('id')
    .where('user_id', '=', userId)
    .where('kpi_id', '=', kpiId)
    .where('period_start', '=', periodStart)
    .executeTakeFirst();
}

export async function insertRecord(
  db: Db,
  v: { user_id: number; kpi_id: number; period_start: string; value: number; note: string; entered_by: number },
): Promise<number> {
  const row = await db.insertInto('kpi_records').values(v).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Many values at once (the demo data); answers their ids in the order given. */
export async function insertRecords(db: Db, rows: readonly Insertable<KpiRecordsTable>[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const ids = await db
    .insertInto('kpi_records')
    .values([...rows])
    .returning('id')
    .execute();
  return ids.map((r) => r.id);
}

/** Locks a record for its edit: two edits at once both land in the history, in order. */
export function lockRecord(db: Db, id: number) {
  return db
    .selectFrom('kpi_records')
    .select(['id', 'value', 'note', 'entered_by', 'updated_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Moves the current value into the history and writes the new one. */
export async function replaceValue(
  db: Db,
  old: NonNullable<Awaited<ReturnType<typeof lockRecord>>>,
  v: { value: number; note: string; by: number },
): Promise<void> {
  await db
    .insertInto('kpi_record_history')
    .values({
      record_id: old.id,
      value: old.value,
      note: old.note,
      changed_by: old.entered_by,
      changed_at: old.updated_at,
    })
    .execute();
  await db
    .updateTable('kpi_records')
    .set({ value: v.value, note: v.note, entered_by: v.by, updated_at: sql`now()` })
    .where('id', '=', old.id)
    .execute();
}

/** A record's earlier values, newest first, with who entered each. */
export function historyOf(db: Db, recordIds: readonly number[]) {
  if (recordIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('kpi_record_history as h')
    .leftJoin('users as e', 'e.id', 'h.changed_by')
    .select(['h.record_id', 'h.value', 'h.note', 'h.changed_at', ...ENTERED_BY])
    .where('h.record_id', 'in', [...recordIds])
    .orderBy('h.id', 'desc')
    .execute();
}
export type HistoryRow = Awaited<ReturnType<typeof historyOf>>[number];

// ---------------------------------------------------------------- reminders

/** The latest reminder of each user/KPI of a period. */
export function lastReminders(db: Db, periodStart: string) {
  return db
    .selectFrom('kpi_reminders')
    .select(['user_id', 'kpi_id', (eb) => eb.fn.max('sent_at').as('sent_at')])
    .where('period_start', '=', periodStart)
    .groupBy(['user_id', 'kpi_id'])
    .execute();
}

export interface ReminderValues {
  user_id: number;
  kpi_id: number;
  period_start: string;
  sent_by: number | null;
}

export async function insertManualReminders(db: Db, rows: readonly ReminderValues[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('kpi_reminders')
    .values(rows.map((r) => ({ ...r, kind: 'manual' as const })))
    .execute();
}

/**
 * The automatic reminders of a kind, once each: rows another run (or server) already
 * wrote are skipped by the partial unique index. Answers the KPI ids actually written.
 */
export async function insertAutoReminders(
  db: Db,
  kind: 'due' | 'escalated',
  rows: readonly ReminderValues[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const written = await db
    .insertInto('kpi_reminders')
    .values(rows.map((r) => ({ ...r, kind })))
    .onConflict((oc) =>
      // A literal, not a parameter: the arbiter (the partial unique index) is inferred when the
      // statement is prepared, before any parameter's value is known.
      oc
        .columns(['user_id', 'kpi_id', 'period_start', 'kind'])
        .where(sql<SqlBool>`kind <> 'manual'`)
        .doNothing(),
    )
    .returning('kpi_id')
    .execute();
  return written.map((r) => r.kpi_id);
}
