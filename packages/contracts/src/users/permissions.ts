import { NON_STAFF_TYPES, USER_TYPES, type TUserType } from './user-types.js';

/**
 * The one permissions module (spec §1, §6). Server and web both ask these questions;
 * neither re-implements them. Each function answers one question.
 */
export interface Actor {
  username: string;
  user_type: TUserType;
  is_director: boolean;
  is_manager: boolean;
}

/** Spec §6: the groups allowed above each department (besides the department itself). */
export const ALLOWED_ABOVE: Readonly<Record<TUserType, readonly TUserType[]>> = {
  ADMIN: [],
  IT: ['G.I', 'ADMIN'],
  QUALITY: ['G.I', 'ADMIN'],
  OPERATION: ['G.I', 'ADMIN'],
  'English Department': ['G.I', 'ADMIN'],
  DEVELOPER: ['G.I', 'ADMIN'],
  Traning: ['G.I', 'ADMIN'],
  HR: ['G.AD', 'ADMIN'],
  RECRUITMENT: ['G.AD', 'ADMIN'],
  FINANCE: ['G.AD', 'ADMIN'],
  WFM: ['G.SDM', 'ADMIN'],
  RTM: ['G.SDM', 'ADMIN'],
  Vendor: ['G.E', 'ADMIN'],
  'Bussiness Development': ['G.E', 'ADMIN'],
  Marketing: ['G.E', 'ADMIN'],
  'G.I': ['ADMIN'],
  'G.E': ['ADMIN'],
  'G.SDM': ['ADMIN'],
  'G.AD': ['ADMIN'],
  // Not in the spec's table: interpreters and guests are not a department, so only
  // ADMIN stands above them (features such as quality monitoring add their own rules).
  INTERPRETER: ['ADMIN'],
  GUEST: ['ADMIN'],
};

/** Spec §1: "management" = a user exists and is neither INTERPRETER nor GUEST. */
export function isStaff(user: Pick<Actor, 'user_type'> | null | undefined): boolean {
  return !!user && !(NON_STAFF_TYPES as readonly string[]).includes(user.user_type);
}

/**
 * Spec §6: may a user of type `actor` act on records of department `target`?
 * Their own department, or a group allowed above it. Non-staff act on nothing.
 */
export function canActOnDepartment(actor: TUserType, target: TUserType): boolean {
  if (!isStaff({ user_type: actor })) return false;
  return actor === target || ALLOWED_ABOVE[target].includes(actor);
}

/** The departments (user types) a user of type `actor` may act on. */
export function departmentsUnder(actor: TUserType): TUserType[] {
  return USER_TYPES.filter((t) => canActOnDepartment(actor, t));
}

const SHARE_TYPES: readonly TUserType[] = ['ADMIN', 'QUALITY', 'G.I', 'G.E', 'English Department'];
/** Spec §6: screen-sharing routes. */
export function canUseShare(user: Actor | null | undefined): boolean {
  return !!user && isStaff(user) && (SHARE_TYPES.includes(user.user_type) || user.username === 'dev');
}

/** Spec §6 with its flaw fixed: event logs are for directors and ADMIN only. */
export function canViewEventLogs(user: Actor | null | undefined): boolean {
  return !!user && isStaff(user) && (user.is_director || user.user_type === 'ADMIN');
}

/**
 * Which event-log records a viewer may read: ADMIN every record; a director the records
 * of their branch (the departments they may act on, spec §6): those whose actor, target
 * user or target ticket's department is in it. Null: no event-log access at all.
 */
export function eventLogScope(user: Actor | null | undefined): 'all' | TUserType[] | null {
  if (!canViewEventLogs(user)) return null;
  return user!.user_type === 'ADMIN' ? 'all' : departmentsUnder(user!.user_type);
}

/** Spec §6: user/reports are for managers. */
export function canManageReports(user: Actor | null | undefined): boolean {
  return !!user && isStaff(user) && user.is_manager;
}

/** Creating and administering accounts (the spec leaves it open): ADMIN only. */
export function canAdministerAccounts(user: Actor | null | undefined): boolean {
  return !!user && user.user_type === 'ADMIN';
}

/** Spec §6: a notification is shown when the user's type is in its level list. */
export function canSeeNotificationLevel(user: Pick<Actor, 'user_type'>, levels: readonly string[]): boolean {
  return levels.includes(user.user_type);
}

/** Announcements to chosen user types: ADMIN, HR and directors. */
export function canAnnounce(user: Actor | null | undefined): boolean {
  return !!user && isStaff(user) && (user.user_type === 'ADMIN' || user.user_type === 'HR' || user.is_director);
}
