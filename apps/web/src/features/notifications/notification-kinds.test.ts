import {
  eventDetailFieldNames,
  eventDetailValueWords,
  NOTIFICATION_KIND_CODES,
  NOTIFICATION_KINDS,
  NOTIFICATION_PARAM_TYPES,
  type NotificationKindDefinition,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import ar from '../../lib/i18n/locales/ar.json';
import en from '../../lib/i18n/locales/en.json';

const AR_PLURALS = ['zero', 'one', 'two', 'few', 'many', 'other'];
const placeholders = (text: string) => new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!));
const enKinds = en.translation.notifications.kinds as Record<string, string>;
const arKinds = ar.translation.notifications.kinds as Record<string, string>;

/** The locale keys a kind needs: its text, its plural forms, its text with a comment. */
function textsOf(code: string, def: NotificationKindDefinition, plurals: string[]): [string, string | undefined][] {
  const english = def.en;
  const out: [string, string | undefined][] =
    typeof english === 'string'
      ? [[code, english]]
      : plurals.map((form) => [`${code}_${form}`, form === 'one' ? english.one : english.other]);
  if (def.withComment !== undefined) out.push([`${code}_comment`, def.withComment]);
  return out;
}

describe('notification kinds in the locales', () => {
  it('every kind reads in English exactly as the contracts say (one wording for the API and the web)', () => {
    for (const code of NOTIFICATION_KIND_CODES) {
      for (const [key, text] of textsOf(code, NOTIFICATION_KINDS[code], ['one', 'other'])) {
        expect(enKinds[key], key).toBe(text);
      }
    }
    const known = new Set(NOTIFICATION_KIND_CODES.flatMap((c) => textsOf(c, NOTIFICATION_KINDS[c], ['one', 'other'])));
    expect(Object.keys(enKinds).sort()).toEqual([...known].map(([key]) => key).sort());
  });

  it('every kind has its Arabic text, all six plural forms of a count, naming its parameters', () => {
    for (const code of NOTIFICATION_KIND_CODES) {
      const def: NotificationKindDefinition = NOTIFICATION_KINDS[code];
      const params = Object.keys(def.params);
      for (const [key] of textsOf(code, def, AR_PLURALS)) {
        const text = arKinds[key];
        expect(text, `ar ${key}`).toEqual(expect.any(String));
        const used = placeholders(text!);
        // Every value is said (the count may be in words: "يومان"), and nothing else.
        for (const name of used) expect(params, `${key}: {{${name}}}`).toContain(name);
        const needed = params.filter((p) => p !== 'count' && (p !== 'comment' || key.endsWith('_comment')));
        for (const name of needed) expect([...used], `${key} says {{${name}}}`).toContain(name);
        if (code !== 'announcement' && code !== 'legacyText') expect(text, key).toMatch(/[\u0600-\u06FF]/);
      }
    }
  });

  it('has words for every code word a parameter may hold', () => {
    for (const [type, schema] of Object.entries(NOTIFICATION_PARAM_TYPES)) {
      // Code words are enums' options (a union's options are schemas: names, not code words).
      if (!('options' in schema) || type === 'userType') continue;
      if (!(schema.options as unknown[]).every((o) => typeof o === 'string')) continue;
      for (const language of [en, ar]) {
        const words = (language.translation.notifications.values as Record<string, Record<string, string>>)[type];
        expect(Object.keys(words ?? {}).sort(), type).toEqual([...(schema.options as string[])].sort());
        for (const text of Object.values(words ?? {})) expect(text.trim(), type).not.toBe('');
      }
    }
  });
});

describe('event-log details in the locales', () => {
  it('label every detail field of every action, and name every code word, in English and Arabic', () => {
    for (const language of [en, ar]) {
      const fields = language.translation.eventLogs.fields as Record<string, string>;
      const values = language.translation.eventLogs.values as Record<string, string>;
      expect(Object.keys(fields).sort()).toEqual(eventDetailFieldNames());
      expect(Object.keys(values).sort()).toEqual(eventDetailValueWords());
      for (const text of [...Object.values(fields), ...Object.values(values)]) expect(text.trim()).not.toBe('');
    }
    for (const text of Object.values(ar.translation.eventLogs.fields)) expect(text).toMatch(/[\u0600-\u06FF]/);
    for (const text of Object.values(ar.translation.eventLogs.values)) expect(text).toMatch(/[\u0600-\u06FF]/);
  });
});
