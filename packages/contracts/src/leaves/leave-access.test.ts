import { describe, expect, it } from 'vitest';
import {
  calendarDepartments,
  canCancelLeave,
  canDecideLeave,
  canRevokeLeave,
  canSeeLeave,
  type LeaveViewer,
} from './leave-access.js';

const v = (id: number, user_type: LeaveViewer['user_type'], flags: Partial<LeaveViewer> = {}): LeaveViewer => ({
  id,
  user_type,
  is_manager: false,
  is_director: false,
  ...flags,
});

const requester = v(1, 'IT');
const leave = (status: 'pending' | 'awaiting_hr' | 'approved' = 'pending', start_date = '2026-12-10') => ({
  user: { id: requester.id, user_type: requester.user_type },
  status,
  start_date,
});
const now = new Date('2026-11-23T12:00:00Z');

describe('leave access', () => {
  it.each([
    ['the requester', requester, true, false],
    ['an IT manager', v(2, 'IT', { is_manager: true }), true, true],
    ['a G.I director (group above IT)', v(3, 'G.I', { is_director: true }), true, true],
    ['a plain IT colleague', v(4, 'IT'), false, false],
    ['a G.E manager (another branch)', v(5, 'G.E', { is_manager: true }), false, false],
    ['any HR staff', v(6, 'HR'), true, true],
    ['ADMIN', v(7, 'ADMIN'), true, true],
    ['an interpreter', v(8, 'INTERPRETER', { is_manager: true }), false, false],
  ])('%s: sees %s, decides a pending request %s', (_who, viewer, sees, decides) => {
    expect(canSeeLeave(viewer, leave())).toBe(sees);
    expect(canDecideLeave(viewer, leave())).toBe(decides);
  });

  it('nobody decides their own request, HR and ADMIN included', () => {
    const hr = v(9, 'HR', { is_manager: true });
    expect(canDecideLeave(hr, { ...leave(), user: { id: 9, user_type: 'HR' } })).toBe(false);
  });

  it('the HR step is HR and ADMIN only', () => {
    expect(canDecideLeave(v(2, 'IT', { is_manager: true }), leave('awaiting_hr'))).toBe(false);
    expect(canDecideLeave(v(6, 'HR'), leave('awaiting_hr'))).toBe(true);
    expect(canDecideLeave(v(6, 'HR'), leave('approved'))).toBe(false);
  });

  it('the requester cancels while waiting or before an approved leave starts; HR revokes before it starts', () => {
    expect(canCancelLeave(requester, leave('pending', '2026-11-01'), now)).toBe(true);
    expect(canCancelLeave(requester, leave('approved'), now)).toBe(true);
    expect(canCancelLeave(requester, leave('approved', '2026-11-23'), now)).toBe(false);
    expect(canCancelLeave(v(2, 'IT', { is_manager: true }), leave(), now)).toBe(false);
    expect(canRevokeLeave(v(6, 'HR'), leave('approved'), now)).toBe(true);
    expect(canRevokeLeave(v(6, 'HR'), leave('approved', '2026-11-20'), now)).toBe(false);
    expect(canRevokeLeave(v(2, 'IT', { is_manager: true }), leave('approved'), now)).toBe(false);
  });

  it('the team calendar: HR and ADMIN every staff department, managers their branch, others none', () => {
    expect(calendarDepartments(v(6, 'HR'))).toContain('FINANCE');
    expect(calendarDepartments(v(6, 'HR'))).not.toContain('INTERPRETER');
    expect(calendarDepartments(v(3, 'G.I', { is_manager: true }))).toEqual(
      expect.arrayContaining(['IT', 'QUALITY', 'G.I']),
    );
    expect(calendarDepartments(v(3, 'G.I', { is_manager: true }))).not.toContain('HR');
    expect(calendarDepartments(v(4, 'IT'))).toEqual([]);
  });
});
