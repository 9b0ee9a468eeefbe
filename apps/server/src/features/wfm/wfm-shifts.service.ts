import {
  canPlanShifts,
  type TBusEventOf,
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
import { fieldError, forbidden, notFound } from '../../lib/errors.js';
import { withTx, type Tx } from '../../lib/tx.js';
import { recordEvent } from '../event-logs/index.js';
import { importOverlaps, importRefusal, parseShiftCsv, UNKNOWN_INTERPRETER } from './shift-csv.js';
import { addDays } from './wfm-rules.js';
import { presentShift } from './wfm.presenter.js';
import * as repo from './wfm.repository.js';

const NO_SHIFT = 'shiftNotFound';
const NOT_AN_INTERPRETER = 'chooseActiveInterpreter';

/** Permission first: WFM and ADMIN write the schedule (others 403). */
function mustPlan(user: UserRow): void {
  if (!canPlanShifts(user)) throw forbidden();
}

async function readShift(db: repo.Db, id: number): Promise<TShift> {
  const row = await repo.findShift(db, id);
  if (!row) throw notFound(NO_SHIFT);
  return presentShift(row);
}

/** Other planners' grids re-read the days a change touched. */
function scheduleChanged(tx: Tx, dates: string[]): void {
  const sorted = [...dates].sort();
  tx.publish({ type: 'wfm_schedule', from: sorted[0]!, to: sorted.at(-1)! } satisfies TBusEventOf<'wfm_schedule'>);
}

/**
 * Refuses a shift that overlaps another of the same interpreter (400 on `start`, naming the
 * other one). Called after `lockSchedules`, so no other planner's write slips in between.
 */
async function mustNotOverlap(
  db: repo.Db,
  v: { user_id: number; date: string; start: string; end: string },
  tz: string,
  exceptId?: number,
): Promise<void> {
  const other = await repo.overlappingShift(db, v, tz, exceptId);
  if (other)
    throw fieldError('start', 'shiftOverlaps', { date: other.date, start: other.start_time, end: other.end_time });
}

/** `POST /api/wfm/shifts/`: one interpreter's shift on one day; several a day when none overlap. */
export async function createShift(
  ctx: AppContext,
  user: UserRow,
  v: z.output<typeof ZShiftRequest>,
  source: AuditSource,
): Promise<TShift> {
  mustPlan(user);
  const userId = (await repo.interpreterIds(ctx.db, [v.username])).get(v.username);
  if (userId === undefined) throw fieldError('username', NOT_AN_INTERPRETER);
  const tz = ctx.config.TIME_ZONE;
  return withTx(ctx, async (tx) => {
    await repo.lockSchedules(tx.db, [userId]);
    await mustNotOverlap(tx.db, { ...v, user_id: userId }, tz);
    const id = await repo.insertShift(tx.db, { ...v, user_id: userId }, tz, user.id);
    await recordEvent(tx.db, source, {
      action: 'wfm.shift_created',
      targetType: 'shift',
      targetId: id,
      details: { username: v.username, date: v.date, start: v.start, end: v.end },
    });
    scheduleChanged(tx, [v.date]);
    return readShift(tx.db, id);
  });
}

/**
 * `PUT /api/wfm/shifts/{id}/`: new times and note; with `date` or `username` the shift moves
 * there (refused like a new shift when it would overlap one of that person's).
 */
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
  const username = v.username ?? before.username;
  const userId =
    username === before.username ? before.user_id : (await repo.interpreterIds(ctx.db, [username])).get(username);
  if (userId === undefined) throw fieldError('username', NOT_AN_INTERPRETER);
  const next = { user_id: userId, date: v.date ?? before.date, start: v.start, end: v.end, note: v.note };
  const tz = ctx.config.TIME_ZONE;
  return withTx(ctx, async (tx) => {
    await repo.lockSchedules(tx.db, [before.user_id, userId]);
    await mustNotOverlap(tx.db, next, tz, id);
    if (!(await repo.updateShift(tx.db, id, next, tz, user.id))) throw notFound(NO_SHIFT);
    const moved = username !== before.username || next.date !== before.date;
    await recordEvent(tx.db, source, {
      action: 'wfm.shift_changed',
      targetType: 'shift',
      targetId: id,
      details: {
        username: before.username,
        date: before.date,
        from: { start: before.start_time, end: before.end_time },
        to: { start: v.start, end: v.end },
        ...(moved ? { moved_to: { username, date: next.date } } : {}),
      },
    });
    scheduleChanged(tx, [before.date, next.date]);
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
    scheduleChanged(tx, [before.date]);
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
 * saved (400 naming each line). The file is the plan of each interpreter-day it names:
 * those days' shifts are replaced by its rows (several make a split shift), checked
 * against each other and against the shifts it keeps (a night shift the evening before).
 * A dry run answers the same counts and saves nothing.
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

  const tz = ctx.config.TIME_ZONE;
  const rows: repo.ImportRow[] = shifts.map((s) => ({ ...s, user_id: ids.get(s.username)! }));
  const dates = rows.map((r) => r.date).sort();
  /** Checks the rows against each other and the kept shifts, and counts; throws on an overlap. */
  const check = async (db: repo.Db): Promise<TShiftImportResult> => {
    const userIds = rows.map((r) => r.user_id);
    const around = await repo.shiftsOfUsers(db, userIds, addDays(dates[0]!, -1), addDays(dates.at(-1)!, 1));
    const at = await repo.rowInstants(db, rows, tz);
    const overlaps = importOverlaps(
      rows.map((r, i) => ({ line: shifts[i]!.line, user_id: r.user_id, date: r.date, ...at[i]! })),
      around.map((s) => ({
        user_id: s.user_id,
        date: s.date,
        start: s.start_time,
        end: s.end_time,
        from: new Date(s.starts_at).getTime(),
        to: new Date(s.ends_at).getTime(),
      })),
    );
    if (overlaps.length > 0) throw importRefusal(overlaps);
    const days = new Set(rows.map((r) => `${r.user_id} ${r.date}`));
    const planned = new Set(around.map((s) => `${s.user_id} ${s.date}`));
    const replaced = rows.filter((r) => planned.has(`${r.user_id} ${r.date}`)).length;
    const removed = around.filter((s) => days.has(`${s.user_id} ${s.date}`)).length;
    return { rows: rows.length, created: rows.length - replaced, replaced, removed, dry_run };
  };
  if (dry_run) return check(ctx.db);
  return withTx(ctx, async (tx) => {
    await repo.lockSchedules(
      tx.db,
      rows.map((r) => r.user_id),
    );
    const result = await check(tx.db);
    await repo.replaceShiftDays(tx.db, rows, tz, user.id);
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
    scheduleChanged(tx, [dates[0]!, dates.at(-1)!]);
    return result;
  });
}
