import { STAFF_DEPARTMENTS, type TTicketDepartment, type TUserType } from '@portal/contracts';
import type { Database } from '../db/database.js';
import { hashPassword } from '../features/auth/index.js';
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
  return rows.length;
}
