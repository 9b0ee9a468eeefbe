import { check } from 'recheck';
import { fillMessage } from '@portal/contracts';

/**
 * IT's patterns run against text any enrolled agent chooses: a
 * pattern with nested or overlapping repeats (`^(a+)+$`) backtracks exponentially, and one
 * evaluation could stall ingest or a page for minutes. So a pattern is vetted by recheck
 * before it is saved, and again before a stored one is used (rules saved before this check
 * existed), and what it is matched against is cut to RULE_MATCH_INPUT_MAX characters.
 */

/** The message under the pattern field when a rule is refused for it (in English). */
export const SLOW_PATTERN_MESSAGE = fillMessage('patternTooSlow');

/** The checker's whole budget per pattern; a pattern it cannot judge in time is not used. */
const CHECK_TIMEOUT_MS = 5_000;

/**
 * Quadratic patterns (`bank.*statement`, `\s+$`) are everyday ones and stay cheap on input
 * cut to RULE_MATCH_INPUT_MAX (a few milliseconds at worst); cubic and worse are not.
 */
const MAX_POLYNOMIAL_DEGREE = 2;

export type PatternVerdict = 'safe' | 'catastrophic';

async function judge(pattern: string): Promise<PatternVerdict> {
  // The checker runs in recheck's own process or worker (its `check`), never on our event loop.
  const d = await check(pattern, 'i', { timeout: CHECK_TIMEOUT_MS });
  if (d.status === 'safe') return 'safe';
  if (d.status === 'vulnerable' && d.complexity.type === 'polynomial' && d.complexity.degree <= MAX_POLYNOMIAL_DEGREE)
    return 'safe';
  // Exponential, polynomial of a higher degree, or unknown (timed out, unsupported syntax).
  return 'catastrophic';
}

/** Verdicts by pattern text for this process (patterns are few, and a text's verdict never changes). */
const known = new Map<string, Promise<PatternVerdict>>();

export function vetPattern(pattern: string): Promise<PatternVerdict> {
  let v = known.get(pattern);
  if (!v) {
    v = judge(pattern).catch(() => {
      // The checker itself failed (not the pattern): not used now, asked again next time.
      known.delete(pattern);
      return 'catastrophic' as const;
    });
    known.set(pattern, v);
  }
  return v;
}

/** The stored rules that are safe to evaluate, in their order; the others are left out. */
export async function usableRules<T extends { pattern: string }>(rules: readonly T[]): Promise<T[]> {
  const verdicts = await Promise.all(rules.map((r) => vetPattern(r.pattern)));
  return rules.filter((_r, i) => verdicts[i] === 'safe');
}
