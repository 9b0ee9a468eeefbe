import { ocrMarkWords, ocrQueryTerms, type TOcrSearchHit } from '@portal/contracts';

/** Words in a fragment, and how many of them come before its first hit. */
const FRAGMENT_WORDS = 30;
const LEAD_WORDS = 8;
const MAX_FRAGMENTS = 2;
const GAP = ' … ';

/**
 * A search hit's snippet, cut from the page's text as recognised (never from its
 * normalised search text): up to two fragments of about 30 words around the words that
 * match the query by the same normalisation as the search (so "interpreters" is marked
 * for "interpreter", "المترجمة" for "مترجمة"), as plain `{text, hit}` parts.
 */
export function ocrSnippet(text: string, q: string): TOcrSearchHit['snippet'] {
  const words = ocrMarkWords(text, ocrQueryTerms(q));
  if (words.length === 0) return [];
  const fragments: [number, number][] = [];
  for (const [i, w] of words.entries()) {
    if (!w.hit || fragments.some(([a, b]) => i >= a && i < b)) continue;
    const start = Math.max(0, i - LEAD_WORDS);
    fragments.push([start, Math.min(words.length, start + FRAGMENT_WORDS)]);
    if (fragments.length === MAX_FRAGMENTS) break;
  }
  if (fragments.length === 0) fragments.push([0, Math.min(words.length, FRAGMENT_WORDS)]);

  const parts: TOcrSearchHit['snippet'] = [];
  const push = (piece: string, hit: boolean) => {
    const t = piece.replace(/\s+/g, ' ');
    if (!t) return;
    const last = parts.at(-1);
    if (last && last.hit === hit && !hit) last.text += t;
    else parts.push({ text: t, hit });
  };
  for (const [n, [a, b]] of fragments.entries()) {
    if (n > 0) push(GAP, false);
    else if (a > 0) push('… ', false);
    // A fragment at either end of the page keeps the punctuation there.
    let at = a === 0 ? 0 : words[a]!.start;
    for (const w of words.slice(a, b)) {
      if (!w.hit) continue;
      push(text.slice(at, w.start), false);
      push(text.slice(w.start, w.end), true);
      at = w.end;
    }
    push(text.slice(at, b === words.length ? text.length : words[b - 1]!.end), false);
  }
  if (fragments.at(-1)![1] < words.length) push(' …', false);
  parts[0]!.text = parts[0]!.text.trimStart();
  parts.at(-1)!.text = parts.at(-1)!.text.trimEnd();
  return parts.filter((p) => p.text.length > 0);
}
