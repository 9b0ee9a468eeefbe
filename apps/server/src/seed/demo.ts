import {
  isWorkingDay,
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
    await presence.insertSessions(db, userId, deriveSessions(events));
  }
}

/** Seeds the demo cast into an empty users table; answers how many were created. */
export async function seedDemo(db: Database): Promise<number> {
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
  return rows.length;
}
