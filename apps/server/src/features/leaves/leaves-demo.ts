import {
  DEFAULT_WEEKEND_DAYS,
  isWorkingDay,
  workingDaysByYear,
  type THalfDay,
  type TLeaveStatus,
} from '@portal/contracts';
import type { Database } from '../../db/database.js';
import { findUserByUsername } from '../users/index.js';
import * as leaves from './leaves.repository.js';

/** The codes of the leave types every install starts with (migration 0008). */
type DefaultLeaveCode = 'annual' | 'casual' | 'sick' | 'unpaid' | 'maternity' | 'bereavement';

/** Egypt's fixed-date public holidays (the lunar ones move every year: HR adds them). */
const DEMO_HOLIDAYS = [
  ['01-07', 'Coptic Christmas', 'عيد الميلاد المجيد'],
  ['01-25', 'January 25 Revolution Day', 'عيد ثورة 25 يناير'],
  ['04-25', 'Sinai Liberation Day', 'عيد تحرير سيناء'],
  ['05-01', 'Labour Day', 'عيد العمال'],
  ['06-30', 'June 30 Revolution Day', 'ذكرى ثورة 30 يونيو'],
  ['07-23', 'Revolution Day', 'عيد ثورة 23 يوليو'],
  ['10-06', 'Armed Forces Day', 'عيد القوات المسلحة'],
] as const;

interface DemoLeave {
  user: string;
  type: DefaultLeaveCode;
  /** Calendar days from today to the first day (moved on to the next working day). */
  from: number;
  /** Working days it takes. */
  days: number;
  status: TLeaveStatus;
  half_day?: THalfDay;
  reason: string;
  /** Who decided (approved, rejected, or cancelled: the requester). */
  by?: string;
  comment?: string;
}

/** Requests across the cast, this month and next: inboxes to work, a calendar to read. */
const DEMO_LEAVES: DemoLeave[] = [
  { user: 'hr', type: 'annual', from: 5, days: 3, status: 'pending', reason: 'Family visit in Alexandria.' },
  { user: 'it', type: 'annual', from: 8, days: 2, status: 'pending', reason: 'Moving house.' },
  { user: 'dev', type: 'casual', from: 3, days: 1, status: 'pending', reason: 'Car service appointment.' },
  { user: 'rtm', type: 'annual', from: 30, days: 5, status: 'pending', reason: 'Umrah trip.' },
  { user: 'manager.hr', type: 'annual', from: 40, days: 5, status: 'pending', reason: 'Year-end break.' },
  // The G.I director's departments have more waiting than home shows (the approvals inbox).
  { user: 'quality', type: 'casual', from: 2, days: 1, status: 'pending', reason: 'Parent-teacher meeting.' },
  {
    user: 'english.department',
    type: 'annual',
    from: 18,
    days: 2,
    status: 'pending',
    reason: 'Sister’s wedding in Aswan.',
  },
  { user: 'manager.ops', type: 'annual', from: 22, days: 3, status: 'pending', reason: 'Eid with family.' },
  { user: 'manager.it', type: 'annual', from: 45, days: 2, status: 'pending', reason: 'Long weekend.' },
  {
    user: 'quality',
    type: 'annual',
    from: 12,
    days: 5,
    status: 'approved',
    by: 'director.gi',
    reason: 'Holiday abroad.',
  },
  { user: 'manager.it', type: 'annual', from: 15, days: 4, status: 'approved', by: 'director.gi', reason: 'Wedding.' },
  {
    user: 'finance',
    type: 'annual',
    from: 20,
    days: 3,
    status: 'approved',
    by: 'director.ad',
    reason: 'Time with family.',
  },
  { user: 'recruitment', type: 'sick', from: -10, days: 2, status: 'approved', by: 'director.ad', reason: 'Flu.' },
  {
    user: 'hr',
    type: 'casual',
    from: -15,
    days: 1,
    status: 'approved',
    half_day: 'second',
    by: 'manager.hr',
    reason: 'Bank appointment.',
  },
  { user: 'it', type: 'sick', from: -3, days: 1, status: 'approved', by: 'manager.it', reason: 'Dentist.' },
  {
    user: 'manager.ops',
    type: 'casual',
    from: -5,
    days: 1,
    status: 'approved',
    by: 'admin',
    reason: 'School meeting.',
  },
  {
    user: 'english.department',
    type: 'bereavement',
    from: -8,
    days: 3,
    status: 'approved',
    by: 'director.gi',
    reason: 'Loss in the family.',
  },
  {
    user: 'manager.wfm',
    type: 'unpaid',
    from: 25,
    days: 5,
    status: 'awaiting_hr',
    by: 'admin',
    reason: 'Postgraduate exams.',
  },
  {
    user: 'marketing',
    type: 'annual',
    from: 10,
    days: 3,
    status: 'rejected',
    by: 'admin',
    comment: 'Campaign launch week; please choose the week after.',
    reason: 'Short trip.',
  },
  { user: 'vendor', type: 'annual', from: 35, days: 2, status: 'cancelled', by: 'vendor', reason: 'Plans changed.' },
];

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const plusDays = (day: string, n: number) => isoDate(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));

/** This year's and next year's fixed holidays, and the demo requests (of the default types). */
export async function seedLeavesDemo(db: Database): Promise<void> {
  const types = new Map<string, number>();
  for (const t of await leaves.listTypes(db)) if (t.code) types.set(t.code, t.id);
  const year = new Date().getUTCFullYear();
  const holidays = new Set<string>();
  for (const y of [year, year + 1]) {
    for (const [day, name, nameAr] of DEMO_HOLIDAYS) {
      await leaves.insertHoliday(db, `${y}-${day}`, name, nameAr);
      holidays.add(`${y}-${day}`);
    }
  }
  const calendar = { weekendDays: DEFAULT_WEEKEND_DAYS, holidays };
  const today = isoDate(new Date());
  for (const l of DEMO_LEAVES) {
    const user = await findUserByUsername(db, l.user);
    const by = l.by ? await findUserByUsername(db, l.by) : undefined;
    if (!user) continue;
    let start = plusDays(today, l.from);
    while (!isWorkingDay(start, calendar)) start = plusDays(start, 1);
    let end = start;
    for (let n = 1; n < l.days;) {
      end = plusDays(end, 1);
      if (isWorkingDay(end, calendar)) n++;
    }
    const byYear = workingDaysByYear(start, end, calendar, !!l.half_day);
    const id = await leaves.insertLeave(
      db,
      {
        user_id: user.id,
        leave_type_id: types.get(l.type)!,
        start_date: start,
        end_date: end,
        half_day: l.half_day ?? null,
        days: [...byYear.values()].reduce((a, b) => a + b, 0),
        reason: l.reason,
        status: l.status,
        recorded_by: null,
      },
      byYear,
    );
    const event = (e: string, actor = by, comment = '') =>
      leaves.insertLeaveEvent(db, { leave_id: id, event: e, actor_id: actor?.id ?? null, comment });
    await event('submitted', user);
    if (l.status === 'approved' || l.status === 'awaiting_hr') await event('approved');
    if (l.status === 'rejected') await event('rejected', by, l.comment);
    if (l.status === 'cancelled') await event('cancelled');
  }
}
