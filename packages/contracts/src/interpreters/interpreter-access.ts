import { isStaff, type Actor } from '../users/permissions.js';
import type { TUserType } from '../users/user-types.js';

/** Who watches interpreters: the live board and follow. */
const BOARD_TYPES: readonly TUserType[] = [
  'WFM',
  'RTM',
  'OPERATION',
  'QUALITY',
  'English Department',
  'G.SDM',
  'G.I',
  'ADMIN',
];
/** Who plans and checks shifts (WFM pages); directors of any branch too. */
const WFM_TYPES: readonly TUserType[] = ['WFM', 'RTM', 'G.SDM', 'OPERATION', 'ADMIN'];

export function canSeeInterpreters(user: Pick<Actor, 'user_type'> | null | undefined): boolean {
  return !!user && isStaff(user) && BOARD_TYPES.includes(user.user_type);
}

export function canUseWfm(user: Pick<Actor, 'user_type' | 'is_director'> | null | undefined): boolean {
  return !!user && isStaff(user) && (WFM_TYPES.includes(user.user_type) || user.is_director);
}

/**
 * Who gets live presence (`/ws/interpreters/`): the board's audience and the WFM pages'
 * (their day board is live too), so a director outside the board list still hears it.
 */
export function canWatchPresence(user: Pick<Actor, 'user_type' | 'is_director'> | null | undefined): boolean {
  return canSeeInterpreters(user) || canUseWfm(user);
}

/** Interpreter profiles (languages, team, extension) and required staffing: WFM, RTM and ADMIN. */
export function canEditInterpreterProfiles(user: Pick<Actor, 'user_type'> | null | undefined): boolean {
  return !!user && isStaff(user) && (['WFM', 'RTM', 'ADMIN'] as TUserType[]).includes(user.user_type);
}
