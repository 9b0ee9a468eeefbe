import { canActOnDepartment, canUseShare, departmentsUnder, isStaff, type Actor } from '../users/permissions.js';
import type { TUserType } from '../users/user-types.js';

/**
 * Whom a viewer may watch: a share-role user (spec §6) watches interpreters,
 * and the staff they may act on (their own department or one below them, spec §6);
 * never themselves, never a guest.
 */
export function canWatch(viewer: Actor | null | undefined, target: Actor): boolean {
  if (!viewer || !canUseShare(viewer) || viewer.username === target.username) return false;
  if (target.user_type === 'INTERPRETER') return true;
  return isStaff(target) && canActOnDepartment(viewer.user_type, target.user_type);
}

/** ADMIN stands above every department, so ADMIN may watch whomever any viewer may. */
const ANY_ADMIN: Actor = { username: '', user_type: 'ADMIN', is_director: false, is_manager: false };

/** Whether anyone may watch this person (canWatch by some viewer): interpreters and staff, never a guest. */
export function canBeWatched(user: Actor | null | undefined): boolean {
  return !!user && canWatch(ANY_ADMIN, user);
}

/**
 * Who may be in a call at all, and so may hold relay (TURN) credentials: viewers in the
 * share roles, and people who can be watched.
 */
export function canJoinShareCalls(user: Actor | null | undefined): boolean {
  return canUseShare(user) || canBeWatched(user);
}

/** The calls list (audit of who watched whom): ADMIN, QUALITY and directors. */
export function canSeeShareCalls(user: Actor | null | undefined): boolean {
  return !!user && isStaff(user) && (user.user_type === 'ADMIN' || user.user_type === 'QUALITY' || user.is_director);
}

/**
 * Which calls an auditor sees: ADMIN all; others the calls whose viewer or target is in
 * a department they may act on, and QUALITY also every call on an interpreter.
 */
export function shareCallScope(
  user: Actor | null | undefined,
): 'all' | { departments: TUserType[]; interpreters: boolean } | null {
  if (!canSeeShareCalls(user)) return null;
  if (user!.user_type === 'ADMIN') return 'all';
  return { departments: departmentsUnder(user!.user_type), interpreters: user!.user_type === 'QUALITY' };
}

/** What the call rules need of a call. */
export interface ShareCallFacts {
  viewer: Pick<Actor, 'username' | 'user_type'>;
  target: Pick<Actor, 'username' | 'user_type'>;
}

/** One call's record: its two parties, and auditors whose scope holds it. */
export function canSeeShareCall(user: Actor | null | undefined, call: ShareCallFacts): boolean {
  if (!user) return false;
  if (user.username === call.viewer.username || user.username === call.target.username) return true;
  const scope = shareCallScope(user);
  if (!scope) return false;
  if (scope === 'all') return true;
  if (scope.interpreters && call.target.user_type === 'INTERPRETER') return true;
  return scope.departments.includes(call.viewer.user_type) || scope.departments.includes(call.target.user_type);
}

/** Whether an interpreter's consent was given at hiring (no question, a notice): ADMIN sets it. */
export function canSetShareConsent(user: Actor | null | undefined): boolean {
  return !!user && user.user_type === 'ADMIN';
}
