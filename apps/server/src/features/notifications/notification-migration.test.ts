import fs from 'node:fs';
import { sql } from 'kysely';
import { notificationText, parseNotificationContent, ZNotificationPage, type TNotification } from '@portal/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.js';
import { migrateToLatest, migrateUpTo } from '../../db/migrate.js';
import { convertLegacyNotification, type LegacyContext } from '../../db/migrations/0017-notification-kinds.js';
import type { UserRow } from '../../db/schema.js';
import type { AppContext } from '../../lib/context.js';
import { freshPostgresDatabase, tempDir } from '../../../test/harness.js';
import { listNotifications } from './notifications.service.js';

const SENT = new Date('2026-11-20T15:00:00Z');

/** Sentences the server wrote before kinds, as its templates made them, with what they become. */
const TO_PEOPLE: [string, string][] = [
  ['Welcome to the staff portal, Ada.', 'accountWelcome'],
  ['An administrator reset your password.', 'passwordReset'],
  ['Your password was changed. If this was not you, tell IT at once.', 'passwordChanged'],
  ['Your Vendor on-time delivery % for 2024-03 was recorded: 80% (target 95%).', 'kpiRecorded'],
  ['Your Handle time for the week of 2026-11-22 was changed: 310 s (target 300 s).', 'kpiChanged'],
  ['Your Calls handled for 2026-11 was recorded: 812 (target 900.5).', 'kpiRecorded'],
  ["Reminder: enter Victor Carded's KPI values for 2024-03: Vendor reply time.", 'kpiDue'],
  [
    "Overdue: Iman Overdue's KPI values for the week of 2030-01-06 were not entered: Average handle time, Calls handled.",
    'kpiOverdue',
  ],
  ['Hala Rashed recorded your Casual leave (7 Sept 2026, 0.5 days).', 'leaveRecorded'],
  ['Hala Rashed asks for Annual leave: 7 Dec 2026 to 10 Dec 2026 (4 days).', 'leaveRequested'],
  ['Hala Rashed asks for Annual leave: 7 Dec 2026 (1 day).', 'leaveRequested'],
  ['Your Annual leave (2 Mar 2026 to 4 Mar 2026) was approved by Maha Hamdi.', 'leaveApproved'],
  ['Your Sick leave (2 Mar 2026) was rejected by Maha Hamdi: Not enough cover: try the week after.', 'leaveRejected'],
  ['Your Unpaid leave (2 Mar 2026) was confirmed by HR by Hala Rashed.', 'leaveHrConfirmed'],
  ['Your Unpaid leave (2 Mar 2026) was rejected by HR by Hala Rashed: Budget.', 'leaveHrRejected'],
  [
    "Noura Kamel's Maternity leave (1 Jan 2027 to 30 Mar 2027) was approved and waits for HR's confirmation.",
    'leaveAwaitingHr',
  ],
  ['Noura Kamel cancelled their approved Annual leave (7 Dec 2026).', 'leaveCancelled'],
  ['Hala Rashed revoked your Study days (7 Dec 2026).', 'leaveRevoked'],
  ['Hala Rashed revoked your Annual leave (7 Dec 2026): Operations need you.', 'leaveRevoked'],
  ['Ghada Ismail submitted a report: Weekly quality summary', 'reportSubmitted'],
  ['SLA breached: first response to ticket #12 "Printer jam" (IT, high) was due 14:05 UTC.', 'ticketSlaBreached'],
  ['SLA breached: resolution of ticket #13 "VPN" (G.I, urgent) was due 2026-11-19 23:30 UTC.', 'ticketSlaBreached'],
  ['Ibrahim Tawfik assigned you the ticket "Printer jam".', 'ticketAssigned'],
  ['Ibrahim Tawfik replied to your ticket "Printer jam".', 'ticketReplied'],
  ['Your ticket "Printer jam" is now in progress.', 'ticketStatusChanged'],
  ['Ibrahim Tawfik replied to your ticket "Printer jam"; it is now answered.', 'ticketRepliedStatusChanged'],
  ['Hala Rashed replied to the ticket "Printer jam".', 'ticketRequesterReplied'],
  ['Interpreter One is online.', 'presenceOnline'],
  // Fits no template (a month that is none, a sentence of its own): kept as it was.
  ['Hala Rashed asks for Annual leave: 31 Foo 2026 (4 days).', 'legacyText'],
  ['Something the server once wrote.', 'legacyText'],
];
const TO_TYPES: [string, string][] = [
  ['admin created the RTM account new.rtm.', 'accountCreated'],
  ['Someone created the IT account cli.user.', 'accountCreatedUnattributed'],
  ['Hala Rashed sent a ticket: Printer jam', 'ticketCreated'],
  // Announcements are a person's words, even when they read like a template sent to people.
  ['Payroll closes Friday', 'announcement'],
  ['Sara Ali is online.', 'announcement'],
];

const ctx: LegacyContext = {
  leaveTypeCodes: new Map([
    ['Annual leave', 'annual'],
    ['Casual leave', 'casual'],
    ['Sick leave', 'sick'],
    ['Unpaid leave', 'unpaid'],
    ['Maternity leave', 'maternity'],
    ['Study days', null],
  ]),
  kpiUnits: new Map([['Calls handled', 'score']]),
};

describe('notifications stored as sentences, read back into kinds', () => {
  it('become the kind their template says, and read in English exactly as before', () => {
    const rows = [
      ...TO_PEOPLE.map(([message, kind]) => ({ message, kind, levels: [] as string[] })),
      ...TO_TYPES.map(([message, kind]) => ({ message, kind, levels: ['HR'] })),
    ];
    for (const { message, kind, levels } of rows) {
      const converted = convertLegacyNotification({ message, timestamp: SENT, notification_level: levels }, ctx);
      expect(converted.kind, message).toBe(kind);
      const content = parseNotificationContent(converted.kind, converted.params);
      expect(content, `${message} → ${JSON.stringify(converted.params)}`).toBeDefined();
      expect(notificationText(content!, SENT)).toBe(message);
    }
  });

  it('keep what the words say as typed values: ISO dates, counts, codes, units', () => {
    const read = (message: string) =>
      convertLegacyNotification({ message, timestamp: SENT, notification_level: [] }, ctx).params;
    expect(read('Hala Rashed asks for Annual leave: 7 Dec 2026 to 10 Dec 2026 (4 days).')).toEqual({
      name: 'Hala Rashed',
      leaveType: { name: 'Annual leave', code: 'annual' },
      dates: { from: '2026-12-07', to: '2026-12-10' },
      count: 4,
    });
    expect(read('Hala Rashed revoked your Study days (7 Dec 2026).')).toMatchObject({
      leaveType: { name: 'Study days', code: null },
      comment: '',
    });
    expect(read('Your Calls handled for 2026-11 was recorded: 812 (target 900.5).')).toEqual({
      kpi: 'Calls handled',
      period: { period: 'monthly', start: '2026-11-01' },
      value: { unit: 'score', value: 812 },
      target: { unit: 'score', value: 900.5 },
    });
    // The time alone was written on the day it was sent.
    expect(
      read('SLA breached: first response to ticket #12 "Printer jam" (IT, high) was due 14:05 UTC.'),
    ).toMatchObject({ sla: 'first_response', ticket: 12, priority: 'high', due: '2026-11-20T14:05:00.000Z' });
    expect(read('Your ticket "Printer jam" is now in progress.')).toEqual({
      subject: 'Printer jam',
      status: 'in_progress',
    });
  });
});

describe('migration 0017 on a database that has notifications', () => {
  const dataDir = tempDir();
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('converts every row, and the list reads them back with kind, params and the same English message', async () => {
    const pgUrl = process.env.TEST_DATABASE_URL;
    const pg = pgUrl ? await freshPostgresDatabase(pgUrl) : undefined;
    drop = pg?.drop;
    const handle = await openDatabase({ databaseUrl: pg?.url, dataDir, poolSize: 1 });
    try {
      await migrateUpTo(handle.db, '0016-it-agent-daily-rows');
      const rows = [
        ...TO_PEOPLE.map(([message]) => ({ message, levels: [] as string[], recipients: [1] })),
        ...TO_TYPES.map(([message]) => ({ message, levels: ['ADMIN'], recipients: [] as number[] })),
      ];
      for (const r of rows) {
        await sql`insert into notifications (message, notification_level, recipients, timestamp)
          values (${r.message}, ${r.levels}, ${r.recipients}, ${SENT})`.execute(handle.db);
      }
      expect(await migrateToLatest(handle.db)).toContain('0017-notification-kinds');
      const columns = await sql<{ column_name: string }>`
        select column_name from information_schema.columns where table_name = 'notifications'`.execute(handle.db);
      expect(columns.rows.map((c) => c.column_name)).not.toContain('message');

      // What GET /api/notifications/all/ answers user 1 (an ADMIN), page by page, as its contract checks it.
      const ctx = { db: handle.db } as AppContext;
      const reader = { id: 1, user_type: 'ADMIN' } as UserRow;
      const read: TNotification[] = [];
      for (let page = 1; ; page++) {
        const answer = ZNotificationPage.parse(await listNotifications(ctx, reader, page));
        read.push(...answer.results);
        if (!answer.next) break;
      }
      const byMessage = new Map(read.map((n) => [n.message, n]));
      for (const [message, kind] of [...TO_PEOPLE, ...TO_TYPES]) {
        expect(byMessage.get(message)?.kind, message).toBe(kind);
      }
      expect(read).toHaveLength(TO_PEOPLE.length + TO_TYPES.length);
      expect(byMessage.get('Hala Rashed asks for Annual leave: 7 Dec 2026 to 10 Dec 2026 (4 days).')?.params).toEqual({
        name: 'Hala Rashed',
        leaveType: { name: 'Annual leave', code: 'annual' },
        dates: { from: '2026-12-07', to: '2026-12-10' },
        count: 4,
      });
    } finally {
      await handle.close();
    }
  });
});
