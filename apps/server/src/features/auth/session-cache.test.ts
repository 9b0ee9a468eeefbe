import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.js';
import { createLocalBus } from '../../plugins/realtime/event-bus.js';
import { SessionCache, sessionCacheOf } from './session-cache.js';

const user = (id: number) => ({ id, username: `u${id}` }) as UserRow;
const auth = (userId: number, sessionId: string) => ({ user: user(userId), sessionId });
const connected = { connected: true };

describe('SessionCache', () => {
  it('answers a kept session for its own user only', () => {
    const cache = new SessionCache(connected, { max: 10, ttlSeconds: 30 });
    cache.set(auth(1, 's1'), cache.stamp(1));
    expect(cache.get('s1', 1)?.user.id).toBe(1);
    expect(cache.get('s1', 2)).toBeUndefined(); // a token naming another user for this session
    expect(cache.get('s2', 1)).toBeUndefined();
  });

  it('forgets every session of a user on eviction, and no one else’s', () => {
    const cache = new SessionCache(connected, { max: 10, ttlSeconds: 30 });
    cache.set(auth(1, 'a'), cache.stamp(1));
    cache.set(auth(1, 'b'), cache.stamp(1));
    cache.set(auth(2, 'c'), cache.stamp(2));
    cache.evictUser(1);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('c', 2)).toBeDefined();
    expect(cache.size).toBe(1);
  });

  it('does not keep a read that began before an eviction (the revocation raced the read)', () => {
    const cache = new SessionCache(connected, { max: 10, ttlSeconds: 30 });
    const stamp = cache.stamp(1); // the request starts reading the session row…
    cache.evictUser(1); // …the logout commits and its event arrives…
    cache.set(auth(1, 'a'), stamp); // …and the read, from before the logout, ends.
    expect(cache.get('a', 1)).toBeUndefined();
    const flushed = cache.stamp(2);
    cache.clear();
    cache.set(auth(2, 'b'), flushed);
    expect(cache.get('b', 2)).toBeUndefined();
  });

  it('neither keeps nor answers while the bus is not connected (a missed revocation)', () => {
    const bus = { connected: true };
    const cache = new SessionCache(bus, { max: 10, ttlSeconds: 30 });
    cache.set(auth(1, 'a'), cache.stamp(1));
    bus.connected = false;
    expect(cache.get('a', 1)).toBeUndefined();
    cache.set(auth(2, 'b'), cache.stamp(2));
    bus.connected = true;
    expect(cache.get('b', 2)).toBeUndefined();
  });

  it('is off with a TTL of 0', () => {
    const cache = new SessionCache(connected, { max: 10, ttlSeconds: 0 });
    cache.set(auth(1, 'a'), cache.stamp(1));
    expect(cache.get('a', 1)).toBeUndefined();
  });

  it('keeps at most `max` sessions, the least recently used going first', () => {
    const cache = new SessionCache(connected, { max: 2, ttlSeconds: 30 });
    cache.set(auth(1, 'a'), cache.stamp(1));
    cache.set(auth(2, 'b'), cache.stamp(2));
    cache.get('a', 1);
    cache.set(auth(3, 'c'), cache.stamp(3));
    expect(cache.get('b', 2)).toBeUndefined();
    expect(cache.get('a', 1)).toBeDefined();
    expect(cache.size).toBe(2);
  });
});

describe('sessionCacheOf (the bus drives it)', () => {
  it('evicts on sessions.revoked and user.changed, one cache per bus', async () => {
    const bus = createLocalBus();
    const cache = sessionCacheOf(bus, { max: 10, ttlSeconds: 30 });
    expect(sessionCacheOf(bus, { max: 10, ttlSeconds: 30 })).toBe(cache);
    cache.set(auth(1, 'a'), cache.stamp(1));
    cache.set(auth(2, 'b'), cache.stamp(2));
    await bus.publish({ type: 'sessions.revoked', userId: 1 });
    await bus.publish({ type: 'user.changed', userId: 2 });
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 2)).toBeUndefined();
    await bus.close();
  });
});
