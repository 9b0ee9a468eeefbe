import { pickLocalName, type TLocalizedName } from '@portal/contracts';
import i18next from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/*
 * Names administrators type come in English and, optionally, Arabic (contracts'
 * `name` + `name_ar`). Every page names them through here: the page's language first,
 * the other name when that one is missing.
 */

function pageLanguage(): string {
  return i18next.resolvedLanguage ?? i18next.language ?? 'en';
}

/** The name in the page's language (or `language`), falling back to the other one. */
export function localName(named: TLocalizedName, language: string = pageLanguage()): string {
  return pickLocalName(named, language);
}

/** `localName` bound to the language a component renders in (it re-renders when that changes). */
export function useLocalName(): (named: TLocalizedName) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useCallback((named: TLocalizedName) => pickLocalName(named, language), [language]);
}

/** An interpreter's team (`team` + `team_ar`) in the page's language; '' when there is none. */
export function teamName(row: { team: string; team_ar?: string | null }, language: string = pageLanguage()): string {
  return pickLocalName({ name: row.team, name_ar: row.team_ar }, language);
}

// ---------------------------------------------------------------- language pairs

/*
 * Language pairs are typed as two language names in English ("Arabic↔English") or as
 * ISO 639 codes ("ar↔en"). Each side is named in the page's language by Intl.DisplayNames;
 * a name it does not know stays as typed.
 */
const ISO_CODES = (
  'af am ar az be bg bn bs ca cs cy da de el en es et eu fa fi fil fr ga gl gu ha he hi hr hu hy id ig is it ja ' +
  'jv ka kk km kn ko ku ky lo lt lv mk ml mn mr ms mt my ne nl no pa pl ps pt ro ru rw si sk sl so sq sr sv sw ' +
  'ta te tg th ti tk tl tr uk ur uz vi wo xh yo zh zu'
).split(' ');

const displayNames = new Map<string, Intl.DisplayNames | null>();
function namesIn(language: string): Intl.DisplayNames | null {
  if (!displayNames.has(language)) {
    try {
      displayNames.set(language, new Intl.DisplayNames([language], { type: 'language' }));
    } catch {
      displayNames.set(language, null);
    }
  }
  return displayNames.get(language) ?? null;
}

let codesByEnglishName: Map<string, string> | null = null;
/** "arabic" → "ar", from the English names Intl gives each code (and a few common spellings). */
function codeOf(name: string): string | null {
  const key = name.trim().toLowerCase();
  if (/^[a-z]{2,3}$/.test(key) && ISO_CODES.includes(key)) return key;
  if (!codesByEnglishName) {
    const english = namesIn('en');
    codesByEnglishName = new Map([
      ['farsi', 'fa'],
      ['tagalog', 'tl'],
      ['mandarin', 'zh'],
    ]);
    for (const code of ISO_CODES) {
      const n = english?.of(code);
      if (n) codesByEnglishName.set(n.toLowerCase(), code);
    }
  }
  return codesByEnglishName.get(key) ?? null;
}

/** One language's name in `language` ("Arabic" → "العربية" on an Arabic page); as typed when unknown. */
export function languageName(name: string, language: string = pageLanguage()): string {
  const code = codeOf(name);
  const named = code ? namesIn(language)?.of(code) : undefined;
  return named && named !== code ? named : name.trim();
}

/** A language pair in `language`: "Arabic↔English" → "العربية↔الإنجليزية" on an Arabic page. */
export function languagePairName(pair: string, language: string = pageLanguage()): string {
  return pair
    .split('↔')
    .map((side) => languageName(side, language))
    .join('↔');
}
