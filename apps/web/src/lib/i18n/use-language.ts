import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, type Language } from './i18n';

/** The current language and a setter that also flips direction (and persists). */
export function useLanguage(): { language: Language; setLanguage: (language: Language) => Promise<void> } {
  const { i18n } = useTranslation();
  return { language: isLanguage(i18n.language) ? i18n.language : 'en', setLanguage: changeLanguage };
}
