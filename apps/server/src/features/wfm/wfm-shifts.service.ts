import {
  canPlanShifts,
  type TShift,
  type TShiftImportResult,
  type ZShiftImportRequest,
  type ZShiftRequest,
  type ZShiftUpdateRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import type { UserRow } from '../../db/schema.js';
import type { AuditSource } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { fieldError, forbidden, notFound, uniqueViolationField } from '../../lib/errors.js';
import { withTx } from '../../lib/tx.js';
import { recordEvent } from '../event-logs/index.js';
import { importRefusal, parseShiftCsv, UNKNOWN_INTERPRETER } from './shift-csv.js';
import { presentShift } from './wfm.presenter.js';
import * as repo from './wfm.repository.js';

const NO_SHIFT = 'shiftNotFound';
const NOT_AN_INTERPRETER = 'chooseActiveInterpreter';
const DAY_TAKEN = 'shiftDayTaken';

/** Permission first: WFM and ADMIN write the schedule (others 403). */
function mustPlan(user: UserRow): void {
  if (!canPlanShifts(user)) throw forbidden();
}

/** A second shift on a day that someone else just took: the unique index answers on `date`. */
function dayTakenOr(err: unknown): unknown {
  return uniqueViolationField(err, { shifts_user_date_key: 'date' }) ? fieldError('date', DAY_TAKEN) : err;
}

async function readShift(db: repo.Db, id: number): Promise<TShift> {
  const row = await repo.findShift(db, id);
  if (!row) throw notFound(NO_SHIFT);
  return presentShift(row);
}

/** `POST /api/wfm/shifts/`: one interpreter's shift on one day (a second one on that day: 400 on `date`). */
export async function createShift(
  ctx: AppContext,
  user: UserRow,
  v: z.output<typeof ZShiftRequest>,
  source: AuditSource,
): Promise<TShift> {
  mustPlan(user);
  const userId = (await repo.interpreterIds(ctx.db, [v.username])).get(v.username);
  if (userId === undefined) throw fieldError('username', NOT_AN_INTERPRETER);
  if (await repo.shiftExists(ctx.db, userId, v.date)) throw fieldError('date', DAY_TAKEN);
  try {
    return await withTx(ctx, async (tx) => {
      const id = await repo.insertShift(tx.db, { ...v, user_id: userId }, ctx.config.TIME_ZONE, user.id);
      await recordEvent(tx.db, source, {
        action: 'wfm.shift_created',
        targetType: 'shift',
        targetId: id,
        details: { username: v.username, date: v.date, start: v.start, end: v.end },
      });
      return readShift(tx.db, id);
    });
  } catch (err) {
    throw dayTakenOr(err);
  }
}

/** `PUT /api/wfm/shifts/{id}/`: new times and note (the day and person stay). */
export async function updateShift(
  ctx: AppContext,
  user: UserRow,
  id: number,
  v: z.output<typeof ZShiftUpdateRequest>,
  source: AuditSource,
): Promise<TShift> {
  mustPlan(user);
  const before = await repo.findShift(ctx.db, id);
  if (!before) throw notFound(NO_SHIFT);
  return withTx(ctx, async (tx) => {
    if (!(await repo.updateShift(tx.db, id, v, ctx.config.TIME_ZONE, user.id))) throw notFound(NO_SHIFT);
    await recordEvent(tx.db, source, {
      action: 'wfm.shift_changed',
      targetType: 'shift',
      targetId: id,
      details: {
        username: before.username,
        date: before.date,
        from: { start: before.start_time, end: before.end_time },
        to: { start: v.start, end: v.end },
      },
    });
    return readShift(tx.db, id);
  });
}

/** `DELETE /api/wfm/shifts/{id}/`. */
export async function deleteShift(ctx: AppContext, user: UserRow, id: number, source: AuditSource): Promise<void> {
  mustPlan(user);
  const before = await repo.findShift(ctx.db, id);
  if (!before) throw notFound(NO_SHIFT);
  await withTx(ctx, async (tx) => {
    if (!(await repo.deleteShift(tx.db, id))) throw notFound(NO_SHIFT);
    await recordEvent(tx.db, source, {
      action: 'wfm.shift_deleted',
      targetType: 'shift',
      targetId: id,
      details: { username: before.username, date: before.date, start: before.start_time, end: before.end_time },
    });
  });
}

/**
 * `POST /api/wfm/shifts/import/`: every line checked first; one bad line and nothing is
 * saved (400 naming each line). Otherwise all rows in one transaction, a day that already
 * has a shift replaced. A dry run answers the same counts and saves nothing.
 */
export async function importShifts(
  ctx: AppContext,
  user: UserRow,
  { csv, dry_run }: z.output<typeof ZShiftImportRequest>,
  source: AuditSource,
): Promise<TShiftImportResult> {
  mustPlan(user);
  const { shifts, problems } = parseShiftCsv(csv);
  const ids = await repo.interpreterIds(ctx.db, [...new Set(shifts.map((s) => s.username))]);
  for (const s of shifts) if (!ids.has(s.username)) problems.push({ line: s.line, reason: UNKNOWN_INTERPRETER });
  if (problems.length > 0) throw importRefusal(problems);

  const rows: repo.ImportRow[] = shifts.map((s) => ({ ...s, user_id: ids.get(s.username)! }));
  const counts = (replaced: number): TShiftImportResult => ({
    rows: rows.length,
    created: rows.length - replaced,
    replaced,
    dry_run,
  });
  if (dry_run) return counts(await repo.countExisting(ctx.db, rows));
  return withTx(ctx, async (tx) => {
    const result = counts(await repo.countExisting(tx.db, rows));
    await repo.upsertShifts(tx.db, rows, ctx.config.TIME_ZONE, user.id);
    const dates = rows.map((r) => r.date).sort();
    await recordEvent(tx.db, source, {
      action: 'wfm.shifts_imported',
      targetType: 'shift',
      details: {
        rows: result.rows,
        created: result.created,
        replaced: result.replaced,
        from: dates[0],
        to: dates.at(-1),
      },
    });
    return result;
  });
}
