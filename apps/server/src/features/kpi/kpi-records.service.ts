import {
  canScoreKpi,
  canSeeScorecard,
  periodStart,
  ZKpiRecordRequest,
  ZKpiRecordUpdateRequest,
  type TKpiRecord,
  type TKpiRecordRequest,
  type TKpiRecordUpdateRequest,
  type TKpiUnit,
  type TUserType,
} from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import type { AuditSource } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { fieldError, forbidden, notFound, uniqueViolationField } from '../../lib/errors.js';
import { withTx, type Tx } from '../../lib/tx.js';
import { recordEvent } from '../event-logs/index.js';
import { notify } from '../notifications/index.js';
import { localDay, valueProblem } from './kpi-scoring.js';
import { presentRecord } from './kpi.presenter.js';
import * as repo from './kpi.repository.js';

const NOT_FOR_THEM = 'kpiNotForPerson';
const KPI_RETIRED = 'kpiRetired';
const OUT_OF_RANGE = 'kpiValueOutOfRange';
const NOT_WHOLE = 'wholeNumber';
const FUTURE_PERIOD = 'kpiPeriodFuture';
const ALREADY_RECORDED = 'kpiAlreadyRecorded';
const INACTIVE_PERSON = 'kpiPersonInactive';
const MAY_NOT_SCORE = 'kpiMayNotScore';

/** Whether a definition covers a user of `type`. */
export const appliesTo = (d: { applies_to: readonly string[] }, type: TUserType) => d.applies_to.includes(type);

function checkValue(unit: TKpiUnit, value: number): void {
  const problem = valueProblem(unit, value);
  if (problem) throw fieldError('value', problem === 'integer' ? NOT_WHOLE : OUT_OF_RANGE);
}

/** A record the caller may read (their own, or someone they may score); 404 otherwise. */
async function visibleRecord(ctx: AppContext, caller: UserRow, id: number): Promise<repo.RecordRow> {
  const row = await repo.findRecord(ctx.db, id);
  if (!row || !canSeeScorecard(caller, row)) throw notFound();
  return row;
}

export async function getRecord(ctx: AppContext, caller: UserRow, id: number): Promise<TKpiRecord> {
  const row = await visibleRecord(ctx, caller, id);
  return presentRecord(row, await repo.historyOf(ctx.db, [row.id]));
}

/** Tells the scored person their value, in the write's transaction. */
async function tellScored(tx: Tx, caller: UserRow, row: repo.RecordRow, changed: boolean): Promise<void> {
  await notify(tx, {
    kind: changed ? 'kpiChanged' : 'kpiRecorded',
    params: {
      kpi: { name: row.kpi_name, name_ar: row.kpi_name_ar },
      period: { period: row.kpi_period, start: row.period_start },
      value: { unit: row.kpi_unit, value: row.value },
      target: { unit: row.kpi_unit, value: row.kpi_target },
    },
    url: '/user',
    recipients: [row.user_id],
    senderId: caller.id,
  });
}

/**
 * A value for a person, KPI and period (filed under the period's first day). 404 when
 * the person does not exist, 403 when the caller may not score them; every other refusal
 * is a 400 on its field and stores nothing.
 */
export async function addRecord(
  ctx: AppContext,
  caller: UserRow,
  input: TKpiRecordRequest,
  source: AuditSource,
): Promise<TKpiRecord> {
  const req = ZKpiRecordRequest.parse(input);
  const person = await repo.findPerson(ctx.db, req.username);
  if (!person) throw notFound();
  if (!canScoreKpi(caller, person)) throw forbidden(MAY_NOT_SCORE);
  if (!person.is_active) throw fieldError('username', INACTIVE_PERSON);
  const kpi = await repo.findDefinition(ctx.db, req.kpi);
  if (!kpi || !appliesTo(kpi, person.user_type)) throw fieldError('kpi', NOT_FOR_THEM);
  if (!kpi.is_active) throw fieldError('kpi', KPI_RETIRED);
  checkValue(kpi.unit, req.value);
  const start = periodStart(kpi.period, req.period);
  if (start > localDay(new Date(), ctx.config.TIME_ZONE)) throw fieldError('period', FUTURE_PERIOD);
  if (await repo.findRecordOf(ctx.db, person.id, kpi.id, start)) throw fieldError('period', ALREADY_RECORDED);

  try {
    return await withTx(ctx, async (tx) => {
      const id = await repo.insertRecord(tx.db, {
        user_id: person.id,
        kpi_id: kpi.id,
        period_start: start,
        value: req.value,
        note: req.note,
        entered_by: caller.id,
      });
      const row = (await repo.findRecord(tx.db, id))!;
      await recordEvent(tx.db, source, {
        action: 'kpi.recorded',
        targetType: 'kpi_record',
        targetId: id,
        details: { user: person.username, kpi: kpi.id, period_start: start, value: req.value },
      });
      await tellScored(tx, caller, row, false);
      return presentRecord(row);
    });
  } catch (err) {
    // Two entries of the same value at once: the second meets the unique key.
    if (uniqueViolationField(err, { kpi_records_user_kpi_period_key: 'period' })) {
      throw fieldError('period', ALREADY_RECORDED);
    }
    throw err;
  }
}

/** A new value and note; the previous ones (with who entered them, and when) go to the history. */
export async function updateRecord(
  ctx: AppContext,
  caller: UserRow,
  id: number,
  input: TKpiRecordUpdateRequest,
  source: AuditSource,
): Promise<TKpiRecord> {
  const req = ZKpiRecordUpdateRequest.parse(input);
  const current = await visibleRecord(ctx, caller, id);
  if (!canScoreKpi(caller, current)) throw forbidden(MAY_NOT_SCORE);
  checkValue(current.kpi_unit, req.value);

  return withTx(ctx, async (tx) => {
    const old = await repo.lockRecord(tx.db, id);
    if (!old) throw notFound();
    await repo.replaceValue(tx.db, old, { value: req.value, note: req.note, by: caller.id });
    const row = (await repo.findRecord(tx.db, id))!;
    await recordEvent(tx.db, source, {
      action: 'kpi.record_changed',
      targetType: 'kpi_record',
      targetId: id,
      details: { user: row.username, kpi: row.kpi_id, period_start: row.period_start, from: old.value, to: req.value },
    });
    await tellScored(tx, caller, row, true);
    return presentRecord(row, await repo.historyOf(tx.db, [id]));
  });
}
