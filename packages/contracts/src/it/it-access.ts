import { canActOnDepartment, isStaff, type Actor } from '../users/permissions.js';
import type { TUserType } from '../users/user-types.js';

/**
 * Who sees whose monitoring, one rule for the server and the web:
 * - everyone sees their own ("My activity");
 * - IT sees every staff member and interpreter: watching devices is the IT department's
 *   job (spec §1), so spec §6's "own department" would leave its pages nearly empty;
 * - ADMIN and directors see the staff they may act on by spec §6 (ADMIN: everyone);
 * - interpreters are also visible to QUALITY and WFM (they score and plan them).
 */
type Viewer = Pick<Actor, 'user_type' | 'is_director'> & { id: number };
type Target = { id: number; user_type: TUserType };

const INTERPRETER_WATCHERS: readonly TUserType[] = ['IT', 'QUALITY', 'WFM', 'ADMIN'];

export function canSeeMonitoring(viewer: Viewer | null | undefined, target: Target): boolean {
  if (!viewer) return false;
  if (viewer.id === target.id) return true;
  if (!isStaff(viewer)) return false;
  if (target.user_type === 'INTERPRETER') return INTERPRETER_WATCHERS.includes(viewer.user_type);
  if (target.user_type === 'GUEST') return false;
  if (viewer.user_type === 'IT') return true;
  return (viewer.user_type === 'ADMIN' || viewer.is_director) && canActOnDepartment(viewer.user_type, target.user_type);
}

/** Who opens the IT board (`/it`) and its live channel: anyone who may watch someone else. */
export function canSeeItBoard(viewer: Pick<Actor, 'user_type' | 'is_director'> | null | undefined): boolean {
  if (!viewer || !isStaff(viewer)) return false;
  return INTERPRETER_WATCHERS.includes(viewer.user_type) || viewer.is_director;
}

/** Agents (list, revoke), redaction and category rules: IT and ADMIN. */
export function canManageItAgents(viewer: Pick<Actor, 'user_type'> | null | undefined): boolean {
  return !!viewer && (viewer.user_type === 'IT' || viewer.user_type === 'ADMIN');
}

/** Who may enroll an agent for themselves: staff and interpreters (never guests). */
export function canRunAgent(user: Pick<Actor, 'user_type'> | null | undefined): boolean {
  return !!user && user.user_type !== 'GUEST';
}
