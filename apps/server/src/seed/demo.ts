import {
  canScoreKpi,
  isWorkingDay,
  KPI_UNIT_RANGES,
  periodEnd,
  periodStart,
  shiftPeriod,
  type TKpiUnit,
  languagePairKey,
  STAFF_DEPARTMENTS,
  workingDaysByYear,
  DEFAULT_WEEKEND_DAYS,
  type THalfDay,
  type TLeaveStatus,
  type TTicketDepartment,
  type TUserType,
} from '@portal/contracts';
import type { Database } from '../db/database.js';
import { hashPassword } from '../features/auth/index.js';
import * as interpreters from '../features/interpreters/interpreters.repository.js';
import { deriveSessions } from '../features/interpreters/presence-rules.js';
import * as presence from '../features/interpreters/presence.repository.js';
import * as leaves from '../features/leaves/leaves.repository.js';
import * as wfm from '../features/wfm/wfm.repository.js';
import * as kpi from '../features/kpi/kpi.repository.js';
import * as reports from '../features/reports/reports.repository.js';
import { seedShareDemo } from '../features/share/share-demo.js';
import { storeFile } from '../lib/files/index.js';
import { localDay } from '../features/kpi/kpi-scoring.js';
import { insertCannedReply, type CannedReplyValues } from '../features/tickets/canned-replies.repository.js';
import { upsertSlaTargets, type SlaTargetRow } from '../features/tickets/ticket-sla.repository.js';
import { countUsers, insertUsers } from '../features/users/index.js';
import { findUserByUsername } from '../features/users/users.repository.js';

export const DEMO_PASSWORD = 'Portal#Demo2026';

interface DemoUser {
  username: string;
  user_type: TUserType;
  first_name: string;
  last_name: string;
  is_director?: boolean;
  is_manager?: boolean;
}

const slug = (t: string) =>
  t
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');

const FIRST = ['Amira', 'Omar', 'Layla', 'Youssef', 'Nour', 'Karim', 'Salma', 'Hassan', 'Mona', 'Tarek'];
const LAST = ['Haddad', 'Mansour', 'Saleh', 'Khalil', 'Nasser', 'Farouk', 'Aziz', 'Rahman', 'Said', 'Fahmy'];

/** The demo cast: every user type, two directors, several managers, 30 interpreters. */
export function demoUsers(): DemoUser[] {
  const named: DemoUser[] = [
    { username: 'admin', user_type: 'ADMIN', first_name: 'Ada', last_name: 'Admin' },
    { username: 'hr', user_type: 'HR', first_name: 'Hala', last_name: 'Rashed' },
    { username: 'it', user_type: 'IT', first_name: 'Ibrahim', last_name: 'Tawfik' },
    { username: 'quality', user_type: 'QUALITY', first_name: 'Qamar', last_name: 'Lutfi' },
    { username: 'dev', user_type: 'DEVELOPER', first_name: 'Dina', last_name: 'Victor' },
    { username: 'director.gi', user_type: 'G.I', first_name: 'Ghada', last_name: 'Ismail', is_director: true },
    { username: 'director.ad', user_type: 'G.AD', first_name: 'Adel', last_name: 'Darwish', is_director: true },
    { username: 'manager.hr', user_type: 'HR', first_name: 'Maha', last_name: 'Hamdi', is_manager: true },
    { username: 'manager.it', user_type: 'IT', first_name: 'Mazen', last_name: 'Issa', is_manager: true },
    { username: 'manager.wfm', user_type: 'WFM', first_name: 'Walid', last_name: 'Fathy', is_manager: true },
    { username: 'manager.ops', user_type: 'OPERATION', first_name: 'Rania', last_name: 'Osman', is_manager: true },
    { username: 'guest', user_type: 'GUEST', first_name: 'Guest', last_name: 'Visitor' },
  ];
  const covered = new Set(named.map((u) => u.user_type));
  const rest: DemoUser[] = STAFF_DEPARTMENTS.filter((t) => !covered.has(t)).map((t, i) => ({
    username: slug(t),
    user_type: t,
    first_name: FIRST[i % FIRST.length]!,
    last_name: LAST[(i * 3) % LAST.length]!,
  }));
  const interpreters: DemoUser[] = Array.from({ length: 30 }, (_, i) => ({
    username: `interpreter${String(i + 1).padStart(2, '0')}`,
    user_type: 'INTERPRETER',
    first_name: FIRST[i % FIRST.length]!,
    last_name: LAST[Math.floor(i / FIRST.length) % LAST.length]!,
  }));
  return [...named, ...rest, ...interpreters];
}

const HOUR = 60;
const DAY = 24 * HOUR;

/** The same targets on every desk: a believable service level to breach in the demo. */
export const DEMO_SLA_TARGETS: SlaTargetRow[] = [
  { priority: 'urgent', first_response_minutes: 30, resolution_minutes: 4 * HOUR },
  { priority: 'high', first_response_minutes: 2 * HOUR, resolution_minutes: DAY },
  { priority: 'normal', first_response_minutes: 4 * HOUR, resolution_minutes: 3 * DAY },
  { priority: 'low', first_response_minutes: DAY, resolution_minutes: 7 * DAY },
];

/** Canned replies of the IT and HR desks, each written by that desk's manager. */
const DEMO_CANNED_REPLIES: {
  author: string;
  replies: Omit<CannedReplyValues, 'department'>[];
  department: TTicketDepartment;
}[] = [
  {
    department: 'IT',
    author: 'manager.it',
    replies: [
      {
        title: 'Password reset',
        shortcut: 'reset',
        body: 'I have reset your password. Sign in with the temporary password sent to your email, then choose a new one when asked.',
      },
      {
        title: 'VPN reconnect steps',
        shortcut: 'vpn',
        body: 'Please disconnect the VPN, quit the client completely, and connect again. If it still drops, send us the time it happened and a screenshot of the client log.',
      },
      {
        title: 'Ask for a screenshot',
        shortcut: 'screenshot',
        body: 'Could you attach a screenshot of the error message? It helps us find the cause faster.',
      },
      {
        title: 'Hardware replacement on its way',
        shortcut: 'replacement',
        body: 'A replacement is on its way. The IT desk on floor 1 will call you when it is ready to collect; please bring the old device with you.',
      },
      {
        title: 'Restart and try again',
        shortcut: 'restart',
        body: 'Please restart your computer and try again. Let us know here if the problem comes back.',
      },
    ],
  },
  {
    department: 'HR',
    author: 'manager.hr',
    replies: [
      {
        title: 'Leave balance',
        shortcut: 'leave-balance',
        body: 'Your current leave balance is shown on your profile under Leaves. If the figure looks wrong, tell us which dates you think are missing and we will check them.',
      },
      {
        title: 'Salary certificate',
        shortcut: 'salary-certificate',
        body: 'We have requested your salary certificate. It is usually ready within two working days; we will attach it to this ticket.',
      },
      {
        title: 'Documents received',
        shortcut: 'received',
        body: 'Thank you, we have received your documents and added them to your file.',
      },
      {
        title: 'Sick leave note',
        shortcut: 'sick-note',
        body: 'Please attach the medical note for your sick leave here so we can record the days correctly.',
      },
    ],
  },
];

/** SLA targets for every desk, and the IT and HR desks' canned replies. */
async function seedHelpDesk(db: Database): Promise<void> {
  for (const department of STAFF_DEPARTMENTS) await upsertSlaTargets(db, department, DEMO_SLA_TARGETS, null);
  for (const desk of DEMO_CANNED_REPLIES) {
    const author = await findUserByUsername(db, desk.author);
    for (const r of desk.replies)
      await insertCannedReply(db, { ...r, department: desk.department }, author?.id ?? null);
  }
}

/** The codes of the leave types every install starts with (migration 0008). */
type DefaultLeaveCode = 'annual' | 'casual' | 'sick' | 'unpaid' | 'maternity' | 'bereavement';

/** Egypt's fixed-date public holidays (the lunar ones move every year: HR adds them). */
const DEMO_HOLIDAYS = [
  ['01-07', 'Coptic Christmas'],
  ['01-25', 'January 25 Revolution Day'],
  ['04-25', 'Sinai Liberation Day'],
  ['05-01', 'Labour Day'],
  ['06-30', 'June 30 Revolution Day'],
  ['07-23', 'Revolution Day'],
  ['10-06', 'Armed Forces Day'],
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
async function seedLeaves(db: Database): Promise<void> {
  const types = new Map<string, number>();
  for (const t of await leaves.listTypes(db)) if (t.code) types.set(t.code, t.id);
  const year = new Date().getUTCFullYear();
  const holidays = new Set<string>();
  for (const y of [year, year + 1]) {
    for (const [day, name] of DEMO_HOLIDAYS) {
      await leaves.insertHoliday(db, `${y}-${day}`, name);
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

const DEMO_PAIRS = ['Arabic↔English', 'Arabic↔French', 'Arabic↔Turkish', 'Arabic↔Urdu', 'English↔Spanish'];
const DEMO_TEAMS = ['Medical', 'Legal', 'Community'];

/**
 * Interpreters' profiles, a few follows by the WFM and RTM demo users, and presence:
 * 14 days of closed shifts (about 08:00–16:00 UTC with two breaks) for 20 interpreters,
 * and today, relative to now, 12 of them online or gone (stored as events, sessions
 * derived from them exactly as the feed would).
 */
async function seedInterpreters(db: Database): Promise<void> {
  const ids: number[] = [];
  for (let i = 0; i < 30; i++) {
    const user = await findUserByUsername(db, `interpreter${String(i + 1).padStart(2, '0')}`);
    if (!user) continue;
    ids.push(user.id);
    const languages = [DEMO_PAIRS[i % DEMO_PAIRS.length]!];
    if (i % 4 === 0) languages.push(DEMO_PAIRS[(i + 2) % DEMO_PAIRS.length]!);
    await interpreters.upsertProfile(db, user.id, {
      languages,
      team: DEMO_TEAMS[i % DEMO_TEAMS.length]!,
      extension: String(2001 + i),
    });
  }
  for (const [follower, picks] of [
    ['manager.wfm', [0, 1, 2, 3, 4]],
    ['rtm', [2, 6, 10]],
  ] as const) {
    const by = await findUserByUsername(db, follower);
    for (const p of picks) if (by && ids[p]) await interpreters.setFollow(db, by.id, ids[p], true);
  }
  const now = Date.now();
  const minute = 60_000;
  const midnight = new Date(new Date(now).toISOString().slice(0, 10)).getTime();
  for (const [i, userId] of ids.slice(0, 20).entries()) {
    const spans: [number, number | null][] = [];
    for (let d = 14; d >= 1; d--) {
      const day = midnight - d * 1440 * minute;
      // A day off a week, not the same day for everyone.
      if ((d + i) % 7 === 0) continue;
      const at = (h: number, m: number) => day + (h * 60 + m + ((i * 7 + d * 3) % 20) - 10) * minute;
      spans.push([at(8, 0), at(10, 30)], [at(10, 45), at(12, 45)], [at(13, 20), at(16, 0)]);
    }
    if (i < 12) {
      // Today: eight still online (some back from a break), four gone for now.
      const start = now - (45 + 20 * i) * minute;
      if (i % 3 === 2) spans.push([start - 120 * minute, now - (10 + i) * minute]);
      else if (i % 2 === 0) spans.push([start, start + 25 * minute], [start + 35 * minute, null]);
      else spans.push([start, null]);
    }
    const events: presence.NewPresenceEvent[] = spans.flatMap(([from, to], n) => [
      {
        sender: 'seed',
        source_id: `${userId}-${n}-on`,
        user_id: userId,
        online: true,
        at: new Date(from),
        source: 'integration' as const,
      },
      ...(to === null
        ? []
        : [
            {
              sender: 'seed',
              source_id: `${userId}-${n}-off`,
              user_id: userId,
              online: false,
              at: new Date(to),
              source: 'integration' as const,
            },
          ]),
    ]);
    await presence.insertEvents(db, events);
    // The open ones were seen just now: they last the expiry time (or, with the demo feed, on).
    const sessions = deriveSessions(events).map((x) => (x.ended_at ? x : { ...x, last_seen_at: new Date(now) }));
    await presence.insertSessions(db, userId, sessions);
  }
}

/** Required online interpreters at the busiest hour, per demo pair. */
const DEMO_PEAKS: Record<string, number> = {
  'Arabic↔English': 5,
  'Arabic↔French': 3,
  'Arabic↔Turkish': 2,
  'Arabic↔Urdu': 2,
  'English↔Spanish': 2,
};
/** The day's shape of demand (share of the peak per hour): quiet nights, a full working day, a lighter evening. */
const DEMAND_CURVE = [
  0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.5, 1, 1, 1, 1, 1, 1, 1, 1, 0.6, 0.6, 0.6, 0.6, 0.3, 0.3, 0.3, 0.3,
];

/**
 * Shifts for the 20 interpreters with presence, 14 days back and 14 ahead, and required
 * staffing for the five pairs. Past days follow the presence feed: 08:00–16:00 on the days
 * they worked (its jitter and breaks give adherence around 85–95 % with a few late starts
 * and early leaves), and today a shift around each one's first sign of life. Ahead, a day
 * off a week; three work evenings (16:00–00:00) and one nights (22:00–06:00).
 */
async function seedWfm(db: Database, timeZone: string): Promise<void> {
  const planner = await findUserByUsername(db, 'manager.wfm');
  if (!planner) return;
  const wall = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  /** An instant as the portal's wall clock: its date and minutes since midnight. */
  const local = (at: Date) => {
    const p = Object.fromEntries(wall.formatToParts(at).map((x) => [x.type, x.value]));
    return { date: `${p.year}-${p.month}-${p.day}`, minutes: Number(p.hour) * 60 + Number(p.minute) };
  };
  const hhmm = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const today = local(new Date()).date;
  const dayAt = (d: number) => new Date(Date.parse(`${today}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
  const rows: wfm.ImportRow[] = [];
  for (let i = 0; i < 20; i++) {
    const user = await findUserByUsername(db, `interpreter${String(i + 1).padStart(2, '0')}`);
    if (!user) continue;
    const firstIn = new Map<string, number>();
    for (const s of await presence.sessionsOf(db, user.id)) {
      const at = local(s.started_at);
      if (!firstIn.has(at.date)) firstIn.set(at.date, at.minutes);
    }
    const shift = (date: string, start: string, end: string) =>
      rows.push({ user_id: user.id, date, start, end, note: '' });
    for (let d = -14; d < 0; d++) if (firstIn.has(dayAt(d))) shift(dayAt(d), '08:00', '16:00');
    // Today: planned around when they came (to the quarter hour), eight hours.
    const cameToday = firstIn.get(today);
    if (cameToday !== undefined && Math.round(cameToday / 15) * 15 < 1440) {
      const start = Math.round(cameToday / 15) * 15;
      shift(today, hhmm(start), hhmm(start + 480));
    }
    for (let d = 1; d <= 14; d++) {
      if ((d + i) % 7 === 0) continue;
      if (i < 16) shift(dayAt(d), '08:00', '16:00');
      else if (i < 19) shift(dayAt(d), '16:00', '00:00');
      else shift(dayAt(d), '22:00', '06:00');
    }
  }
  await wfm.upsertShifts(db, rows, timeZone, planner.id);
  for (const [language, peak] of Object.entries(DEMO_PEAKS)) {
    const hours = DEMAND_CURVE.map((share) => Math.round(peak * share));
    await wfm.upsertStaffing(db, languagePairKey(language), language, hours, planner.id);
  }
}

type DemoKpi = Omit<Parameters<typeof kpi.insertDefinition>[1], 'created_by'> & {
  /** A believable value for person `i` in period `p` (0 = current, 1 = the one before, …). */
  value: (i: number, p: number) => number;
};

/** Deterministic wobble in [-1, 1] for person `i`, period `p` and KPI `k`. */
const wobble = (i: number, p: number, k: number) => Math.sin(i * 12.9898 + p * 78.233 + k * 37.719);

const DEMO_KPIS: DemoKpi[] = [
  {
    name: 'Quality score',
    description: 'Average of the call evaluations of the week (1–5).',
    unit: 'score',
    direction: 'higher',
    target: 4,
    weight: 3,
    period: 'weekly',
    applies_to: ['INTERPRETER'],
    value: (i, p) => Math.round((3.9 + 0.6 * wobble(i, p, 1) - (i % 7 === 3 ? 0.6 : 0)) * 10) / 10,
  },
  {
    name: 'Schedule adherence',
    description: 'Share of scheduled time spent online as planned.',
    unit: 'percent',
    direction: 'higher',
    target: 90,
    weight: 2,
    period: 'monthly',
    applies_to: ['INTERPRETER'],
    value: (i, p) => Math.round((89 + 6 * wobble(i, p, 2)) * 10) / 10,
  },
  {
    name: 'Average handle time',
    description: 'Seconds per call, talk and wrap-up together.',
    unit: 'seconds',
    direction: 'lower',
    target: 300,
    weight: 1,
    period: 'monthly',
    applies_to: ['INTERPRETER'],
    value: (i, p) => Math.round(300 + 45 * wobble(i, p, 3)),
  },
  {
    name: 'Calls handled',
    description: 'Calls answered in the month.',
    unit: 'count',
    direction: 'higher',
    target: 800,
    weight: 2,
    period: 'monthly',
    applies_to: ['INTERPRETER'],
    value: (i, p) => Math.round(780 + 120 * wobble(i, p, 4)),
  },
  {
    name: 'Tickets resolved',
    description: 'Tickets closed as resolved in the month.',
    unit: 'count',
    direction: 'higher',
    target: 60,
    weight: 2,
    period: 'monthly',
    applies_to: ['IT', 'OPERATION'],
    value: (i, p) => Math.round(58 + 12 * wobble(i, p, 5)),
  },
  {
    name: 'Customer satisfaction %',
    description: 'Share of satisfied answers in the after-contact survey.',
    unit: 'percent',
    direction: 'higher',
    target: 85,
    weight: 3,
    period: 'monthly',
    applies_to: ['IT', 'OPERATION'],
    value: (i, p) => Math.round((86 + 7 * wobble(i, p, 6)) * 10) / 10,
  },
  {
    name: 'First response time',
    description: 'Median seconds to the first answer on a ticket.',
    unit: 'seconds',
    direction: 'lower',
    target: 1800,
    weight: 1,
    period: 'monthly',
    applies_to: ['IT'],
    value: (i, p) => Math.round(1700 + 400 * wobble(i, p, 7)),
  },
];

/**
 * KPI definitions (four for interpreters, three for IT and operations staff) and their
 * values: the last six weeks and three months complete, the current week and month
 * about two thirds in (so the missing list has rows), and a few values corrected
 * (history). Interpreters' values are entered by `quality` (weekly) and `manager.wfm`
 * (monthly); staff values by their department's manager or director.
 */
async function seedKpi(db: Database, timeZone: string): Promise<void> {
  const [quality, planner] = [await findUserByUsername(db, 'quality'), await findUserByUsername(db, 'manager.wfm')];
  if (!quality || !planner) return;
  const today = localDay(new Date(), timeZone);
  const people = await kpi.activePeople(db);
  const staff = people.filter((u) => u.user_type !== 'INTERPRETER');
  const rows: Parameters<typeof kpi.insertRecords>[1][number][] = [];
  const units: TKpiUnit[] = [];
  // What a lead types, not a server message.
  const coachingNote = 'Discussed in the coaching session.';
  for (const [k, { value, ...definition }] of DEMO_KPIS.entries()) {
    const def = await kpi.insertDefinition(db, { ...definition, created_by: quality.id });
    const current = periodStart(def.period, today);
    const subjects = people.filter((u) => def.applies_to.includes(u.user_type));
    for (const [i, person] of subjects.entries()) {
      const interpreter = person.user_type === 'INTERPRETER';
      const by = interpreter
        ? def.period === 'weekly'
          ? quality
          : planner
        : staff.find((u) => u.user_type !== 'ADMIN' && canScoreKpi(u, person));
      if (!by) continue;
      for (let p = def.period === 'weekly' ? 6 : 3; p >= 0; p--) {
        // The current period: about two in three are in.
        if (p === 0 && (i + k) % 3 === 0) continue;
        const start = shiftPeriod(def.period, current, -p);
        const end = periodEnd(def.period, start);
        const at = new Date(`${p === 0 ? today : end}T15:00:00Z`);
        const r = KPI_UNIT_RANGES[def.unit];
        units.push(def.unit);
        rows.push({
          user_id: person.id,
          kpi_id: def.id,
          period_start: start,
          value: Math.min(r.max, Math.max(r.min, value(i, p))),
          note: p === 1 && i % 5 === 0 ? coachingNote : '',
          entered_by: by.id,
          entered_at: at,
          updated_at: at,
        });
      }
    }
  }
  const ids = await kpi.insertRecords(db, rows);
  // A few corrections: the first value went to the history.
  for (const at of [3, 17, 40, 95]) {
    const old = ids[at] === undefined ? undefined : await kpi.lockRecord(db, ids[at]);
    const row = rows[at];
    if (!old || !row) continue;
    // Down a little (a score by a tenth): every unit's values sit well above its minimum.
    const step = units[at] === 'score' ? 0.1 : 1;
    await kpi.replaceValue(db, old, {
      value: Math.round((row.value - step) * 10) / 10,
      note: 'Corrected after the recount.',
      by: row.entered_by!,
    });
  }
}

interface DemoReport {
  author: string;
  title: string;
  type: reports.ReportValues['type'];
  subjects: string[];
  /** Days back from today: the period's first and last day. */
  period: [number, number];
  body: string;
  submitted?: boolean;
  /** Index in DEMO_REPORTS of the submitted report this one replaces (then submitted too). */
  supersedes?: number;
  attachment?: { filename: string; text: string };
}

const DEMO_REPORTS: DemoReport[] = [
  {
    author: 'manager.it',
    title: 'Help desk monthly summary',
    type: 'monthly_summary',
    subjects: ['it'],
    period: [60, 31],
    body: '<h2>Highlights</h2><p>The desk closed <strong>118</strong> tickets; the median first reply took 22 minutes.</p><ul><li>Laptop refresh finished for the Medical team.</li><li>Two VPN outages, both under an hour.</li></ul>',
    submitted: true,
  },
  {
    author: 'manager.it',
    title: 'Help desk monthly summary (corrected)',
    type: 'monthly_summary',
    subjects: ['it'],
    period: [60, 31],
    body: '<h2>Highlights</h2><p>The desk closed <strong>121</strong> tickets (three were counted late); the median first reply took 22 minutes.</p>',
    supersedes: 0,
    attachment: { filename: 'ticket-counts.txt', text: 'week,opened,closed\n1,31,29\n2,30,33\n3,28,30\n4,29,29\n' },
  },
  {
    author: 'manager.hr',
    title: 'تقييم أداء ربع سنوي',
    type: 'evaluation',
    subjects: ['hr'],
    period: [90, 1],
    body: '<p>أنجزت هالة 42 ملفًا للتوظيف خلال الربع، وكانت نسبة الرضا 95٪.</p><p><em>Next step:</em> a recruitment workshop in the coming month.</p>',
    submitted: true,
  },
  {
    author: 'manager.wfm',
    title: 'Schedule adherence coaching',
    type: 'coaching',
    subjects: ['interpreter01', 'interpreter02'],
    period: [14, 0],
    body: '<p>Both interpreters logged in late on three days. We agreed on a reminder ten minutes before each shift.</p>',
  },
  {
    author: 'manager.ops',
    title: 'Dropped call on the legal line',
    type: 'incident',
    subjects: ['interpreter03'],
    period: [3, 3],
    body: '<p>A court call dropped after 12 minutes; the interpreter called the client back within two minutes.</p><blockquote>The client thanked the team for the quick call-back.</blockquote>',
    submitted: true,
  },
];

/** A handful of manager reports: drafts and submitted, one replaced, one in Arabic, one with a file. */
async function seedReports(db: Database): Promise<void> {
  const ids: number[] = [];
  for (const r of DEMO_REPORTS) {
    const author = await findUserByUsername(db, r.author);
    const subjects = await reports.findPeople(db, r.subjects);
    if (!author || subjects.length !== r.subjects.length) continue;
    const replaces = r.supersedes === undefined ? null : (ids[r.supersedes] ?? null);
    const id = await reports.insertReport(
      db,
      author.id,
      {
        title: r.title,
        type: r.type,
        period_from: plusDays(isoDate(new Date()), -r.period[0]),
        period_to: plusDays(isoDate(new Date()), -r.period[1]),
        body: r.body,
      },
      replaces,
    );
    ids.push(id);
    await reports.replaceSubjects(
      db,
      id,
      subjects.map((s) => s.id),
    );
    if (r.attachment) {
      const data = Buffer.from(r.attachment.text);
      const file = await storeFile(db, { filename: r.attachment.filename, data, contentType: 'text/plain' }, author.id);
      await reports.linkAttachment(db, id, file.id);
    }
    if (r.submitted || replaces !== null) await reports.markSubmitted(db, id);
    if (replaces !== null) await reports.markSuperseded(db, replaces);
  }
}

/**
 * Seeds the demo cast into an empty users table; answers how many were created.
 * `timeZone`: the portal's wall clock (TIME_ZONE) the demo shifts are planned in.
 */
export async function seedDemo(db: Database, timeZone = 'UTC'): Promise<number> {
  if ((await countUsers(db)) > 0) return 0;
  // One hash for all: the demo accounts share one published password anyway, and
  // hashing 60 times would slow every fresh start.
  const password_hash = await hashPassword(DEMO_PASSWORD);
  const rows = demoUsers().map((u) => ({
    ...u,
    email: `${u.username}@portal.example`,
    password_hash,
    is_director: u.is_director ?? false,
    is_manager: u.is_manager ?? false,
  }));
  await insertUsers(db, rows);
  await seedHelpDesk(db);
  await seedLeaves(db);
  await seedInterpreters(db);
  await seedWfm(db, timeZone);
  await seedKpi(db, timeZone);
  await seedReports(db);
  await seedShareDemo(db, async (username) => (await findUserByUsername(db, username))?.id);
  return rows.length;
}
