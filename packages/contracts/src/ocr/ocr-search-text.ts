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
 * Latin words stemmed with the Porter2 (Snowball English) algorithm.
 */

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

// ---- Porter2 (the Snowball English stemmer) ----

const VOWELS = 'aeiouy';
const isVowel = (c: string | undefined) => c !== undefined && VOWELS.includes(c);

const EXCEPTIONS: Record<string, string> = {
  skis: 'ski',
  skies: 'sky',
  dying: 'die',
  lying: 'lie',
  tying: 'tie',
  idly: 'idl',
  gently: 'gentl',
  ugly: 'ugli',
  early: 'earli',
  only: 'onli',
  singly: 'singl',
  sky: 'sky',
  news: 'news',
  howe: 'howe',
  atlas: 'atlas',
  cosmos: 'cosmos',
  bias: 'bias',
  andes: 'andes',
};
const AFTER_STEP_1A = new Set(['inning', 'outing', 'canning', 'herring', 'earring', 'proceed', 'exceed', 'succeed']);

/** Where the region after the first non-vowel following a vowel, at or after `from`, starts. */
function regionAfter(w: string, from: number): number {
  for (let i = from + 1; i < w.length; i++) if (isVowel(w[i - 1]) && !isVowel(w[i])) return i + 1;
  return w.length;
}

function endsInShortSyllable(w: string): boolean {
  const n = w.length;
  if (n === 2) return isVowel(w[0]) && !isVowel(w[1]);
  return n >= 3 && !isVowel(w[n - 3]) && isVowel(w[n - 2]) && !isVowel(w[n - 1]) && !'wxY'.includes(w[n - 1]!);
}

/** The longest of `suffixes` that `w` ends with. */
const longest = (w: string, suffixes: readonly string[]) => suffixes.find((s) => w.endsWith(s));
const bySize = (list: readonly string[]) => [...list].sort((a, b) => b.length - a.length);

const STEP2: Record<string, string> = {
  tional: 'tion',
  enci: 'ence',
  anci: 'ance',
  abli: 'able',
  entli: 'ent',
  izer: 'ize',
  ization: 'ize',
  ational: 'ate',
  ation: 'ate',
  ator: 'ate',
  alism: 'al',
  aliti: 'al',
  alli: 'al',
  fulness: 'ful',
  ousli: 'ous',
  ousness: 'ous',
  iveness: 'ive',
  iviti: 'ive',
  biliti: 'ble',
  bli: 'ble',
  ogi: 'og',
  fulli: 'ful',
  lessli: 'less',
  li: '',
};
const STEP2_KEYS = bySize(Object.keys(STEP2));
const STEP3: Record<string, string> = {
  tional: 'tion',
  ational: 'ate',
  alize: 'al',
  icate: 'ic',
  iciti: 'ic',
  ical: 'ic',
  ful: '',
  ness: '',
  ative: '',
};
const STEP3_KEYS = bySize(Object.keys(STEP3));
const STEP4 = bySize([
  'al',
  'ance',
  'ence',
  'er',
  'ic',
  'able',
  'ible',
  'ant',
  'ement',
  'ment',
  'ent',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
  'ion',
]);
const STEP1B = bySize(['eed', 'eedly', 'ed', 'edly', 'ing', 'ingly']);

/** The Porter2 stem of a lower-case English word. */
export function stemEnglish(word: string): string {
  if (word.length <= 2) return word;
  const exception = EXCEPTIONS[word];
  if (exception) return exception;
  let w = word.startsWith("'") ? word.slice(1) : word;
  // A y that acts as a consonant is Y, which is not a vowel.
  w = w.replace(/^y/, 'Y').replace(/([aeiouy])y/g, '$1Y');
  const r1 = /^(gener|commun|arsen)/.exec(w)?.[0].length ?? regionAfter(w, 0);
  const r2 = regionAfter(w, r1);
  const inR1 = (suffix: string) => w.length - suffix.length >= r1;
  const inR2 = (suffix: string) => w.length - suffix.length >= r2;
  const cut = (suffix: string, by = '') => (w = w.slice(0, w.length - suffix.length) + by);

  // Step 0: possessives.
  const apostrophe = longest(w, ["'s'", "'s", "'"]);
  if (apostrophe) cut(apostrophe);

  // Step 1a: plurals.
  if (w.endsWith('sses')) cut('sses', 'ss');
  else if (w.endsWith('ied') || w.endsWith('ies')) cut('ies', w.length > 4 ? 'i' : 'ie');
  else if (w.endsWith('us') || w.endsWith('ss')) {
    // kept
  } else if (w.endsWith('s') && /[aeiouy]/.test(w.slice(0, -2))) cut('s');
  if (AFTER_STEP_1A.has(w)) return w;

  // Step 1b: -ed, -ing.
  const s1b = longest(w, STEP1B);
  if (s1b === 'eed' || s1b === 'eedly') {
    if (inR1(s1b)) cut(s1b, 'ee');
  } else if (s1b && /[aeiouy]/.test(w.slice(0, -s1b.length))) {
    cut(s1b);
    if (/(at|bl|iz)$/.test(w)) w += 'e';
    // A double is undone, except in a word of a vowel and the double alone (adding → add, not ad).
    else if (/(bb|dd|ff|gg|mm|nn|pp|rr|tt)$/.test(w) && !(w.length === 3 && isVowel(w[0]))) w = w.slice(0, -1);
    else if (endsInShortSyllable(w) && r1 >= w.length) w += 'e';
  }

  // Step 1c: y → i after a consonant that is not the first letter.
  if (w.length > 2 && /[yY]$/.test(w) && !isVowel(w[w.length - 2])) w = `${w.slice(0, -1)}i`;

  // Step 2.
  const s2 = longest(w, STEP2_KEYS);
  if (s2 && inR1(s2)) {
    const before = w[w.length - s2.length - 1];
    if (s2 === 'ogi') {
      if (before === 'l') cut(s2, STEP2[s2]);
    } else if (s2 === 'li') {
      if (before !== undefined && 'cdeghkmnrt'.includes(before)) cut(s2);
    } else cut(s2, STEP2[s2]);
  }

  // Step 3.
  const s3 = longest(w, STEP3_KEYS);
  if (s3 && inR1(s3) && (s3 !== 'ative' || inR2(s3))) cut(s3, STEP3[s3]);

  // Step 4.
  const s4 = longest(w, STEP4);
  if (s4 && inR2(s4)) {
    if (s4 !== 'ion' || /[st]$/.test(w.slice(0, -3))) cut(s4);
  }

  // Step 5.
  if (w.endsWith('e')) {
    if (inR2('e') || (inR1('e') && !endsInShortSyllable(w.slice(0, -1)))) cut('e');
  } else if (w.endsWith('ll') && inR2('l')) cut('l');

  return w.replace(/Y/g, 'y');
}
