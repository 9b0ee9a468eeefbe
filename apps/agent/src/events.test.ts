import { describe, expect, it } from 'vitest';
import { appEvent, capApps, clean, urlFromTitle, valid } from './events.js';
import { backoffDelay } from './transport.js';

describe('app events', () => {
  it('cleans titles the contract would refuse and caps them', () => {
    expect(clean('a\u0000b\uD800c', 1000)).toBe('abc');
    // Cutting inside a surrogate pair must not leave half of it.
    expect(clean('x😀', 2)).toBe('x');
    const e = appEvent({ title: 't'.repeat(5000), process: 'p', pid: 1, memory_bytes: 2 }, new Date(0), false, []);
    expect(e).toMatchObject({ kind: 'app', title: 't'.repeat(1000), heartbeat: false });
    expect(valid(e)).toBe(true);
  });

  it('takes an address from a browser’s title only', () => {
    expect(urlFromTitle('firefox-esr', 'Portal — https://portal.example.com/it/ — Mozilla Firefox')).toBe(
      'https://portal.example.com/it/',
    );
    expect(urlFromTitle('xterm', 'curl https://example.com')).toBeNull();
    expect(urlFromTitle('chrome', 'New Tab')).toBeNull();
  });

  it('caps opened apps in count and size, without repeats', () => {
    expect(capApps(['a', 'b', 'a', ''])).toEqual(['a', 'b']);
    expect(capApps(Array.from({ length: 300 }, (_, i) => `app${i}`))).toHaveLength(100);
    const big = capApps(Array.from({ length: 100 }, (_, i) => `${i}`.padEnd(255, 'x')));
    expect(big.join('').length).toBeLessThanOrEqual(16 * 1024);
  });
});

describe('reconnect backoff', () => {
  it('grows exponentially to the cap, with jitter inside the window', () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(0, () => 1)).toBe(1000);
    expect(backoffDelay(3, () => 1)).toBe(8000);
    expect(backoffDelay(20, () => 1)).toBe(60_000);
    expect(backoffDelay(20, () => 0)).toBe(500);
  });
});
