/**
 * The event log's hash chain: each row's hash covers the previous row's hash and its own
 * fields, so an edited, removed or reordered row breaks every link after it. Hashing is
 * pure; `verifyChain` walks the rows the repository reads in chain order.
 */
import crypto from 'node:crypto';
import type { Database } from '../../db/database.js';
import { eventLogBatchAfter } from './event-logs.repository.js';

export const GENESIS_HASH = '0'.repeat(64);

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

export interface ChainReport {
  checked: number;
  /** The first row whose link is broken, or null when the whole chain holds. */
  broken: { id: number; reason: string } | null;
}

/** Walks the chain in order and reports the first broken link. */
export async function verifyChain(db: Database, batch = 5000): Promise<ChainReport> {
  let prev = GENESIS_HASH;
  let afterId = 0;
  let checked = 0;
  for (;;) {
    const rows = await eventLogBatchAfter(db, afterId, batch);
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
