import { describe, expect, it } from 'vitest';
import {
  ALLOWED_ABOVE,
  canActOnDepartment,
  canAdministerAccounts,
  canManageReports,
  canSeeNotificationLevel,
  canUseShare,
  canViewEventLogs,
  eventLogScope,
  departmentsUnder,
  isStaff,
  type Actor,
} from './permissions.js';
import { USER_TYPES, type TUserType } from './user-types.js';

/** Spec §6 written out as the test's own table, independent of the module's. */
const GROUP_OF: Record<TUserType, TUserType | null> = {
  ADMIN: null,
  IT: 'G.I',
  QUALITY: 'G.I',
  OPERATION: 'G.I',
  'English Department': 'G.I',
  DEVELOPER: 'G.I',
  Traning: 'G.I',
  HR: 'G.AD',
  RECRUITMENT: 'G.AD',
  FINANCE: 'G.AD',
  WFM: 'G.SDM',
  RTM: 'G.SDM',
  Vendor: 'G.E',
  'Bussiness Development': 'G.E',
  Marketing: 'G.E',
  'G.I': null,
  'G.E': null,
  'G.SDM': null,
  'G.AD': null,
  INTERPRETER: null,
  GUEST: null,
};
const NON_STAFF: TUserType[] = ['INTERPRETER', 'GUEST'];

function expected(actor: TUserType, target: TUserType): boolean {
  if (NON_STAFF.includes(actor)) return false;
  if (actor === 'ADMIN') return true;
  if (actor === target) return true;
  return GROUP_OF[target] === actor;
}

const actor = (user_type: TUserType, over: Partial<Actor> = {}): Actor => ({
  username: 'someone',
  user_type,
  is_director: false,
  is_manager: false,
  ...over,
});

describe('the user types of spec §1', () => {
  it('lists all 21, spelled exactly as the spec does', () => {
    expect(USER_TYPES).toHaveLength(21);
    expect(USER_TYPES).toEqual(
      expect.arrayContaining(['Traning', 'Bussiness Development', 'English Department', 'G.SDM']),
    );
    expect(Object.keys(ALLOWED_ABOVE).sort()).toEqual([...USER_TYPES].sort());
  });
});

describe('isStaff (spec §1 "management")', () => {
  it.each(USER_TYPES.map((t) => [t]))('%s', (t) => {
    expect(isStaff(actor(t))).toBe(!NON_STAFF.includes(t));
  });
  it('is false with no user', () => {
    expect(isStaff(null)).toBe(false);
    expect(isStaff(undefined)).toBe(false);
  });
});

describe('canActOnDepartment: every type against every type (spec §6)', () => {
  const cases = USER_TYPES.flatMap((a) => USER_TYPES.map((t) => [a, t, expected(a, t)] as const));
  it.each(cases)('%s on %s → %s', (a, t, want) => {
    expect(canActOnDepartment(a, t)).toBe(want);
  });
  it('departmentsUnder agrees with the table', () => {
    for (const a of USER_TYPES) {
      expect(departmentsUnder(a).sort()).toEqual(USER_TYPES.filter((t) => expected(a, t)).sort());
    }
  });
});

describe('guards', () => {
  const SHARE: TUserType[] = ['ADMIN', 'QUALITY', 'G.I', 'G.E', 'English Department'];
  it.each(USER_TYPES.map((t) => [t]))('share route for %s', (t) => {
    expect(canUseShare(actor(t))).toBe(SHARE.includes(t));
  });
  it('share admits username dev whatever the type, but not a non-staff dev', () => {
    expect(canUseShare(actor('HR', { username: 'dev' }))).toBe(true);
    expect(canUseShare(actor('INTERPRETER', { username: 'dev' }))).toBe(false);
    expect(canUseShare(null)).toBe(false);
  });

  it.each(USER_TYPES.map((t) => [t]))('event logs for %s: ADMIN or director only (the spec flaw fixed)', (t) => {
    expect(canViewEventLogs(actor(t))).toBe(t === 'ADMIN');
    expect(canViewEventLogs(actor(t, { is_director: true }))).toBe(!NON_STAFF.includes(t));
    expect(canViewEventLogs(actor(t, { is_manager: true }))).toBe(t === 'ADMIN');
  });
  it('event logs refuse no user', () => expect(canViewEventLogs(null)).toBe(false));

  it.each(USER_TYPES.map((t) => [t]))('reports for %s: managers only', (t) => {
    expect(canManageReports(actor(t))).toBe(false);
    expect(canManageReports(actor(t, { is_manager: true }))).toBe(!NON_STAFF.includes(t));
  });

  it.each(USER_TYPES.map((t) => [t]))('account administration for %s: ADMIN only', (t) => {
    expect(canAdministerAccounts(actor(t, { is_director: true, is_manager: true }))).toBe(t === 'ADMIN');
  });

  it('a notification is seen only by the types in its level list', () => {
    expect(canSeeNotificationLevel(actor('HR'), ['HR', 'IT'])).toBe(true);
    expect(canSeeNotificationLevel(actor('WFM'), ['HR', 'IT'])).toBe(false);
    expect(canSeeNotificationLevel(actor('HR'), [])).toBe(false);
  });
});

describe('eventLogScope: ADMIN reads every record, a director the records of their branch', () => {
  it('answers all for ADMIN, the branch for directors, nothing for others', () => {
    expect(eventLogScope(actor('ADMIN'))).toBe('all');
    expect(eventLogScope(actor('G.I', { is_director: true }))).toEqual([
      'IT',
      'QUALITY',
      'OPERATION',
      'English Department',
      'DEVELOPER',
      'Traning',
      'G.I',
    ]);
    expect(eventLogScope(actor('FINANCE', { is_director: true }))).toEqual(['FINANCE']);
    expect(eventLogScope(actor('HR'))).toBeNull();
    expect(eventLogScope(actor('INTERPRETER', { is_director: true }))).toBeNull();
    expect(eventLogScope(null)).toBeNull();
  });
});
