import { sql, type Insertable, type Updateable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { UserRow, UsersTable } from '../../db/schema.js';
import type { TUserType } from '@portal/contracts';

type Db = Database;

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export function insertUser(db: Db, values: Insertable<UsersTable>): Promise<UserRow> {
  return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Which of a new account's unique fields another account already has ('username', 'email'). */
export async function takenAccountFields(db: Db, username: string, email: string): Promise<('username' | 'email')[]> {
  const rows = await db
    .selectFrom('users')
    .select([
      sql<boolean>`lower(username) = ${username.toLowerCase()}`.as('username'),
      sql<boolean>`lower(email) = ${email.toLowerCase()}`.as('email'),
    ])
    .where((eb) =>
      eb.or([eb(sql`lower(username)`, '=', username.toLowerCase()), eb(sql`lower(email)`, '=', email.toLowerCase())]),
    )
    .execute();
  const taken = new Set<'username' | 'email'>();
  for (const r of rows) {
    if (r.username) taken.add('username');
    if (r.email) taken.add('email');
  }
  return [...taken];
}

/** Several at once (the demo seed, test factories). */
export async function insertUsers(db: Db, values: Insertable<UsersTable>[]): Promise<void> {
  await db.insertInto('users').values(values).execute();
}

export function updateUser(db: Db, id: number, patch: Updateable<UsersTable>): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ ...patch, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export interface UserFilter {
  search?: string;
  user_type?: TUserType;
  is_active?: boolean;
  limit: number;
  offset: number;
}

export async function listUsers(db: Db, f: UserFilter): Promise<{ rows: UserRow[]; count: number }> {
  let q = db.selectFrom('users');
  if (f.search) {
    // Escape LIKE wildcards so a search for "a_b" means that text.
    const pattern = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb('username', 'ilike', pattern),
        eb('email', 'ilike', pattern),
        eb('first_name', 'ilike', pattern),
        eb('last_name', 'ilike', pattern),
        eb(sql`first_name || ' ' || last_name`, 'ilike', pattern),
      ]),
    );
  }
  if (f.user_type) q = q.where('user_type', '=', f.user_type);
  if (f.is_active !== undefined) q = q.where('is_active', '=', f.is_active);
  const [rows, total] = await Promise.all([
    q
      .selectAll()
      .orderBy(sql`lower(username)`)
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

export async function countUsers(db: Db): Promise<number> {
  const r = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Unique indexes → the request field they guard (for 400s on that field). */
export const USER_UNIQUE_FIELDS: Record<string, string> = {
  users_username_key: 'username',
  users_email_key: 'email',
};

/** Demo data: users by username. */
export function usersByUsername(db: Database, usernames: readonly string[]) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'user_type'])
    .where('username', 'in', usernames.length ? [...usernames] : [''])
    .execute();
}
