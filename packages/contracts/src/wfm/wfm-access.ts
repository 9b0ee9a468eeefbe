import { isStaff, type Actor } from '../users/permissions.js';
import type { TUserType } from '../users/user-types.js';

// Who sees the WFM pages at all is `canUseWfm` (interpreters/interpreter-access.ts).

/** Who writes the schedule (CSV import, inline edits): WFM and ADMIN. */
export function canPlanShifts(user: Pick<Actor, 'user_type'> | null | undefined): boolean {
  return !!user && isStaff(user) && (['WFM', 'ADMIN'] as TUserType[]).includes(user.user_type);
}

/** Who sets the required online count per language pair and hour: RTM (real-time management), WFM and ADMIN. */
export function canSetStaffing(user: Pick<Actor, 'user_type'> | null | undefined): boolean {
  return !!user && isStaff(user) && (['RTM', 'WFM', 'ADMIN'] as TUserType[]).includes(user.user_type);
}
