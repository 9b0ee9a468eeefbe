import { sql } from 'kysely';
import type { Database } from '../../../db/database.js';

const COLUMNS = [
  'id',
  'user_id',
  'credential_id',
  'public_key',
  'sign_count',
  'transports',
  'device_type',
  'backed_up',
  'name',
  'created_at',
  'last_used_at',
] as const;

export function listPasskeys(db: Database, userId: number) {
  return db.selectFrom('passkeys').select(COLUMNS).where('user_id', '=', userId).orderBy('id').execute();
}
export type PasskeyRow = Awaited<ReturnType<typeof listPasskeys>>[number];

export async function countPasskeys(db: Database, userId: number): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** By the id an assertion names (whoever owns it: the caller checks). */
export function findPasskeyByCredential(db: Database, credentialId: string) {
  return db.selectFrom('passkeys').select(COLUMNS).where('credential_id', '=', credentialId).executeTakeFirst();
}

/** One of the user's own (another user's is not found, exactly like a missing one). */
export function findOwnPasskey(db: Database, userId: number, id: number) {
  return db
    .selectFrom('passkeys')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Undefined when the credential is already registered (to anyone). */
export function insertPasskey(
  db: Database,
  p: {
    userId: number;
    credentialId: string;
    publicKey: Uint8Array;
    signCount: number;
    transports: string[];
    deviceType: 'singleDevice' | 'multiDevice';
    backedUp: boolean;
    name: string;
  },
) {
  return db
    .insertInto('passkeys')
    .values({
      user_id: p.userId,
      credential_id: p.credentialId,
      public_key: Buffer.from(p.publicKey),
      sign_count: p.signCount,
      transports: JSON.stringify(p.transports),
      device_type: p.deviceType,
      backed_up: p.backedUp,
      name: p.name,
    })
    .onConflict((oc) => oc.column('credential_id').doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
}

/**
 * Records a use: the new counter only if it still rises from what the check read (two
 * answers racing with one counter cannot both pass), or stays 0 for authenticators that
 * keep none. False: refused.
 */
export async function recordPasskeyUse(
  db: Database,
  p: { id: number; previous: number; counter: number; backedUp: boolean },
): Promise<boolean> {
  if (!(p.counter > p.previous || p.counter === 0)) return false;
  const row = await db
    .updateTable('passkeys')
    .set({ sign_count: p.counter, backed_up: p.backedUp, last_used_at: sql<Date>`now()` })
    .where('id', '=', p.id)
    .where('sign_count', '=', p.previous)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export function renamePasskey(db: Database, userId: number, id: number, name: string) {
  return db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(COLUMNS)
    .executeTakeFirst();
}

export async function deletePasskey(db: Database, userId: number, id: number): Promise<boolean> {
  const row = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Every passkey of the user (an ADMIN's reset of their second factors). */
export async function deleteAllPasskeys(db: Database, userId: number): Promise<void> {
  await db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
}

/** The account a passkey or a sign-in challenge names (active or not: the caller decides). */
export function findPasskeyUser(db: Database, userId: number) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}
