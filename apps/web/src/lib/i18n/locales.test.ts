import { afterAll, describe, expect, it } from 'vitest';
import { fillMessage, MESSAGE_TEMPLATES, VALIDATION_MESSAGES, type MessageKey } from '@portal/contracts';
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

describe('server messages with values', () => {
  afterAll(async () => {
    await changeLanguage('en');
  });

  // A value for every placeholder; `reason` is a known server message, translated too.
  const VALUES = {
    type: 'Annual leave',
    name: 'Sara Ali',
    from: '2026-03-02',
    to: '2026-03-04',
    year: '2026',
    days: '4',
    tickets: '#12, #15',
    reason: 'Ticket not found.',
    shortcut: 'thanks',
    used: '9.5 MiB',
    quota: '10 MiB',
    incoming: '1.2 MiB',
    field: 'subject',
  };
  const stems = [...new Set(Object.keys(MESSAGE_TEMPLATES).map((k) => k.replace(/_(one|other)$/, '') as MessageKey))];

  it("English keys are the contracts' templates, word for word", () => {
    expect(en.translation.serverTemplates).toEqual(MESSAGE_TEMPLATES);
  });

  it('stay as sent in English', () => {
    for (const key of stems) {
      const sent = fillMessage(key, { ...VALUES, count: 7 } as never);
      expect(translateServerText(sent), key).toBe(sent);
    }
  });

  it('every template round-trips in Arabic, its values kept, for every plural form', async () => {
    await changeLanguage('ar');
    for (const key of stems) {
      for (const count of [0, 1, 2, 7, 11, 100, 2.5]) {
        const sent = fillMessage(key, { ...VALUES, count } as never);
        const shown = translateServerText(sent);
        expect(shown, sent).not.toBe(sent);
        expect(shown, sent).toMatch(/[\u0600-\u06FF]/);
        expect(shown, sent).not.toMatch(/\{\{|[a-z]{3,} (?:day|days|ticket|files?)\b/);
        for (const [name, value] of Object.entries(VALUES)) {
          if (name !== 'reason' && sent.includes(value)) expect(shown, `${sent} keeps ${name}`).toContain(value);
        }
        if (sent.includes(` ${count} `) && count > 2) expect(shown, sent).toContain(String(count));
      }
    }
  });

  it('translate the message inside, and pick the Arabic plural form', async () => {
    await changeLanguage('ar');
    expect(
      translateServerText(
        fillMessage('bulkRefused', { tickets: '#3, #8', reason: 'This ticket is closed; reopen it first.' }),
      ),
    ).toBe('التذاكر #3, #8: هذه التذكرة مغلقة؛ أعد فتحها أولًا.');
    const short = (count: number) =>
      translateServerText(fillMessage('leaveBalanceShort', { count, type: 'Annual leave', year: 2026, days: 4 }));
    expect(short(2)).toContain('سوى يومين');
    expect(short(3)).toContain('سوى 3 أيام');
    expect(short(11)).toContain('سوى 11 يومًا');
    expect(translateServerText('subject: Remove the invisible or broken characters from this text.')).toBe(
      'الحقل subject: أزل الأحرف غير المرئية أو التالفة من هذا النص.',
    );
  });
});
