import { afterAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '@portal/contracts';
import { changeLanguage, i18next, translateServerText } from './i18n';
import ar from './locales/ar.json';
import en from './locales/en.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

const EN_PLURALS = ['one', 'other'];
// CLDR's six Arabic plural categories: i18next picks one per count, and a missing one
// falls back to the English text ("Last 7 days" in an Arabic page).
const AR_PLURALS = ['zero', 'one', 'two', 'few', 'many', 'other'];
const pluralStem = (key: string) => /^(.*)_(zero|one|two|few|many|other)$/.exec(key)?.[1];

/** The keys a language needs: each English plural key stands for all of that language's forms. */
function expected(englishKeys: string[], forms: string[]): string[] {
  const out = new Set<string>();
  for (const key of englishKeys) {
    const stem = pluralStem(key);
    if (stem) for (const form of forms) out.add(`${stem}_${form}`);
    else out.add(key);
  }
  return [...out].sort();
}

describe('locale files', () => {
  it('Arabic has exactly the English keys, with all six plural forms of every count', () => {
    const enKeys = keys(en.translation);
    expect(keys(ar.translation).sort()).toEqual(expected(enKeys, AR_PLURALS));
    expect(enKeys.sort()).toEqual(expected(enKeys, EN_PLURALS));
  });

  it('keeps the error catalogue of spec §8 verbatim in English', () => {
    expect(en.translation.errors.credentials).toBe('email or password invalid');
    expect(en.translation.errors.logout).toBe('Error while logout');
    expect(en.translation.login.success).toBe('Login Success');
    expect(en.translation.account.created).toBe('Account Created successful.');
    expect(en.translation.account.updated).toBe('Account Updated successful.');
    expect(en.translation.account.passwordUpdated).toBe('Password Updated successful.');
  });
});

describe('server and schema messages', () => {
  afterAll(async () => {
    await changeLanguage('en');
  });

  it('are shown as sent in English and translated in Arabic, unknown ones as they are', async () => {
    expect(translateServerText('This field is required.')).toBe('This field is required.');
    await changeLanguage('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(translateServerText('This field is required.')).toBe('هذا الحقل مطلوب.');
    expect(translateServerText('Username may contain letters, digits and . _ @ + - only.')).toMatch(/^يمكن/);
    expect(translateServerText('Something new.')).toBe('Something new.');
  });

  it('translate every plain validation message of the contracts, numbers kept', async () => {
    await changeLanguage('ar');
    expect(translateServerText('At most 100 characters.')).toBe('100 حرفًا على الأكثر.');
    expect(translateServerText('Unknown field: user_type.')).toBe('حقل غير معروف: user_type.');
    for (const [key, template] of Object.entries(VALIDATION_MESSAGES)) {
      const sent = template.replace('{{n}}', '7');
      expect(translateServerText(sent), key).not.toBe(sent);
    }
  });
});

describe('counts', () => {
  afterAll(async () => {
    await changeLanguage('en');
  });

  it('are Arabic for every count Arabic grammar tells apart (no English fallback)', async () => {
    await changeLanguage('ar');
    const english = new Set(Object.values(en.translation.desk));
    for (const count of [0, 1, 2, 3, 7, 11, 30, 90, 100]) {
      const text = i18next.t('desk.lastDays', { count });
      expect(english.has(text), `${count}: ${text}`).toBe(false);
      expect(text).toMatch(/[\u0600-\u06FF]/);
      expect(i18next.t('tickets.home.replies', { count })).toMatch(/[\u0600-\u06FF]/);
    }
    expect(i18next.t('desk.lastDays', { count: 7 })).toBe('آخر 7 أيام');
    expect(i18next.t('tickets.home.replies', { count: 2 })).toBe('ردّان');
  });
});
