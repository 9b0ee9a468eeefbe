import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_KIND_CODES,
  NOTIFICATION_KINDS,
  NOTIFICATION_PARAM_TYPES,
  notificationText,
  parseNotificationContent,
  type NotificationKindDefinition,
} from './notification-kinds.js';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();

describe('the notification kinds', () => {
  it('each has its English text(s), naming exactly its parameters, each of a known type', () => {
    for (const code of NOTIFICATION_KIND_CODES) {
      const def: NotificationKindDefinition = NOTIFICATION_KINDS[code];
      expect(code, code).toMatch(/^[a-z][A-Za-z]*$/);
      const names = Object.keys(def.params);
      for (const type of Object.values(def.params)) expect(Object.keys(NOTIFICATION_PARAM_TYPES), code).toContain(type);
      const counts = names.includes('count');
      // A count picks the plural form: both English forms, and only then.
      expect(typeof def.en === 'object', `${code}: plural forms iff it has a count`).toBe(counts);
      if (counts) expect(def.params, code).toMatchObject({ count: 'count' });
      const comment = names.includes('comment');
      expect(def.withComment !== undefined, `${code}: a text with the comment iff it has one`).toBe(comment);
      const texts = typeof def.en === 'string' ? [def.en] : [def.en.one, def.en.other];
      const plainNames = names.filter((n) => n !== 'comment').sort();
      for (const text of texts) {
        expect(text.trim(), code).not.toBe('');
        expect(placeholders(text), `${code}: ${text}`).toEqual(plainNames);
      }
      if (def.withComment !== undefined) expect(placeholders(def.withComment), code).toEqual([...names].sort());
      // No parameter type is named `count` except the count itself (i18next reserves it).
      for (const [name, type] of Object.entries(def.params)) if (type === 'count') expect(name, code).toBe('count');
    }
  });

  it('read in English as the server wrote them before kinds existed', () => {
    const leave = { name: 'Hala Rashed', leaveType: { name: 'Annual leave', code: 'annual', name_ar: 'إجازة سنوية' } };
    expect(
      notificationText({
        kind: 'leaveRequested',
        params: { ...leave, dates: { from: '2026-12-07', to: '2026-12-10' }, count: 4 },
      }),
    ).toBe('Hala Rashed asks for Annual leave: 7 Dec 2026 to 10 Dec 2026 (4 days).');
    expect(
      notificationText({
        kind: 'leaveRequested',
        params: { ...leave, dates: { from: '2026-12-07', to: '2026-12-07' }, count: 1 },
      }),
    ).toBe('Hala Rashed asks for Annual leave: 7 Dec 2026 (1 day).');
    expect(
      notificationText({
        kind: 'leaveRecorded',
        params: { ...leave, dates: { from: '2026-12-07', to: '2026-12-07' }, count: 0.5 },
      }),
    ).toBe('Hala Rashed recorded your Annual leave (7 Dec 2026, 0.5 days).');
    const decided = { ...leave, dates: { from: '2026-03-02', to: '2026-03-04' } };
    expect(notificationText({ kind: 'leaveHrRejected', params: { ...decided, comment: '' } })).toBe(
      'Your Annual leave (2 Mar 2026 to 4 Mar 2026) was rejected by HR by Hala Rashed.',
    );
    expect(notificationText({ kind: 'leaveApproved', params: { ...decided, comment: 'Enjoy.' } })).toBe(
      'Your Annual leave (2 Mar 2026 to 4 Mar 2026) was approved by Hala Rashed: Enjoy.',
    );
    const kpi = {
      kpi: { name: 'Handle time', name_ar: 'مدة المعالجة' },
      period: { period: 'weekly', start: '2026-11-22' },
    } as const;
    expect(
      notificationText({
        kind: 'kpiChanged',
        params: { ...kpi, value: { unit: 'seconds', value: 310.00004 }, target: { unit: 'seconds', value: 300 } },
      }),
    ).toBe('Your Handle time for the week of 2026-11-22 was changed: 310 s (target 300 s).');
    expect(
      notificationText({
        kind: 'kpiDue',
        params: {
          name: 'Sara Ali',
          period: { period: 'monthly', start: '2030-01-01' },
          kpis: [
            { name: 'A', name_ar: 'أ' },
            { name: 'B', name_ar: null },
          ],
        },
      }),
    ).toBe("Reminder: enter Sara Ali's KPI values for 2030-01: A, B.");
    const breach = {
      sla: 'first_response',
      ticket: 12,
      subject: 'Printer',
      department: 'IT',
      priority: 'high',
      due: '2026-11-20T14:05:00.000Z',
    } as const;
    // The time alone on the day it was sent, with its date on another.
    expect(notificationText({ kind: 'ticketSlaBreached', params: breach }, new Date('2026-11-20T15:00:00Z'))).toBe(
      'SLA breached: first response to ticket #12 "Printer" (IT, high) was due 14:05 UTC.',
    );
    expect(notificationText({ kind: 'ticketSlaBreached', params: breach }, new Date('2026-11-21T00:01:00Z'))).toBe(
      'SLA breached: first response to ticket #12 "Printer" (IT, high) was due 2026-11-20 14:05 UTC.',
    );
    expect(
      notificationText({
        kind: 'ticketRepliedStatusChanged',
        params: { name: 'Ibrahim', subject: 'VPN', status: 'in_progress' },
      }),
    ).toBe('Ibrahim replied to your ticket "VPN"; it is now in progress.');
  });

  it('read names stored before their Arabic forms as the English name alone', () => {
    const period = { period: 'monthly', start: '2030-01-01' };
    expect(parseNotificationContent('kpiDue', { name: 'Sara Ali', period, kpis: ['A', 'B'] })?.params).toEqual({
      name: 'Sara Ali',
      period,
      kpis: [
        { name: 'A', name_ar: null },
        { name: 'B', name_ar: null },
      ],
    });
    const leave = {
      name: 'Hala',
      leaveType: { name: 'Study days', code: null },
      dates: { from: '2030-01-01', to: '2030-01-01' },
    };
    expect(parseNotificationContent('leaveCancelled', leave)?.params).toEqual({
      ...leave,
      leaveType: { name: 'Study days', code: null, name_ar: null },
    });
  });

  it('refuse parameters that do not fit their kind, and kinds they do not know', () => {
    expect(parseNotificationContent('presenceOnline', { name: 'Sara' })).toEqual({
      kind: 'presenceOnline',
      params: { name: 'Sara' },
    });
    expect(parseNotificationContent('presenceOnline', {})).toBeUndefined();
    expect(parseNotificationContent('presenceOnline', { name: 'Sara', extra: 1 })).toBeUndefined();
    expect(
      parseNotificationContent('leaveRequested', {
        name: 'x',
        leaveType: { name: 'Annual leave', code: null },
        dates: { from: '7 Dec 2026', to: '2026-12-10' },
        count: 4,
      }),
    ).toBeUndefined();
    expect(parseNotificationContent('ticketStatusChanged', { subject: 's', status: 'pending' })).toBeUndefined();
    expect(parseNotificationContent('somethingNewer', {})).toBeUndefined();
    expect(parseNotificationContent('toString', {})).toBeUndefined();
  });
});
