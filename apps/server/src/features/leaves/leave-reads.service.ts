import {
  calendarDepartments,
  canSeeBalancesOf,
  canSeeLeave,
  isLeaveApproverFor,
  isoDay,
  USER_TYPES,
  ZBalancesQuery,
  ZCalendarQuery,
  ZLeaveInboxQuery,
  ZMyLeavesQuery,
  type LeaveViewer,
  type TBalancesQuery,
  type TCalendar,
  type TCalendarQuery,
  type TLeaveBalances,
  type TLeaveCoverage,
  type TLeaveInboxQuery,
  type TLeaveRequest,
  type TLeaveStatus,
  type TMyLeavesQuery,
} from '@portal/contracts';
import type { Database } from '../../db/database.js';
import type { AppContext } from '../../lib/context.js';
import { fieldError, forbidden, notFound } from '../../lib/errors.js';
import { readStoredFile } from '../../lib/files/index.js';
import { balanceFor, CARRY_OVER_YEARS_BACK, coverage, monthRange } from './leave-rules.js';
import { workingCalendar } from './leave-settings.service.js';
import { accessShape, presentLeave } from './leaves.presenter.js';
import * as repo from './leaves.repository.js';

const NOT_FOUND = 'leaveNotFound';

/** The request, or 404 when it does not exist or the caller may not see it (never a hint). */
export async function visibleLeave(db: Database, viewer: LeaveViewer, id: number): Promise<repo.LeaveRow> {
  const row = await repo.findLeave(db, id);
  if (!row || !canSeeLeave(viewer, accessShape(row))) throw notFound(NOT_FOUND);
  return row;
}

export async function getLeave(ctx: AppContext, viewer: LeaveViewer, id: number): Promise<TLeaveRequest> {
  return presentLeave(await visibleLeave(ctx.db, viewer, id), viewer);
}

const SUBMITTED: readonly TLeaveStatus[] = ['pending', 'awaiting_hr'];

export async function myLeaves(ctx: AppContext, viewer: LeaveViewer, query: TMyLeavesQuery): Promise<TLeaveRequest[]> {
  const q = ZMyLeavesQuery.parse(query);
  const filter: repo.MyLeavesFilter = { year: q.year };
  if (q.status === 'submitted') filter.statuses = SUBMITTED;
  if (q.status === 'completed') Object.assign(filter, { statuses: ['approved'], endedBefore: isoDay(new Date()) });
  const rows = await repo.listMine(ctx.db, viewer.id, filter);
  return rows.map((r) => presentLeave(r, viewer));
}

/** The departments whose pending requests `viewer` decides (HR and ADMIN: every one). */
export const approvedDepartments = (viewer: LeaveViewer) => USER_TYPES.filter((d) => isLeaveApproverFor(viewer, d));

export async function inbox(
  ctx: AppContext,
  viewer: LeaveViewer,
  query: TLeaveInboxQuery = {},
): Promise<TLeaveRequest[]> {
  const q = ZLeaveInboxQuery.parse(query);
  if (q.from && q.to && q.to < q.from) throw fieldError('to', 'lastDayBeforeFirst');
  const confirmsForHr = viewer.user_type === 'HR' || viewer.user_type === 'ADMIN';
  const rows = await repo.listInbox(ctx.db, viewer.id, approvedDepartments(viewer), confirmsForHr, {
    leaveType: q.leave_type,
    department: q.department,
    from: q.from,
    to: q.to,
    sort: q.sort,
  });
  return rows.map((r) => presentLeave(r, viewer));
}

// ---------------------------------------------------------------- balances

/**
 * Balances of `user` for `years` per type: active types, and retired ones the user has
 * days in. `firstYear` bounds the carry-over (the account's first year).
 */
export async function balancesOf(db: Database, user: Pick<repo.PersonRow, 'id' | 'created_at'>, years: number[]) {
  const firstYear = new Date(user.created_at).getUTCFullYear();
  const from = Math.max(firstYear, Math.min(...years) - CARRY_OVER_YEARS_BACK);
  const [types, used] = await Promise.all([repo.listTypes(db), repo.usage(db, user.id, from, Math.max(...years))]);
  const usageOf = (typeId: number) => (year: number) => {
    const u = used.find((r) => r.leave_type_id === typeId && r.year === year);
    return { approved: u?.approved ?? 0, pending: u?.pending ?? 0 };
  };
  return {
    types,
    balance: (typeId: number, year: number) => {
      const type = types.find((t) => t.id === typeId)!;
      const kind = {
        yearly_days: Number(type.yearly_days),
        carry_over_max_days: Number(type.carry_over_max_days),
        counts_against_balance: type.counts_against_balance,
      };
      return balanceFor(kind, year, firstYear, usageOf(typeId));
    },
  };
}

export async function getBalances(
  ctx: AppContext,
  viewer: LeaveViewer,
  query: TBalancesQuery,
): Promise<TLeaveBalances> {
  const q = ZBalancesQuery.parse(query);
  const person = await repo.findPerson(ctx.db, q.user ?? viewer.id);
  if (!person || !canSeeBalancesOf(viewer, person)) throw notFound('userNotFound');
  const year = q.year ?? new Date().getUTCFullYear();
  const { types, balance } = await balancesOf(ctx.db, person, [year]);
  const balances = types
    .map((t) => ({ t, b: balance(t.id, year) }))
    .filter(({ t, b }) => t.is_active || b.approved > 0 || b.pending > 0)
    .map(({ t, b }) => ({
      leave_type: {
        id: t.id,
        code: t.code,
        name: t.name,
        name_ar: t.name_ar,
        counts_against_balance: t.counts_against_balance,
      },
      year,
      ...b,
    }));
  const { id, username, first_name, last_name, user_type } = person;
  return { user: { id, username, first_name, last_name, user_type }, year, balances };
}

// ---------------------------------------------------------------- coverage and calendar

/**
 * Per day of a request: how many others of the requester's department are off. For the
 * department's approvers (HR and ADMIN among them); the requester as such gets 403.
 */
export async function leaveCoverage(ctx: AppContext, viewer: LeaveViewer, id: number): Promise<TLeaveCoverage> {
  const leave = await visibleLeave(ctx.db, viewer, id);
  const department = leave.user_user_type;
  if (viewer.id === leave.user_id || !isLeaveApproverFor(viewer, department)) {
    throw forbidden('coverageApproversOnly');
  }
  const [calendar, off, counts] = await Promise.all([
    workingCalendar(ctx.db, leave.start_date, leave.end_date),
    repo.offBetween(ctx.db, [department], leave.start_date, leave.end_date),
    repo.headcounts(ctx.db, [department]),
  ]);
  const share = calendar.settings.coverage_warning_share;
  const others = off.filter((o) => o.user_id !== leave.user_id);
  return {
    department,
    warning_share: share,
    days: coverage(leave.start_date, leave.end_date, others, counts.get(department) ?? 0, share, calendar),
  };
}

export async function teamCalendar(ctx: AppContext, viewer: LeaveViewer, query: TCalendarQuery): Promise<TCalendar> {
  const q = ZCalendarQuery.parse(query);
  const allowed = calendarDepartments(viewer);
  if (allowed.length === 0) throw forbidden('teamCalendarRestricted');
  if (q.department && !allowed.includes(q.department)) throw notFound('departmentNotFound');
  const departments = q.department ? [q.department] : allowed;
  const { first, last } = monthRange(q.month);
  const [calendar, off, counts] = await Promise.all([
    workingCalendar(ctx.db, first, last),
    repo.offBetween(ctx.db, departments, first, last),
    repo.headcounts(ctx.db, departments),
  ]);
  const headcount = [...counts.values()].reduce((a, b) => a + b, 0);
  const share = calendar.settings.coverage_warning_share;
  const days = coverage(first, last, off, headcount, share, calendar).map((d) => ({
    date: d.date,
    working: d.working,
    holiday: calendar.holidayNames.get(d.date)?.name ?? null,
    holiday_ar: calendar.holidayNames.get(d.date)?.name_ar ?? null,
    off: off
      .filter((o) => o.start_date <= d.date && o.end_date >= d.date)
      .map((o) => ({
        leave: o.id,
        user: {
          id: o.user_id,
          username: o.username,
          first_name: o.first_name,
          last_name: o.last_name,
          user_type: o.user_type,
        },
        leave_type: { id: o.type_id, code: o.type_code, name: o.type_name, name_ar: o.type_name_ar },
        status: o.status,
        half_day: o.half_day,
      })),
    headcount: d.headcount,
    share: d.share,
    warning: d.warning,
  }));
  return { month: q.month, departments, warning_share: share, days };
}

// ---------------------------------------------------------------- attachments

export async function getLeaveAttachment(ctx: AppContext, viewer: LeaveViewer, id: number) {
  const a = await repo.findLeaveAttachment(ctx.db, id);
  if (!a || !canSeeLeave(viewer, { user: { id: a.user_id, user_type: a.user_type } })) {
    throw notFound('attachmentNotFound');
  }
  const file = await readStoredFile(ctx.db, a.file_id);
  if (!file) throw notFound('attachmentNotFound');
  return file;
}
