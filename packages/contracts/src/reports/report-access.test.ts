import { describe, expect, it } from 'vitest';
import type { TUserType } from '../users/user-types.js';
import { canReadAllReports, canReadReport, canReportOn } from './report-access.js';

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

describe('report access', () => {
  it('managers report on the departments they may act on; interpreters by the departments working with them', () => {
    const itManager = who('IT', { is_manager: true });
    expect(canReportOn(itManager, { user_type: 'IT' })).toBe(true);
    expect(canReportOn(itManager, { user_type: 'HR' })).toBe(false);
    expect(canReportOn(itManager, { user_type: 'INTERPRETER' })).toBe(false);
    expect(canReportOn(who('QUALITY', { is_manager: true }), { user_type: 'INTERPRETER' })).toBe(true);
    expect(canReportOn(who('QUALITY'), { user_type: 'INTERPRETER' })).toBe(false);
    expect(canReportOn(who('ADMIN', { is_manager: true }), { user_type: 'FINANCE' })).toBe(true);
  });

  it('a report is read by its author, ADMIN and the directors above its author', () => {
    const author = { username: 'manager.it', user_type: 'IT' as const };
    expect(canReadReport(who('IT', { is_manager: true }, 'manager.it'), author)).toBe(true);
    expect(canReadReport(who('IT', { is_manager: true }, 'other.manager'), author)).toBe(false);
    expect(canReadReport(who('ADMIN'), author)).toBe(true);
    expect(canReadReport(who('G.I', { is_director: true }), author)).toBe(true);
    expect(canReadReport(who('G.AD', { is_director: true }), author)).toBe(false);
    expect(canReadAllReports(who('G.AD', { is_director: true }))).toBe(true);
    expect(canReadAllReports(who('HR', { is_manager: true }))).toBe(false);
  });
});
