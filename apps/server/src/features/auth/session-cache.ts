import { LRUCache } from 'lru-cache';
import type { Authenticated } from '../../lib/actor.js';
import type { EventBus } from '../../plugins/realtime/event-bus.js';

/**
 * Verified sessions kept in memory, so an authenticated request reads no session row.
 * Revocation stays immediate on every server: the `sessions.revoked` and
 * `user.changed` bus events evict the user's entries; while the bus is not connected
 * nothing is cached or served from the cache (an event missed then must never leave a
 * revoked session alive), and it is emptied whenever the connection changes; a short
 * TTL is the last safety net.
 */
export class SessionCache {
  private readonly entries: LRUCache<string, Authenticated> | null;
  private readonly byUser = new Map<number, Set<string>>();
  /**
   * Bumped per user by each eviction and globally by each flush: a database read that
   * started before an eviction must not put back what the eviction removed.
   */
  private readonly generations = new Map<number, number>();
  private epoch = 0;

  constructor(
    private readonly bus: Pick<EventBus, 'connected'>,
    options: { max: number; ttlSeconds: number },
  ) {
    this.entries =
      options.ttlSeconds > 0 && options.max > 0
        ? new LRUCache<string, Authenticated>({
            max: options.max,
            ttl: options.ttlSeconds * 1000,
            // Every way out (eviction, expiry, delete, clear) keeps the user index true.
            dispose: (value, key) => this.unindex(value.user.id, key),
          })
        : null;
  }

  /** What to hand back to `set` after reading the database: the state the read started in. */
  stamp(userId: number): string {
    return `${this.epoch}:${this.generations.get(userId) ?? 0}`;
  }

  get(sessionId: string, userId: number): Authenticated | undefined {
    if (!this.entries || !this.bus.connected) return undefined;
    const hit = this.entries.get(sessionId);
    return hit && hit.user.id === userId ? hit : undefined;
  }

  set(auth: Authenticated, stamp: string): void {
    if (!this.entries || !this.bus.connected || stamp !== this.stamp(auth.user.id)) return;
    this.entries.set(auth.sessionId, auth);
    let sessions = this.byUser.get(auth.user.id);
    if (!sessions) this.byUser.set(auth.user.id, (sessions = new Set()));
    sessions.add(auth.sessionId);
  }

  /** The user's sessions or account changed: read them again next time. */
  evictUser(userId: number): void {
    this.generations.set(userId, (this.generations.get(userId) ?? 0) + 1);
    for (const sessionId of [...(this.byUser.get(userId) ?? [])]) this.entries?.delete(sessionId);
  }

  clear(): void {
    this.epoch++;
    this.generations.clear();
    this.entries?.clear();
    this.byUser.clear();
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }

  private unindex(userId: number, sessionId: string) {
    const sessions = this.byUser.get(userId);
    sessions?.delete(sessionId);
    if (sessions?.size === 0) this.byUser.delete(userId);
  }
}

const caches = new WeakMap<EventBus, SessionCache>();

/** The process's cache for this bus, listening to it from its first use. */
export function sessionCacheOf(bus: EventBus, options: { max: number; ttlSeconds: number }): SessionCache {
  let cache = caches.get(bus);
  if (!cache) {
    const created = new SessionCache(bus, options);
    bus.subscribe('sessions.revoked', ({ userId }) => created.evictUser(userId));
    bus.subscribe('user.changed', ({ userId }) => created.evictUser(userId));
    bus.onConnectionChange(() => created.clear());
    caches.set(bus, (cache = created));
  }
  return cache;
}
