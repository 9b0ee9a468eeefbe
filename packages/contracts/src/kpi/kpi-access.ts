import { canActOnDepartment, isStaff, type Actor } from '../users/permissions.js';
import type { TUserType } from '../users/user-types.js';

/** Who keeps the KPI definitions: QUALITY, WFM and ADMIN. */
export function canManageKpiDefinitions(user: Pick<Actor, 'user_type'> | null | undefined): boolean {
  return !!user && isStaff(user) && (['QUALITY', 'WFM', 'ADMIN'] as TUserType[]).includes(user.user_type);
}

/**
 * May `actor` enter or edit KPI values of a user of type `target`? ADMIN anyone; QUALITY
 * and WFM interpreters; for staff, a manager or director who may act on the user's
 * department by spec §6. Nobody scores themselves.
 */
export function canScoreKpi(
  actor: Pick<Actor, 'username' | 'user_type' | 'is_manager' | 'is_director'> | null | undefined,
  target: { username: string; user_type: TUserType },
): boolean {
  if (!actor || !isStaff(actor) || actor.username === target.username) return false;
  if (actor.user_type === 'ADMIN') return true;
  if (target.user_type === 'INTERPRETER') return actor.user_type === 'QUALITY' || actor.user_type === 'WFM';
  return (actor.is_manager || actor.is_director) && canActOnDepartment(actor.user_type, target.user_type);
}

/** Whose scorecard `actor` may read: their own, and everyone they may score. */
export function canSeeScorecard(
  actor: Pick<Actor, 'username' | 'user_type' | 'is_manager' | 'is_director'> | null | undefined,
  target: { username: string; user_type: TUserType },
): boolean {
  return !!actor && (actor.username === target.username || canScoreKpi(actor, target));
}

/** Whether the `kpi` pages (scores, missing) have anyone to show `actor`. */
export function canUseKpiPages(
  actor: Pick<Actor, 'username' | 'user_type' | 'is_manager' | 'is_director'> | null | undefined,
): boolean {
  if (!actor || !isStaff(actor)) return false;
  return (
    actor.user_type === 'ADMIN' ||
    actor.user_type === 'QUALITY' ||
    actor.user_type === 'WFM' ||
    actor.is_manager ||
    actor.is_director
  );
}
