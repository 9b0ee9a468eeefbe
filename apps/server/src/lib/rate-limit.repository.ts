import { sql } from 'kysely';
import type { Database } from '../db/database.js';

export interface RateLimitCount {
  hits: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/** Counts one hit in `key`'s window (a new window when the last one has ended), atomically. */
export async function countHit(db: Database, key: string, windowMs: number): Promise<RateLimitCount> {
  const { rows } = await sql<{ hits: number; ttl_ms: number }>`
    insert into rate_limits as r (key, hits, window_ends)
    values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      hits = case when r.window_ends <= now() then 1 else r.hits + 1 end,
      window_ends = case when r.window_ends <= now() then excluded.window_ends else r.window_ends end
    returning hits, greatest(0, extract(epoch from (window_ends - now())) * 1000)::float8 as ttl_ms`.execute(db);
  const row = rows[0]!;
  return { hits: Number(row.hits), ttlMs: Number(row.ttl_ms) };
}

/** The window's count without counting (0 when it has ended). */
export async function peekHits(db: Database, key: string): Promise<RateLimitCount> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['hits', sql<number>`extract(epoch from (window_ends - now())) * 1000`.as('ttl_ms')])
    .where('key', '=', key)
    .where('window_ends', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row ? { hits: Number(row.hits), ttlMs: Math.max(0, Number(row.ttl_ms)) } : { hits: 0, ttlMs: 0 };
}

/** Ended windows are never read again. */
export async function deleteEndedWindows(db: Database) {
  return db
    .deleteFrom('rate_limits')
    .where('window_ends', '<', sql<Date>`now() - interval '1 hour'`)
    .execute();
}

/** Gives back one hit counted in `key`'s current window (an attempt that turned out not to count). */
export async function releaseHit(db: Database, key: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ hits: sql<number>`greatest(hits - 1, 0)` })
    .where('key', '=', key)
    .where('window_ends', '>', sql<Date>`now()`)
    .execute();
}
