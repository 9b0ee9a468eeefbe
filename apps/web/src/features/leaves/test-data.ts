import type { TLeaveBalances, TLeavePerson, TLeaveRequest, TLeaveType } from '@portal/contracts';

/** Leave answers as the API gives them, for the feature's component tests. */
export const leavePerson = (id: number, username: string, first_name = '', last_name = ''): TLeavePerson => ({
  id,
  username,
  first_name,
  last_name,
  user_type: 'HR',
});

export function makeLeaveType(over: Partial<TLeaveType> = {}): TLeaveType {
  return {
    id: 1,
    code: 'annual',
    name: 'Annual leave',
    name_ar: null,
    yearly_days: 21,
    carry_over_max_days: 5,
    half_days_allowed: true,
    attachment_required_after_days: null,
    counts_against_balance: true,
    requires_hr_confirmation: false,
    is_active: true,
    ...over,
  };
}

export function makeLeave(over: Partial<TLeaveRequest> = {}): TLeaveRequest {
  return {
    id: 12,
    user: leavePerson(3, 'hala', 'Hala', 'Rashed'),
    leave_type: { id: 1, code: 'annual', name: 'Annual leave', name_ar: null, counts_against_balance: true },
    start_date: '2026-12-14',
    end_date: '2026-12-16',
    half_day: null,
    days: 3,
    reason: 'Family visit',
    status: 'pending',
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-20T09:00:00.000Z',
    recorded_by: null,
    attachments: [],
    timeline: [
      {
        id: 1,
        event: 'submitted',
        actor: leavePerson(3, 'hala', 'Hala', 'Rashed'),
        at: '2026-11-20T09:00:00.000Z',
        comment: '',
      },
    ],
    can: { decide: false, cancel: false, revoke: false },
    ...over,
  };
}

export function makeBalances(userId = 7, available = 18): TLeaveBalances {
  return {
    user: leavePerson(userId, 'someone', 'Sam', 'One'),
    year: 2026,
    balances: [
      {
        leave_type: { id: 1, code: 'annual', name: 'Annual leave', name_ar: null, counts_against_balance: true },
        year: 2026,
        entitlement: 21,
        carried_over: 0,
        approved: 0,
        pending: 21 - available,
        available,
      },
    ],
  };
}
