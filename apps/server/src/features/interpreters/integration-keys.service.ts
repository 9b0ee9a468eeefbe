import { createHash, randomBytes } from 'node:crypto';
import { canAdministerAccounts, type TIntegrationKey, type TNewIntegrationKey } from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';
import type { AuditSource } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { withTx } from '../../lib/tx.js';
import { recordEvent } from '../event-logs/index.js';
import { presentKey } from './interpreters.presenter.js';
import * as repo from './interpreters.repository.js';

/** Characters of the key kept to recognise it in the list (`pk_` and a few more). */
const SHOWN_PREFIX = 10;

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key: 32 random bytes, base64url, prefixed `pk_` (the auth plugin tells keys from JWTs by it). */
export function newIntegrationKey(): { key: string; prefix: string; key_hash: string } {
  const key = `pk_${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, SHOWN_PREFIX), key_hash: hashKey(key) };
}

/** The auth plugin's check for `integration` routes: a live key's id (its use noted), or null. */
export async function authenticateIntegrationKey(ctx: Pick<AppContext, 'db'>, key: string) {
  if (!key.startsWith('pk_') || key.length > 200) return null;
  return (await repo.useKey(ctx.db, hashKey(key))) ?? null;
}

function mustAdminister(user: UserRow): void {
  if (!canAdministerAccounts(user)) throw forbidden();
}

export async function listKeys(ctx: AppContext, user: UserRow): Promise<TIntegrationKey[]> {
  mustAdminister(user);
  return (await repo.listKeys(ctx.db)).map(presentKey);
}

export async function createKey(
  ctx: AppContext,
  user: UserRow,
  name: string,
  source: AuditSource,
): Promise<TNewIntegrationKey> {
  mustAdminister(user);
  const { key, ...stored } = newIntegrationKey();
  return withTx(ctx, async (tx) => {
    const row = await repo.insertKey(tx.db, { ...stored, name: name.trim(), created_by: user.id });
    await recordEvent(tx.db, source, {
      action: 'integration_key.created',
      targetType: 'integration_key',
      targetId: row.id,
      details: { name: row.name, prefix: row.prefix },
    });
    return { ...presentKey(row), key };
  });
}

/** Revoking twice is fine (the first time stays). */
export async function revokeKey(ctx: AppContext, user: UserRow, id: number, source: AuditSource): Promise<void> {
  mustAdminister(user);
  await withTx(ctx, async (tx) => {
    const row = await repo.revokeKey(tx.db, id);
    if (!row) throw notFound();
    await recordEvent(tx.db, source, {
      action: 'integration_key.revoked',
      targetType: 'integration_key',
      targetId: row.id,
      details: { name: row.name, prefix: row.prefix },
    });
  });
}
