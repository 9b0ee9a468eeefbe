import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Dates, times, lists and durations reach people through lib/format only, so that every
 * page says them in one family and in the reader's language. This guard reads the web's
 * source for the ways around it that crept in before: the browser's own formats, a
 * formatter of a page's own, a list joined with a fixed comma, a raw ISO string shown.
 */
const SRC = join(__dirname, '..');
const ALLOWED = new Set(['lib/format.ts']);

const FORBIDDEN: readonly [RegExp, string][] = [
  [
    /\.toLocale(Date|Time)?String\(/,
    'toLocaleString and friends: use formatDate/formatDateTime/formatTime/formatNumber',
  ],
  [/new Intl\.(DateTimeFormat|ListFormat|RelativeTimeFormat)\(/, 'a formatter of its own: use lib/format'],
  [/\b(dateStyle|timeStyle)\s*:/, "Intl's date styles (the all-digit short one among them): use lib/format"],
  [
    /\.join\(\s*'،\s*'\s*\)/,
    "a list joined with a fixed Arabic comma: use formatList (it follows the page's language)",
  ],
  [/\{[^{}]*\.toISOString\(\)[^{}]*\}\s*<\//, 'an ISO timestamp shown as text: use formatDateTime'],
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('dates, lists and durations go through lib/format', () => {
  it('finds the web source to read', () => {
    expect(sources(SRC).length).toBeGreaterThan(50);
  });

  it('no component formats a date, time or list its own way', () => {
    const found: string[] = [];
    for (const file of sources(SRC)) {
      const name = relative(SRC, file).replaceAll('\\', '/');
      if (ALLOWED.has(name)) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const [pattern, why] of FORBIDDEN) if (pattern.test(line)) found.push(`${name}:${i + 1} ${why}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('would catch each of them', () => {
    const samples = [
      'const s = new Date(at).toLocaleString();',
      'new Intl.DateTimeFormat(lang, { hour: "numeric" })',
      "{ dateStyle: 'short' }",
      "types.join('، ')",
      '<span>{new Date(at).toISOString()}</span>',
    ];
    for (const sample of samples)
      expect(
        FORBIDDEN.some(([p]) => p.test(sample)),
        sample,
      ).toBe(true);
    expect(FORBIDDEN.some(([p]) => p.test('const q = { from: new Date().toISOString() };'))).toBe(false);
  });
});
