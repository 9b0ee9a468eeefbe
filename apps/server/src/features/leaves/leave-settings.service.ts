import {
  canManageLeaveSettings,
  DEFAULT_COVERAGE_WARNING_SHARE,
  DEFAULT_WEEKEND_DAYS,
  ZHolidayRequest,
  ZLeaveSettings,
  ZLeaveTypeRequest,
  type LeaveViewer,
  type THoliday,
  type THolidayRequest,
  type TLeaveSettings,
  type TLeaveType,
  type TLeaveTypeRequest,
  type WorkingCalendar,
} from '@portal/contracts';
import type { Database } from '../../db/database.js';
import type { AuditSource } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { fieldError, fieldsError, forbidden, notFound, uniqueViolationField } from '../../lib/errors.js';
import { readSettings, writeSetting } from '../../lib/settings.repository.js';
import { withTx } from '../../lib/tx.js';
import { recordEvent } from '../event-logs/index.js';
import { allowanceShortfall } from './leave-balance-guard.js';
import { presentType } from './leaves.presenter.js';
import * as repo from './leaves.repository.js';

/** HR's leave types, public holidays and working week. */

const SETTING_KEYS = { weekend: 'leaves.weekend_days', share: 'leaves.coverage_warning_share' } as const;

function mustManage(user: LeaveViewer) {
  if (!canManageLeaveSettings(user)) throw forbidden('leaveSettingsHrOnly');
}

/** A unique index hit → 400 on its field; anything else is rethrown. */
function asFieldError(
  err: unknown,
  byIndex: Record<string, string>,
  code: 'leaveTypeNameTaken' | 'holidayTaken',
): never {
  const field = uniqueViolationField(err, byIndex);
  if (field) throw fieldError(field, code);
  throw err;
}

// ---------------------------------------------------------------- settings

/** The working week and the coverage warning, the defaults where HR set nothing. */
export async function readLeaveSettings(db: Database): Promise<TLeaveSettings> {
  const stored = await readSettings(db, Object.values(SETTING_KEYS));
  const parsed = ZLeaveSettings.safeParse({
    weekend_days: JSON.parse(stored.get(SETTING_KEYS.weekend) ?? JSON.stringify(DEFAULT_WEEKEND_DAYS)),
    coverage_warning_share: Number(stored.get(SETTING_KEYS.share) ?? DEFAULT_COVERAGE_WARNING_SHARE),
  });
  return parsed.success
    ? parsed.data
    : { weekend_days: [...DEFAULT_WEEKEND_DAYS], coverage_warning_share: DEFAULT_COVERAGE_WARNING_SHARE };
}

export async function updateLeaveSettings(
  ctx: AppContext,
  user: LeaveViewer,
  input: TLeaveSettings,
  source: AuditSource,
): Promise<TLeaveSettings> {
  mustManage(user);
  const next = ZLeaveSettings.parse(input);
  next.weekend_days = [...next.weekend_days].sort((a, b) => a - b);
  return withTx(ctx, async (tx) => {
    await writeSetting(tx.db, SETTING_KEYS.weekend, JSON.stringify(next.weekend_days));
    await writeSetting(tx.db, SETTING_KEYS.share, String(next.coverage_warning_share));
    await recordEvent(tx.db, source, { action: 'leave.settings_changed', targetType: 'leave_settings', details: next });
    return next;
  });
}

/** The working week and the holidays between two days: what working days are counted with. */
export async function workingCalendar(
  db: Database,
  from: string,
  to: string,
): Promise<
  WorkingCalendar & { settings: TLeaveSettings; holidayNames: Map<string, { name: string; name_ar: string | null }> }
> {
  const [settings, holidays] = await Promise.all([readLeaveSettings(db), repo.holidaysBetween(db, from, to)]);
  return {
    settings,
    weekendDays: settings.weekend_days,
    holidays: new Set(holidays.map((h) => h.date)),
    holidayNames: new Map(holidays.map((h) => [h.date, { name: h.name, name_ar: h.name_ar }])),
  };
}

// ---------------------------------------------------------------- types

export async function listLeaveTypes(ctx: AppContext): Promise<TLeaveType[]> {
  return (await repo.listTypes(ctx.db)).map(presentType);
}

const TYPE_TAKEN = 'leaveTypeNameTaken' as const;

/** Adds a type (`id` null) or changes one; a name taken (whatever its case) → 400 on `name`. */
export async function saveLeaveType(
  ctx: AppContext,
  user: LeaveViewer,
  id: number | null,
  input: TLeaveTypeRequest,
  source: AuditSource,
): Promise<TLeaveType> {
  mustManage(user);
  const values = ZLeaveTypeRequest.parse(input);
  try {
    return await withTx(ctx, async (tx) => {
      if (id !== null) {
        // Locked until commit: no request is checked against the figures being changed.
        const old = await repo.findType(tx.db, id, 'update');
        const short = old && (await allowanceShortfall(tx.db, old, values));
        if (short) throw fieldsError({ [short.field]: [short.message] });
      }
      const row = id === null ? await repo.insertType(tx.db, values) : await repo.updateType(tx.db, id, values);
      if (!row) throw notFound('leaveTypeNotFound');
      await recordEvent(tx.db, source, {
        action: id === null ? 'leave.type_created' : 'leave.type_updated',
        targetType: 'leave_type',
        targetId: row.id,
        details: values,
      });
      return presentType(row);
    });
  } catch (err) {
    asFieldError(err, repo.LEAVE_TYPE_UNIQUE, TYPE_TAKEN);
  }
}

// ---------------------------------------------------------------- holidays

export function listHolidays(ctx: AppContext, year?: number): Promise<THoliday[]> {
  return repo.listHolidays(ctx.db, year);
}

export async function addHoliday(
  ctx: AppContext,
  user: LeaveViewer,
  input: THolidayRequest,
  source: AuditSource,
): Promise<THoliday> {
  mustManage(user);
  const { date, name, name_ar } = ZHolidayRequest.parse(input);
  try {
    return await withTx(ctx, async (tx) => {
      const row = await repo.insertHoliday(tx.db, date, name, name_ar ?? null);
      await recordEvent(tx.db, source, {
        action: 'leave.holiday_added',
        targetType: 'leave_holiday',
        targetId: row.id,
        details: { date, name, ...(name_ar ? { name_ar } : {}) },
      });
      return row;
    });
  } catch (err) {
    asFieldError(err, repo.HOLIDAY_UNIQUE, 'holidayTaken');
  }
}

export async function removeHoliday(ctx: AppContext, user: LeaveViewer, id: number, source: AuditSource) {
  mustManage(user);
  await withTx(ctx, async (tx) => {
    const row = await repo.deleteHoliday(tx.db, id);
    if (!row) throw notFound('holidayNotFound');
    await recordEvent(tx.db, source, {
      action: 'leave.holiday_removed',
      targetType: 'leave_holiday',
      targetId: id,
      details: { date: row.date, name: row.name, ...(row.name_ar ? { name_ar: row.name_ar } : {}) },
    });
  });
}
