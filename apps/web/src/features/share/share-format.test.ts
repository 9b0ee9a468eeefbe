import { describe, expect, it } from 'vitest';
import { callLimitMinutes, clockTime, formatTimer, SHARE_PATHS } from './share-format';

describe('formatTimer', () => {
  it('reads mm:ss under an hour and h:mm:ss from one', () => {
    expect(formatTimer(0)).toBe('00:00');
    expect(formatTimer(5)).toBe('00:05');
    expect(formatTimer(65)).toBe('01:05');
    expect(formatTimer(59 * 60 + 59)).toBe('59:59');
    expect(formatTimer(3600)).toBe('1:00:00');
    expect(formatTimer(3600 + 2 * 60 + 5)).toBe('1:02:05');
    expect(formatTimer(10 * 3600 + 59)).toBe('10:00:59');
  });

  it('drops fractions and says — for a call that never started', () => {
    expect(formatTimer(61.9)).toBe('01:01');
    expect(formatTimer(null)).toBe('—');
    expect(formatTimer(undefined)).toBe('—');
    expect(formatTimer(-3)).toBe('—');
    expect(formatTimer(Number.NaN)).toBe('—');
  });
});

describe('share helpers', () => {
  it('reads a time on the local clock', () => {
    const at = new Date(2026, 10, 26, 9, 5);
    expect(clockTime(at.toISOString())).toBe('09:05');
    expect(clockTime('nonsense')).toBe('');
  });

  it('finds the length limit from the start and the deadline', () => {
    expect(callLimitMinutes({ started_at: '2026-11-26T10:00:00Z', expires_at: '2026-11-26T10:30:00Z' })).toBe(30);
    expect(callLimitMinutes({ started_at: null, expires_at: null })).toBeNull();
  });

  it('builds the pages’ addresses, names escaped', () => {
    expect(SHARE_PATHS.watch('a b')).toBe('/share/a%20b');
    expect(SHARE_PATHS.callEnd(4)).toBe('/share/call-end?call=4');
    expect(SHARE_PATHS.callExceed('qamar', 'viewers')).toBe('/share/call-exceed?user=qamar&limit=viewers');
  });
});
