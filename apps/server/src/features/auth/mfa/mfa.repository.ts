import { sql } from 'kysely';
import type { Database } from '../../../db/database.js';

/** A user's authenticator app: confirmed or pending, its sealed secret and last step used. */
export function findTotp(db: Database, userId: number) {
  return db
    .selectFrom('user_totp')
    .select(['secret', 'confirmed_at', 'last_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function hasConfirmedTotp(db: Database, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_totp')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** A new pending secret (replacing a pending one; a confirmed one is never overwritten). */
export async function savePendingTotp(db: Database, userId: number, sealed: string): Promise<boolean> {
  const row = await db
    .insertInto('user_totp')
    .values({ user_id: userId, secret: sealed })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret: sealed, last_step: null, created_at: sql<Date>`now()` })
        .where('user_totp.confirmed_at', 'is', null),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records `step` as used, only if it is later than the last one (atomically: two requests
 * racing with one code cannot both win). `confirm` also turns a pending app on.
 */
export async function useTotpStep(db: Database, userId: number, step: number, confirm = false): Promise<boolean> {
  let q = db
    .updateTable('user_totp')
    .set(confirm ? { last_step: step, confirmed_at: sql<Date>`now()` } : { last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', String(step))]));
  q = confirm ? q.where('confirmed_at', 'is', null) : q.where('confirmed_at', 'is not', null);
  const row = await q.returning('user_id').executeTakeFirst();
  return row !== undefined;
}

export async function deleteTotp(db: Database, userId: number): Promise<boolean> {
  const row = await db.deleteFrom('user_totp').where('user_id', '=', userId).returning('user_id').executeTakeFirst();
  return row !== undefined;
}

export async function replaceRecoveryCodes(db: Database, userId: number, digests: string[]): Promise<void> {
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  if (digests.length === 0) return;
  await db
    .insertInto('user_recovery_codes')
    .values(digests.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

/** Spends an unused code (atomically: the same code twice finds nothing the second time). */
export async function spendRecoveryCode(db: Database, userId: number, digest: string): Promise<boolean> {
  const row = await db
    .updateTable('user_recovery_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('code_hash', '=', digest)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countRecoveryCodesLeft(db: Database, userId: number): Promise<number> {
  const row = await db
    .selectFrom('user_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The account a challenge or an ADMIN names (active or not: callers decide). */
export function findUser(db: Database, userId: number) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}
