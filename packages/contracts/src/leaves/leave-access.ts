import { canActOnDepartment, departmentsUnder, isStaff, type Actor } from '../users/permissions.js';
import type { TUserType } from '../users/user-types.js';
import { LEAVE_OPEN_STATUSES, type TLeaveStatus } from './leaves.js';

/**
 * Who may do what with leave. The server enforces these; the web asks the
 * same functions which controls to show.
 */
export interface LeaveViewer extends Pick<Actor, 'user_type' | 'is_director' | 'is_manager'> {
  id: number;
}

/** The parts of a request the rules look at. */
export interface LeaveAccessShape {
  user: { id: number; user_type: TUserType };
  status: TLeaveStatus;
  start_date: string;
}

const isHr = (v: Pick<LeaveViewer, 'user_type'>) => v.user_type === 'HR';
const isAdmin = (v: Pick<LeaveViewer, 'user_type'>) => v.user_type === 'ADMIN';

/** HR and ADMIN keep leave types, holidays and the working week; they also see every request. */
export function canManageLeaveSettings(viewer: Pick<LeaveViewer, 'user_type'> | null | undefined): boolean {
  return !!viewer && isStaff(viewer) && (isHr(viewer) || isAdmin(viewer));
}

/**
 * Spec §6 approvers of a department: a manager or director who may act on it (its own
 * or a group above), plus ADMIN; HR may decide any request.
 */
export function isLeaveApproverFor(viewer: LeaveViewer, department: TUserType): boolean {
  if (!isStaff(viewer)) return false;
  if (isHr(viewer) || isAdmin(viewer)) return true;
  return (viewer.is_manager || viewer.is_director) && canActOnDepartment(viewer.user_type, department);
}

/** The requester, their approvers, HR and ADMIN see a request; anyone else gets 404. */
export function canSeeLeave(viewer: LeaveViewer, leave: Pick<LeaveAccessShape, 'user'>): boolean {
  return isStaff(viewer) && (viewer.id === leave.user.id || isLeaveApproverFor(viewer, leave.user.user_type));
}

/**
 * Whether the viewer may decide the request's current step: an approver (never the
 * requester) while `pending`; HR or ADMIN (never the requester) while `awaiting_hr`.
 */
export function canDecideLeave(viewer: LeaveViewer, leave: LeaveAccessShape): boolean {
  if (viewer.id === leave.user.id || !isStaff(viewer)) return false;
  if (leave.status === 'pending') return isLeaveApproverFor(viewer, leave.user.user_type);
  if (leave.status === 'awaiting_hr') return isHr(viewer) || isAdmin(viewer);
  return false;
}

/** `YYYY-MM-DD` of `now` in UTC (leave dates are calendar dates). */
export const isoDay = (now: Date) => now.toISOString().slice(0, 10);

/** The requester cancels while it waits, or once approved until the leave starts. */
export function canCancelLeave(viewer: LeaveViewer, leave: LeaveAccessShape, now: Date = new Date()): boolean {
  if (viewer.id !== leave.user.id) return false;
  if ((LEAVE_OPEN_STATUSES as readonly string[]).includes(leave.status)) return true;
  return leave.status === 'approved' && leave.start_date > isoDay(now);
}

/** HR (or ADMIN) revokes an approved leave that has not started. */
export function canRevokeLeave(viewer: LeaveViewer, leave: LeaveAccessShape, now: Date = new Date()): boolean {
  return (
    canManageLeaveSettings(viewer) &&
    viewer.id !== leave.user.id &&
    leave.status === 'approved' &&
    leave.start_date > isoDay(now)
  );
}

/** HR records leave for someone else (and may back-date it). */
export function canRecordLeaveFor(viewer: LeaveViewer, userId: number): boolean {
  return viewer.id !== userId && canManageLeaveSettings(viewer);
}

/** Balances: one's own, or anyone the caller may approve for. */
export function canSeeBalancesOf(viewer: LeaveViewer, user: { id: number; user_type: TUserType }): boolean {
  return viewer.id === user.id || isLeaveApproverFor(viewer, user.user_type);
}

/**
 * The team calendar's departments: HR and ADMIN every staff department; managers and
 * directors those they may act on; anyone else none (no calendar).
 */
export function calendarDepartments(viewer: Omit<LeaveViewer, 'id'>): TUserType[] {
  if (!isStaff(viewer)) return [];
  if (isHr(viewer) || isAdmin(viewer)) return departmentsUnder('ADMIN').filter((d) => isStaff({ user_type: d }));
  if (!viewer.is_manager && !viewer.is_director) return [];
  return departmentsUnder(viewer.user_type).filter((d) => isStaff({ user_type: d }));
}

/** Whether the viewer has a team calendar at all (the web's route guard). */
export function canSeeTeamCalendar(viewer: Omit<LeaveViewer, 'id'> | null | undefined): boolean {
  return !!viewer && calendarDepartments(viewer).length > 0;
}
