import type { TShareCall, TShareCandidate, TSharePerson } from '@portal/contracts';

export const qamar: TSharePerson = {
  id: 3,
  username: 'qamar',
  first_name: 'Qamar',
  last_name: 'Lutfi',
  user_type: 'QUALITY',
};
export const amira: TSharePerson = {
  id: 11,
  username: 'interpreter01',
  first_name: 'Amira',
  last_name: 'Saleh',
  user_type: 'INTERPRETER',
};

/** Someone the caller may watch, as `share/people` lists them. */
export function makeCandidate(over: Partial<TShareCandidate> = {}): TShareCandidate {
  return { ...amira, online: true, consent: 'ask', viewers: 0, ...over };
}

/** A call as the API answers it: Qamar watched Amira for 12 min 5 s, and ended it. */
export function makeCall(over: Partial<TShareCall> = {}): TShareCall {
  return {
    id: 5,
    viewer: qamar,
    target: amira,
    reason: 'Coaching on call openings',
    status: 'ended',
    consent: 'ask',
    requested_at: '2026-11-26T09:00:00.000Z',
    started_at: '2026-11-26T09:00:20.000Z',
    ended_at: '2026-11-26T09:12:25.000Z',
    duration_seconds: 725,
    expires_at: '2026-11-26T09:30:20.000Z',
    ended_by: qamar,
    end_reason: 'viewer',
    decline_note: null,
    viewer_endpoint: '00000000-0000-4000-8000-000000000001',
    target_endpoint: '00000000-0000-4000-8000-000000000002',
    snapshots: [],
    ...over,
  };
}

export const paged = <T>(results: T[]) => ({ results, count: results.length, next: null, previous: null });
