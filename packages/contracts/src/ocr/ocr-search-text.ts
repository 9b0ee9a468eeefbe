/**
 * The one normalisation of OCR text for search, used on both sides: on a page's text
 * before its search column is stored, and on the words of a query before it is asked.
 * Doing it here rather than in a database text-search configuration keeps the embedded
 * PGlite and PostgreSQL identical (their `english` and `arabic` snowball stemmers differ
 * by version), and lets the server mark hits in the original text with the same rules.
 *
 * Per word: compatibility forms unfolded (Arabic presentation forms, ligatures), marks
 * removed (Arabic diacritics; the hamza and madda of أ إ آ ؤ ئ, so alef forms become ا),
 * ٱ → ا, ة → ه, ى → ي, tatweel dropped, Arabic-Indic digits as 0–9, lower case; the
 * Arabic article (ال, and وال بال كال فال لل) taken off a word that keeps two letters;
 * Latin words stemmed with the Porter algorithm (Orama's English stemmer; its stems differ
 * from Porter2's in places, e.g. ties → ti, news → new, but every form of a word meets).
 */

import { stemmer } from '@orama/stemmers/english';

/** Letters, digits and the marks between them: the words of a text, as written. */
const WORD_AS_WRITTEN = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:['’][\p{L}\p{M}\p{N}]+)*/gu;
/** The words of a text once its marks are gone. */
const WORD = /[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu;

const CHAR_MAP: Record<string, string> = {
  '\u0671': '\u0627', // ٱ alef wasla → ا
  '\u0629': '\u0647', // ة ta marbuta → ه
  '\u0649': '\u064a', // ى alef maqsura → ي
  '\u06cc': '\u064a', // ی Farsi yeh → ي
  '\u06a9': '\u0643', // ک keheh → ك
  '\u0640': '', // tatweel
  '\u2019': "'",
};

function foldCharacters(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\u0671\u0629\u0649\u06cc\u06a9\u0640\u2019]/g, (c) => CHAR_MAP[c]!)
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

/** The article, alone or after a conjunction or preposition; longest first. */
const ARABIC_ARTICLES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
const ARABIC = /[\u0600-\u06ff]/;
const LATIN_WORD = /^[a-z']+$/;

function normaliseWord(word: string): string {
  if (ARABIC.test(word)) {
    for (const article of ARABIC_ARTICLES) {
      if (word.startsWith(article) && word.length - article.length >= 2) return word.slice(article.length);
    }
    return word;
  }
  return LATIN_WORD.test(word) ? stemEnglish(word) : word;
}

/** The search terms of a text, in order (one per word). */
export function ocrSearchTerms(text: string): string[] {
  return Array.from(foldCharacters(text).matchAll(WORD), (m) => normaliseWord(m[0])).filter((t) => t.length > 0);
}

/** What a page's search column is built from: its terms, separated by spaces. */
export function ocrSearchText(text: string): string {
  return ocrSearchTerms(text).join(' ');
}

/**
 * A query in web-search syntax (`"a phrase"`, `-not`, `or`) with each word normalised
 * and its syntax kept, for `websearch_to_tsquery('simple', …)`.
 */
export function ocrSearchQuery(q: string): string {
  return foldCharacters(q).replace(WORD, (w) => normaliseWord(w));
}

/** The words a query looks for (not those it excludes with `-`), to mark as hits. */
export function ocrQueryTerms(q: string): Set<string> {
  const wanted = foldCharacters(q).replace(/(^|\s)-[^\s"]+/g, ' ');
  return new Set(ocrSearchTerms(wanted).filter((t) => t !== 'or'));
}

/** A word of a text as written (its offsets in the text) and whether it is one of `terms`. */
export interface OcrTextWord {
  start: number;
  end: number;
  hit: boolean;
}

/** The words of `text` as written, each marked when one of its terms is in `terms`. */
export function ocrMarkWords(text: string, terms: ReadonlySet<string>): OcrTextWord[] {
  return Array.from(text.matchAll(WORD_AS_WRITTEN), (m) => ({
    start: m.index,
    end: m.index + m[0].length,
    hit: terms.size > 0 && ocrSearchTerms(m[0]).some((t) => terms.has(t)),
  }));
}

/** -sion and -tion, plural or not; -ation is left to the stemmer, whose step 2 makes it -ate first. */
const S_T_ION = /^(.+[st])ions?$/;

/** The Porter stem of a lower-case English word (Orama's English stemmer), possessive `'s` off. */
export function stemEnglish(word: string): string {
  const w = word.endsWith("'s") ? word.slice(0, -2) : word;
  const ion = /ations?$/.test(w) ? null : S_T_ION.exec(w);
  if (!ion) return stemmer(w);
  // Orama's step 4 drops the s or t along with -ion (collection → collec, yet collect → collect),
  // so related words would not meet. Its step 4 takes -ism off on the same condition and no
  // other step touches it: stem the word with -ism in place of -ion, and keep the -ion form when
  // the suffix stays, as Porter does.
  const base = ion[1]!;
  return stemmer(`${base}ism`) === base ? base : w.replace(/s$/, '');
}
