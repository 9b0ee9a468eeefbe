import {
  canCancelLeave,
  canDecideLeave,
  canRevokeLeave,
  type LeaveAccessShape,
  type LeaveViewer,
  type TLeavePerson,
  type TLeaveRequest,
  type TLeaveTimelineEntry,
  type TLeaveType,
  type TUserType,
} from '@portal/contracts';
import type { LeaveRow, LeaveTypeRow } from './leaves.repository.js';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export const leaveAttachmentUrl = (id: number) => `/api/leaves/attachment/${id}/`;

/** What the access rules of contracts/leaves look at. */
export function accessShape(
  l: Pick<LeaveRow, 'user_id' | 'user_user_type' | 'status' | 'start_date'>,
): LeaveAccessShape {
  return { user: { id: l.user_id, user_type: l.user_user_type }, status: l.status, start_date: l.start_date };
}

export function presentType(t: LeaveTypeRow): TLeaveType {
  return { ...t, yearly_days: Number(t.yearly_days), carry_over_max_days: Number(t.carry_over_max_days) };
}

const person = (
  id: number | null,
  username: string | null,
  first_name: string | null,
  last_name: string | null,
  user_type: TUserType | null,
): TLeavePerson | null =>
  id === null || username === null
    ? null
    : { id, username, first_name: first_name ?? '', last_name: last_name ?? '', user_type: user_type! };

/** A request as `viewer` sees it, with what they may do now. */
export function presentLeave(l: LeaveRow, viewer: LeaveViewer, now: Date = new Date()): TLeaveRequest {
  const shape = accessShape(l);
  return {
    id: l.id,
    user: person(l.user_id, l.user_username, l.user_first_name, l.user_last_name, l.user_user_type)!,
    leave_type: {
      id: l.leave_type_id,
      code: l.type_code,
      name: l.type_name,
      name_ar: l.type_name_ar,
      counts_against_balance: l.type_counts_against_balance,
    },
    start_date: l.start_date,
    end_date: l.end_date,
    half_day: l.half_day,
    days: Number(l.days),
    reason: l.reason,
    status: l.status,
    created_at: iso(l.created_at),
    updated_at: iso(l.updated_at),
    recorded_by: person(
      l.recorded_by,
      l.recorder_username,
      l.recorder_first_name,
      l.recorder_last_name,
      l.recorder_user_type,
    ),
    attachments: l.attachments.map((a) => ({
      id: a.id,
      filename: a.filename,
      content_type: a.content_type,
      size: Number(a.size),
      url: leaveAttachmentUrl(a.id),
    })),
    timeline: l.timeline.map((e): TLeaveTimelineEntry => ({
      id: e.id,
      event: e.event as TLeaveTimelineEntry['event'],
      actor: person(e.actor_id, e.actor_username, e.actor_first_name, e.actor_last_name, e.actor_user_type),
      at: iso(e.at),
      comment: e.comment,
    })),
    can: {
      decide: canDecideLeave(viewer, shape),
      cancel: canCancelLeave(viewer, shape, now),
      revoke: canRevokeLeave(viewer, shape, now),
    },
  };
}
