import { STAFF_DEPARTMENTS, type TUserType } from '@portal/contracts';
import type { Database } from '../../db/database.js';
import { hashPassword } from '../auth/index.js';
import { insertUsers } from './users.repository.js';

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

/** The demo cast's accounts, all with the published demo password; the other features' demo data names them. */
export async function seedUsersDemo(db: Database): Promise<void> {
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
}
