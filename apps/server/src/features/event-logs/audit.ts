import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

/** Who did it and from where; null actor = the system or an anonymous caller. */
export interface AuditSource {
  actorId: number | null;
  actorUsername: string;
  ip: string;
  userAgent: string;
}

export interface AuditEvent {
  action: string;
  targetType?: string;
  targetId?: string | number;
  details?: Record<string, unknown>;
}

export const GENESIS_HASH = '0'.repeat(64);
// Any constant: serialises appends so the chain has one order on every server.
const CHAIN_LOCK = 727_274_001;

/** JSON with sorted keys, so jsonb's own key order never changes a hash. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export interface ChainFields {
  at: Date;
  actor_id: number | null;
  actor_username: string;
  action: string;
  target_type: string;
  target_id: string;
  ip: string;
  user_agent: string;
  details: Record<string, unknown>;
}

export function chainHash(prevHash: string, r: ChainFields): string {
  const body = canonical([
    prevHash,
    r.at.toISOString(),
    r.actor_id,
    r.actor_username,
    r.action,
    r.target_type,
    r.target_id,
    r.ip,
    r.user_agent,
    r.details,
  ]);
  return crypto.createHash('sha256').update(body).digest('hex');
}

/**
 * Records an action inside the transaction of the change itself, so no change lands
 * without its record (and a rolled-back change leaves none).
 */
export async function recordEvent(db: Transaction<DB>, source: AuditSource | null, event: AuditEvent): Promise<void> {
  await sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`.execute(db);
  const last = await db.selectFrom('event_logs').select('hash').orderBy('id', 'desc').limit(1).executeTakeFirst();
  const prev_hash = last?.hash ?? GENESIS_HASH;
  const fields: ChainFields = {
    at: new Date(),
    actor_id: source?.actorId ?? null,
    actor_username: source?.actorUsername ?? '',
    action: event.action,
    target_type: event.targetType ?? '',
    target_id: event.targetId === undefined ? '' : String(event.targetId),
    ip: source?.ip ?? '',
    user_agent: (source?.userAgent ?? '').slice(0, 512),
    details: event.details ?? {},
  };
  await db
    .insertInto('event_logs')
    .values({ ...fields, details: JSON.stringify(fields.details), prev_hash, hash: chainHash(prev_hash, fields) })
    .execute();
}

export interface ChainReport {
  checked: number;
  /** The first row whose link is broken, or null when the whole chain holds. */
  broken: { id: number; reason: string } | null;
}

/** Walks the chain in order and reports the first broken link. */
export async function verifyChain(db: Kysely<DB>, batch = 5000): Promise<ChainReport> {
  let prev = GENESIS_HASH;
  let afterId = 0;
  let checked = 0;
  for (;;) {
    const rows = await db
      .selectFrom('event_logs')
      .selectAll()
      .where('id', '>', afterId as never)
      .orderBy('id')
      .limit(batch)
      .execute();
    if (rows.length === 0) return { checked, broken: null };
    for (const r of rows) {
      checked++;
      if (r.prev_hash !== prev)
        return { checked, broken: { id: r.id, reason: 'prev_hash does not match the previous row' } };
      const expected = chainHash(prev, { ...r, at: new Date(r.at) });
      if (r.hash !== expected) return { checked, broken: { id: r.id, reason: 'row content does not match its hash' } };
      prev = r.hash;
      afterId = r.id;
    }
  }
}
