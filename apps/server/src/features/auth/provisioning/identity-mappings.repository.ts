import { sql } from 'kysely';
import type { TIdentityMappingRequest } from '@portal/contracts';
import type { Database } from '../../../db/database.js';
import type { TUserType } from '@portal/contracts';

type Db = Database;

const COLUMNS = ['id', 'position', 'match_kind', 'claim', 'value', 'user_type', 'is_manager', 'is_director'] as const;

export interface IdentityMappingRow {
  id: number;
  position: number;
  match_kind: 'group' | 'claim';
  claim: string;
  value: string;
  user_type: TUserType;
  is_manager: boolean;
  is_director: boolean;
}

/** Every rule in the order they are tried. */
export function listIdentityMappings(db: Db): Promise<IdentityMappingRow[]> {
  return db.selectFrom('identity_mappings').select(COLUMNS).orderBy('position').orderBy('id').execute();
}

export function findIdentityMapping(db: Db, id: number): Promise<IdentityMappingRow | undefined> {
  return db.selectFrom('identity_mappings').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** A new rule, tried after every existing one. */
export function insertIdentityMapping(db: Db, rule: TIdentityMappingRequest): Promise<IdentityMappingRow> {
  return db
    .insertInto('identity_mappings')
    .values({
      ...rule,
      position: sql<number>`(select coalesce(max(position), 0) + 1 from identity_mappings)`,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export function updateIdentityMapping(
  db: Db,
  id: number,
  rule: TIdentityMappingRequest,
): Promise<IdentityMappingRow | undefined> {
  return db
    .updateTable('identity_mappings')
    .set({ ...rule, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
}

export async function deleteIdentityMapping(db: Db, id: number): Promise<boolean> {
  const res = await db.deleteFrom('identity_mappings').where('id', '=', id).executeTakeFirst();
  return res.numDeletedRows > 0n;
}

/** Gives each rule its place in `ids`' order (1, 2, 3…). */
export async function setIdentityMappingOrder(db: Db, ids: readonly number[]): Promise<void> {
  for (const [i, id] of ids.entries()) {
    await db
      .updateTable('identity_mappings')
      .set({ position: i + 1 })
      .where('id', '=', id)
      .execute();
  }
}
