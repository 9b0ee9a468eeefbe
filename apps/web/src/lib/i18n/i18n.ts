import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
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
        ns: ['translation'],
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
 * Switches language after the right-to-left styles (if needed) and the language's
 * strings are loaded, so the page flips direction and text in one render.
 */
export async function changeLanguage(language: Language): Promise<void> {
  await loadDirectionCache(directionOf(language));
  await i18next.changeLanguage(language);
}

export { i18next };
