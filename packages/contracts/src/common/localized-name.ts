import { schemaMessage } from './messages.js';
import { ZText } from './text.js';

// Letters of the Arabic script (Arabic, its supplement and extended blocks, presentation forms).
const ARABIC_LETTER = /[\u0620-\u064a\u066e-\u06d3\u06fa-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufefc]/;

/** Whether `s` has at least one Arabic letter (an "Arabic name" typed in Latin letters is a mistake). */
export const hasArabicLetter = (s: string) => ARABIC_LETTER.test(s);

/**
 * The Arabic form of a name an administrator types (a public holiday, a leave type, a KPI,
 * a team), beside the English `name`: optional, bounded like the name it goes with, and in
 * Arabic letters. Blank or null clears it (`null`); left out, an update keeps what is
 * stored (`undefined`), so a client that predates the field never erases it.
 */
export const ZArabicName = (max: number) =>
  ZText.trim()
    .max(max, schemaMessage('maxChars', { count: max }))
    .refine((s) => s === '' || hasArabicLetter(s), schemaMessage('arabicLetters'))
    .nullish()
    .transform((s) => (s === undefined ? undefined : s || null));

/**
 * The stored Arabic name in an answer: null when none was given. An answer without it (a
 * server that predates the field) reads as null, so readers never refuse it.
 */
export const ZArabicNameValue = ZText.nullable().default(null);

/** What pages need to name a record in the reader's language (`localName` on the web). */
export interface TLocalizedName {
  name: string;
  name_ar?: string | null;
}

/**
 * The name to show in `language`: the Arabic one on Arabic pages, falling back to the
 * English one when there is none, and the other way round (a record may have been given
 * only an Arabic name).
 */
export function pickLocalName(named: TLocalizedName, language: string): string {
  const arabic = named.name_ar?.trim() || '';
  const english = named.name.trim();
  if (language.startsWith('ar')) return arabic || english;
  return english || arabic;
}
