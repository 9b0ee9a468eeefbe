import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES, msg, type MessageDefinition } from '@portal/contracts';
import { formatCalendarDate, formatNumber } from '../format';
import { changeLanguage, i18next } from './i18n';
import { translateMessage, translateSaid } from './messages';
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

describe('messages by code', () => {
  afterAll(async () => {
    await changeLanguage('en');
  });

  const catalogue = Object.entries(MESSAGES as Record<string, MessageDefinition>);
  const placeholders = (text: string) => new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!));

  it("has every code's English text, word for word the catalogue's", () => {
    const expected: Record<string, string> = {};
    for (const [code, def] of catalogue) {
      if (typeof def.en === 'string') expected[code] = def.en;
      else Object.assign(expected, { [`${code}_one`]: def.en.one, [`${code}_other`]: def.en.other });
    }
    expect(en.translation.messages).toEqual(expected);
  });

  it('has every code in Arabic, all six forms where it counts, each with exactly its values', () => {
    const arabic = ar.translation.messages as Record<string, string>;
    for (const [code, def] of catalogue) {
      const declared = Object.keys(def.params);
      const forms = typeof def.en === 'string' ? [code] : AR_PLURALS.map((f) => `${code}_${f}`);
      for (const key of forms) {
        const text = arabic[key];
        expect(text?.trim().length ?? 0, key).toBeGreaterThan(0);
        const used = placeholders(text!);
        for (const name of used) expect(declared, `${key} uses {{${name}}}`).toContain(name);
        // Arabic may say one, two or none in words ("يوم واحد"); every other value must be there.
        const wordForms = /_(zero|one|two)$/.test(key);
        for (const name of declared)
          if (!(name === 'count' && wordForms)) expect(used.has(name), `${key} lacks {{${name}}}`).toBe(true);
      }
    }
  });

  it('says a message with its values in the reader’s language and formats', async () => {
    const overlap = msg('leaveOverlapOther', { name: 'Sara Ali', from: '2026-03-02', to: '2026-03-04' });
    const day = (iso: string) => formatCalendarDate(iso, 'date');
    expect(translateMessage(overlap)).toBe(
      `\u2068Sara Ali\u2069 already has leave from ${day('2026-03-02')} to ${day('2026-03-04')}.`,
    );
    // The portal's one family of dates, not the ISO form the server sends.
    expect(translateMessage(overlap)).toContain('from Mar 2, 2026 to Mar 4, 2026.');
    await changeLanguage('ar');
    const shown = translateMessage(overlap);
    expect(shown).toMatch(/^لدى \u2068Sara Ali\u2069 بالفعل إجازة من /);
    expect(shown).toContain(day('2026-03-02'));
    expect(shown).not.toContain('2026-03-02');
  });

  it('picks the Arabic plural form by count and says a reason inside in Arabic too', async () => {
    await changeLanguage('ar');
    const short = (count: number) =>
      translateMessage(msg('leaveBalanceShort', { count, type: 'Annual leave', year: 2026, days: 4 }));
    expect(short(2)).toContain('سوى يومين');
    expect(short(3)).toContain('سوى 3 أيام');
    expect(short(11)).toContain('سوى 11 يومًا');
    expect(short(2)).toContain('2026');
    const bulk = msg('bulkRefused', { tickets: '#3, #8', reason: msg('ticketClosedReopenFirst') });
    expect(translateMessage(bulk)).toBe('التذاكر \u2068#3, #8\u2069: هذه التذكرة مغلقة؛ أعد فتحها أولًا.');
    expect(translateMessage(msg('maxChars', { count: 1000 }))).toBe(`${formatNumber(1000)} حرف على الأكثر.`);
  });

  it('falls back to the English text for a code this app does not know, or values that do not fit it', async () => {
    await changeLanguage('ar');
    expect(translateSaid({ message: 'Something new.', code: 'somethingNewer' })).toBe('Something new.');
    expect(translateSaid({ message: 'Old server.', code: undefined })).toBe('Old server.');
    expect(translateSaid({ message: 'Bad values.', code: 'leaveOverlapOwn', params: { from: 3 } })).toBe('Bad values.');
    expect(translateSaid({ message: 'Not found.', code: 'notFound' })).toBe('غير موجود.');
  });

  it('are Arabic for every message of the catalogue and every plural form (no English fallback)', async () => {
    await changeLanguage('ar');
    for (const [code, def] of catalogue) {
      const params = Object.fromEntries(
        Object.entries(def.params).map(([name, kind]) => [
          name,
          kind === 'message' ? msg('required') : kind === 'date' ? '2026-05-03' : kind === 'text' ? 'Sara' : 7,
        ]),
      );
      for (const count of 'count' in def.params ? [0, 1, 2, 3, 11, 100, 2.5] : [undefined]) {
        const shown = translateMessage({ code, params: count === undefined ? params : { ...params, count } } as never);
        expect(shown, code).toMatch(/[\u0600-\u06FF]/);
        expect(shown, code).not.toMatch(/\{\{/);
      }
    }
  });
});
