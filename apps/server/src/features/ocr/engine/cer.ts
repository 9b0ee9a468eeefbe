/** Whitespace runs count as one space, and the ends are trimmed: layout is not the text. */
const normalise = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * Character error rate: the edit distance (Levenshtein) between what was expected and
 * what was recognised, over the expected length. 0 is perfect; used by tests and the bench.
 */
export function characterErrorRate(expected: string, actual: string): number {
  const a = [...normalise(expected)];
  const b = [...normalise(actual)];
  if (a.length === 0) return b.length === 0 ? 0 : 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]! / a.length;
}
