import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage, translateServerText } from './i18n';
import ar from './locales/ar.json';
import en from './locales/en.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('locale files', () => {
  it('Arabic has exactly the English keys', () => {
    expect(keys(ar.translation).sort()).toEqual(keys(en.translation).sort());
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
});
