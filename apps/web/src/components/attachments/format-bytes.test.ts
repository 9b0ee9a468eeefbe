import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it('shows bytes below a kilobyte as they are', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
  });

  it('keeps one decimal below ten units and rounds above', () => {
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10 * 1024 + 600)).toBe('11 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
  });

  it('stops at gigabytes', () => {
    expect(formatBytes(3 * 1024 ** 4)).toBe('3072 GB');
  });
});
