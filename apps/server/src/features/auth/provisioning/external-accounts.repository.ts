import { sql, type Insertable, type Updateable } from 'kysely';
import type { Database } from '../../../db/database.js';
import type { UserRow, UsersTable } from '../../../db/schema.js';

type Db = Database;

export interface ExternalIdentityRow {
  id: number;
  user_id: number;
  provider: 'oidc' | 'ldap';
  subject: string;
  groups: string[];
  claims: Record<string, unknown>;
  last_sign_in_at: Date;
}

const IDENTITY_COLUMNS = ['id', 'user_id', 'provider', 'subject', 'groups', 'claims', 'last_sign_in_at'] as const;

export function findExternalIdentity(
  db: Db,
  provider: 'oidc' | 'ldap',
  subject: string,
): Promise<ExternalIdentityRow | undefined> {
  return db
    .selectFrom('external_identities')
    .select(IDENTITY_COLUMNS)
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

/** The directory and provider accounts linked to a portal account, the latest sign-in first. */
export function externalIdentitiesOf(db: Db, userId: number): Promise<ExternalIdentityRow[]> {
  return db
    .selectFrom('external_identities')
    .select(IDENTITY_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('last_sign_in_at', 'desc')
    .execute();
}

export async function hasExternalIdentity(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('external_identities').select('id').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** Every linked person with their account (the mapping preview). */
export function linkedAccounts(db: Db) {
  return db
    .selectFrom('external_identities as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select([
      'e.user_id',
      'e.groups',
      'e.claims',
      'e.last_sign_in_at',
      'u.username',
      'u.first_name',
      'u.last_name',
      'u.user_type',
      'u.is_manager',
      'u.is_director',
    ])
    .orderBy('u.username')
    .orderBy('e.last_sign_in_at', 'desc')
    .execute();
}

/** What this sign-in saw: the groups and claims the preview reads, and when. */
export async function upsertExternalIdentity(
  db: Db,
  values: {
    userId: number;
    provider: 'oidc' | 'ldap';
    subject: string;
    groups: readonly string[];
    claims: Record<string, unknown>;
  },
): Promise<void> {
  const groups = JSON.stringify(values.groups);
  const claims = JSON.stringify(values.claims);
  await db
    .insertInto('external_identities')
    .values({ user_id: values.userId, provider: values.provider, subject: values.subject, groups, claims })
    .onConflict((oc) =>
      oc.columns(['provider', 'subject']).doUpdateSet({ groups, claims, last_sign_in_at: sql<Date>`now()` }),
    )
    .execute();
}

export function findUserByIdForSignIn(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The account with this username (case-insensitive: "Admin" and "admin" are one account). */
export function findUserByUsernameFolded(db: Db, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export function findUserByEmailFolded(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** Whether another account than `userId` has this email (the email index is unique). */
export async function emailTakenByOther(db: Db, email: string, userId: number | null): Promise<boolean> {
  let q = db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase());
  if (userId !== null) q = q.where('id', '<>', userId);
  return (await q.executeTakeFirst()) !== undefined;
}

export function insertExternalUser(db: Db, values: Insertable<UsersTable>): Promise<UserRow> {
  return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
}

export function refreshExternalUser(db: Db, id: number, patch: Updateable<UsersTable>): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ ...patch, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
