import { describe, expect, it } from 'vitest';
import { EVENT_DETAILS, eventDetailFieldNames, eventDetailValueWords, eventLogRefs } from './event-log-details.js';
import { EVENT_ACTIONS } from './event-logs.js';

describe('event-log details', () => {
  it('declare every action, and nothing else', () => {
    expect(Object.keys(EVENT_DETAILS).sort()).toEqual([...EVENT_ACTIONS].sort());
  });

  it('find the records an event points at: its target (several too) and ids inside its details', () => {
    expect(
      eventLogRefs({
        action: 'leave.submitted',
        target_type: 'leave',
        target_id: '12',
        details: { user: 4, leave_type: 1, start_date: '2026-03-01', days: 2 },
      }).sort(),
    ).toEqual([
      ['leave', 12],
      ['leave_type', 1],
      ['user', 4],
    ]);
    expect(
      eventLogRefs({ action: 'ocr.create', target_type: 'ocr_job', target_id: '7,8', details: { files: 2 } }),
    ).toEqual([
      ['ocr_job', 7],
      ['ocr_job', 8],
    ]);
    // Unassigned (null), lists, and the names of kinds that are no records.
    expect(
      eventLogRefs({
        action: 'ticket.assigned',
        target_type: 'ticket',
        target_id: '3',
        details: { from: null, to: 9 },
      }),
    ).toEqual([
      ['ticket', 3],
      ['user', 9],
    ]);
    expect(
      eventLogRefs({
        action: 'kpi.reminder_due',
        target_type: 'user',
        target_id: '5',
        details: { period_start: '2026-01-01', kpis: [2, 3] },
      }),
    ).toEqual([
      ['user', 5],
      ['kpi_definition', 2],
      ['kpi_definition', 3],
    ]);
    expect(
      eventLogRefs({ action: 'ticket_sla.updated', target_type: 'ticket_sla', target_id: 'IT', details: {} }),
    ).toEqual([]);
    // A forged or unknown shape names nothing.
    expect(
      eventLogRefs({ action: 'auth.hologram_scanned', target_type: 'user', target_id: 'x', details: { user: 1 } }),
    ).toEqual([]);
  });

  it('list the field names and code words readers need words for', () => {
    expect(eventDetailFieldNames()).toEqual(expect.arrayContaining(['leave_type', 'first_response_minutes', 'start']));
    expect(eventDetailValueWords()).toEqual(
      expect.arrayContaining(['in_progress', 'wrong password', 'monthly_summary']),
    );
  });
});
