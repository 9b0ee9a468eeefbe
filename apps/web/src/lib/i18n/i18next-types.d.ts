import 'i18next';
import type en from './locales/en.json';

// Typed keys: t('nav.home') is checked against the English resources. (Not named
// i18n.d.ts: TypeScript skips a .d.ts that shares its name with a .ts beside it.)
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: (typeof en)['translation'] };
  }
}
