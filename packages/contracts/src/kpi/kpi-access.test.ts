import { describe, expect, it } from 'vitest';
import type { TUserType } from '../users/user-types.js';
import { canManageKpiDefinitions, canScoreKpi, canSeeScorecard, canUseKpiPages } from './kpi-access.js';

const who = (
  user_type: TUserType,
  flags: { is_manager?: boolean; is_director?: boolean } = {},
  username = 'actor',
) => ({
  username,
  user_type,
  is_manager: flags.is_manager ?? false,
  is_director: flags.is_director ?? false,
});
const interpreter = { username: 'interpreter01', user_type: 'INTERPRETER' as const };
const itStaff = { username: 'it.agent', user_type: 'IT' as const };

describe('KPI access', () => {
  it.each([
    ['QUALITY', who('QUALITY'), true, false],
    ['WFM', who('WFM'), true, false],
    ['ADMIN', who('ADMIN'), true, true],
    ['an IT manager', who('IT', { is_manager: true }), false, true],
    ['an IT member', who('IT'), false, false],
    ['the G.I director (above IT)', who('G.I', { is_director: true }), false, true],
    ['the G.AD director (not above IT)', who('G.AD', { is_director: true }), false, false],
    ['an HR manager', who('HR', { is_manager: true }), false, false],
    ['RTM', who('RTM'), false, false],
  ])('%s: scores interpreters %s, IT staff %s', (_name, actor, interpreters, staff) => {
    expect(canScoreKpi(actor, interpreter)).toBe(interpreters);
    expect(canScoreKpi(actor, itStaff)).toBe(staff);
  });

  it('nobody scores themselves, not even ADMIN; everyone reads their own scorecard', () => {
    const admin = who('ADMIN', {}, 'admin');
    expect(canScoreKpi(admin, { username: 'admin', user_type: 'ADMIN' })).toBe(false);
    expect(canSeeScorecard(admin, { username: 'admin', user_type: 'ADMIN' })).toBe(true);
    expect(canSeeScorecard(who('IT', {}, 'it.agent'), itStaff)).toBe(true);
    expect(canSeeScorecard(who('IT', {}, 'someone'), itStaff)).toBe(false);
  });

  it('definitions are kept by QUALITY, WFM and ADMIN; the pages open for those who score', () => {
    expect(['QUALITY', 'WFM', 'ADMIN', 'HR', 'IT'].map((t) => canManageKpiDefinitions(who(t as TUserType)))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(canUseKpiPages(who('HR'))).toBe(false);
    expect(canUseKpiPages(who('HR', { is_manager: true }))).toBe(true);
    expect(canUseKpiPages(who('QUALITY'))).toBe(true);
    expect(canUseKpiPages({ ...who('INTERPRETER') })).toBe(false);
  });
});
