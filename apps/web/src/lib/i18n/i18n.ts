import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { matchMessage, VALIDATION_MESSAGES } from '@portal/contracts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage';
import en from './locales/en.json';
import { loadDirectionCache } from './direction-cache';

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
const RTL_LANGUAGES: readonly Language[] = ['ar'];

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);
export const directionOf = (language: string): 'rtl' | 'ltr' =>
  RTL_LANGUAGES.includes(language as Language) ? 'rtl' : 'ltr';

/**
 * English ships in the entry bundle (it is the fallback); other languages are fetched
 * on demand so that they do not weigh on the login page.
 */
const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = language === 'ar' ? import('./locales/ar.json') : Promise.resolve({ default: en });
    load.then(
      (module) => callback(null, (module.default as Record<string, object>)[namespace] ?? {}),
      (error: unknown) => callback(error as Error, null),
    );
  },
};

/** Keeps <html lang dir> and the stored choice in step with i18next. */
function applyLanguage(language: string) {
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
  writeStorage(STORAGE_KEYS.language, language);
}

export function storedLanguage(): Language {
  const saved = readStorage(STORAGE_KEYS.language);
  return isLanguage(saved) ? saved : 'en';
}

export async function initI18n(language: Language = storedLanguage()) {
  if (!i18next.isInitialized) {
    i18next.on('languageChanged', applyLanguage);
    await i18next
      .use(lazyLocales)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: 'en',
        supportedLngs: [...LANGUAGES],
        ns: ['translation', 'server'],
        defaultNS: 'translation',
        resources: { en },
        partialBundledLanguages: true,
        interpolation: { escapeValue: false }, // React escapes
        returnNull: false,
      });
  }
  return i18next;
}

/**
 * Messages written in English by the server or the contract schemas, translated when the
 * current language has them (the English text is the key), else shown as they are.
 */
export function translateServerText(text: string): string {
  const translated = i18next.getResource(i18next.language, 'server', text, { keySeparator: false });
  if (typeof translated === 'string') return translated;
  // Messages with values ("You already have leave from … to …."), filled from the contracts' templates.
  const filled = matchMessage(text);
  if (filled) {
    const vars = { ...filled.vars };
    // `{{reason}}` is itself a server message ("#12: This ticket is closed; …").
    if (typeof vars.reason === 'string') vars.reason = translateServerText(vars.reason);
    return i18next.t(`serverTemplates.${filled.key}` as 'serverTemplates.fieldProblem', vars);
  }
  // The contracts' plain validation messages ("At most 100 characters."), with their number.
  for (const { key, pattern } of VALIDATION_PATTERNS) {
    const m = pattern.exec(text);
    if (m) return i18next.t(`validation.${key}` as 'validation.maxChars', { n: m[1] ?? '' });
  }
  return text;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const VALIDATION_PATTERNS = Object.entries(VALIDATION_MESSAGES).map(([key, template]) => ({
  key,
  pattern: new RegExp(`^${template.split('{{n}}').map(escapeRegExp).join('(.+?)')}$`),
}));

/**
 * Switches language after the right-to-left styles (if needed) and the language's
 * strings are loaded, so the page flips direction and text in one render.
 */
export async function changeLanguage(language: Language): Promise<void> {
  await loadDirectionCache(directionOf(language));
  await i18next.changeLanguage(language);
}

export { i18next };
