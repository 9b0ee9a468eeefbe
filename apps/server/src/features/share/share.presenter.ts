import type { TShareAvailability, TShareCall, TShareCandidate, TSharePerson } from '@portal/contracts';
import type { CallRow, CandidateRow } from './share.repository.js';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const ms = (d: Date | string) => (d instanceof Date ? d : new Date(d)).getTime();

function person(p: Pick<CandidateRow, 'id' | 'username' | 'first_name' | 'last_name' | 'user_type'>): TSharePerson {
  return { id: p.id, username: p.username, first_name: p.first_name, last_name: p.last_name, user_type: p.user_type };
}

export const consentOf = (row: Pick<CandidateRow, 'user_type' | 'consent_at_hiring'>) =>
  row.user_type === 'INTERPRETER' && row.consent_at_hiring ? ('notice' as const) : ('ask' as const);

export function presentCandidate(r: CandidateRow): TShareCandidate {
  return { ...person(r), online: r.online, consent: consentOf(r), viewers: Number(r.viewers) };
}

export function presentCall(r: CallRow): TShareCall {
  const end = r.ended_at ?? (r.status === 'active' ? r.now : null);
  return {
    id: r.id,
    viewer: {
      id: r.viewer_id,
      username: r.viewer_username,
      first_name: r.viewer_first_name,
      last_name: r.viewer_last_name,
      user_type: r.viewer_user_type,
    },
    target: {
      id: r.target_id,
      username: r.target_username,
      first_name: r.target_first_name,
      last_name: r.target_last_name,
      user_type: r.target_user_type,
    },
    reason: r.reason,
    status: r.status,
    consent: r.consent,
    requested_at: iso(r.requested_at),
    started_at: r.started_at ? iso(r.started_at) : null,
    ended_at: r.ended_at ? iso(r.ended_at) : null,
    duration_seconds: r.started_at && end ? Math.max(0, Math.round((ms(end) - ms(r.started_at)) / 1000)) : null,
    expires_at: r.started_at && r.status === 'active' ? iso(new Date(ms(r.started_at) + r.max_seconds * 1000)) : null,
    ended_by:
      r.ender_id !== null
        ? {
            id: r.ender_id,
            username: r.ender_username!,
            first_name: r.ender_first_name!,
            last_name: r.ender_last_name!,
            user_type: r.ender_user_type!,
          }
        : null,
    end_reason: r.end_reason,
    decline_note: r.decline_note,
    viewer_endpoint: r.viewer_endpoint,
    target_endpoint: r.target_endpoint,
    snapshots: r.snapshots.map((s) => ({ id: s.id, taken_at: iso(s.taken_at), size: Number(s.size) })),
  };
}

export function presentAvailability(
  target: CandidateRow,
  limits: { max_viewers: number; max_minutes: number; retry_at: Date | null },
): TShareAvailability {
  return {
    target: person(target),
    online: target.online,
    consent: consentOf(target),
    viewers: Number(target.viewers),
    max_viewers: limits.max_viewers,
    max_minutes: limits.max_minutes,
    retry_at: limits.retry_at ? iso(limits.retry_at) : null,
  };
}
