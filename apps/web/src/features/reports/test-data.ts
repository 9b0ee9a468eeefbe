import type { TReport, TUserRef } from '@portal/contracts';

export const person = (id: number, username: string, first_name: string, last_name: string): TUserRef => ({
  id,
  username,
  first_name,
  last_name,
  user_type: 'IT',
});

/** A report as the API answers it: manager.it's draft about Ibrahim (it). */
export function makeReport(over: Partial<TReport> = {}): TReport {
  return {
    id: 5,
    title: 'November coaching',
    type: 'coaching',
    status: 'draft',
    author: person(7, 'someone', 'Sam', 'One'),
    subjects: [person(3, 'it', 'Ibrahim', 'Tawfik')],
    period_from: '2026-11-01',
    period_to: '2026-11-30',
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-21T09:00:00.000Z',
    submitted_at: null,
    supersedes: null,
    superseded_by: null,
    body: '<p>Closed <strong>42</strong> tickets.</p><p>أداء ممتاز هذا الشهر.</p>',
    attachments: [],
    can_edit: true,
    ...over,
  };
}
