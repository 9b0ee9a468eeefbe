import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '../index.js';
import { issueMessage, parseMessage } from './errors.js';
import {
  fillMessage,
  MESSAGE_LISTS,
  MESSAGES,
  messageText,
  msg,
  schemaMessageOf,
  type MessageDefinition,
} from './messages.js';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
const forms = (def: MessageDefinition) => (typeof def.en === 'string' ? [def.en] : [def.en.one, def.en.other]);

describe('the message catalogue', () => {
  it('defines each code once, in camelCase', () => {
    const codes = MESSAGE_LISTS.flatMap((list) => Object.keys(list));
    expect(codes.length).toBe(new Set(codes).size);
    expect(Object.keys(MESSAGES).length).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[a-z][a-zA-Z0-9]*$/);
  });

  it('uses in every English form exactly the values its code declares', () => {
    for (const [code, def] of Object.entries(MESSAGES) as [string, MessageDefinition][]) {
      const declared = Object.keys(def.params).sort();
      for (const text of forms(def)) expect(placeholders(text), `${code}: ${text}`).toEqual(declared);
    }
  });

  it('has two English forms exactly where a message counts', () => {
    for (const [code, def] of Object.entries(MESSAGES) as [string, MessageDefinition][]) {
      expect(typeof def.en !== 'string', code).toBe('count' in def.params);
      if ('count' in def.params) expect(def.params.count, code).toBe('count');
      for (const [name, kind] of Object.entries(def.params)) if (kind === 'count') expect(name, code).toBe('count');
    }
  });

  it('gives every message without values its own English text (a schema text names one code)', () => {
    const texts = Object.values(MESSAGES as Record<string, MessageDefinition>)
      .filter((d) => Object.keys(d.params).length === 0)
      .map((d) => d.en as string);
    expect(texts.length).toBe(new Set(texts).size);
  });
});

describe('messages by code', () => {
  it('fill their values in English', () => {
    expect(fillMessage('leaveOverlapOwn', { from: '2026-03-02', to: '2026-03-04' })).toBe(
      'You already have leave from 2026-03-02 to 2026-03-04.',
    );
    expect(messageText(msg('notFound'))).toBe('Not found.');
  });

  it('say a reason inside in its own words', () => {
    const reason = msg('ticketReopenExpired', { count: 30 });
    expect(fillMessage('bulkRefused', { tickets: '#12, #15', reason })).toBe(
      '#12, #15: This ticket was closed more than 30 days ago and can no longer be reopened; open a new ticket.',
    );
    expect(fillMessage('fieldProblem', { field: 'subject', reason: msg('required') })).toBe(
      'subject: This field is required.',
    );
  });

  it('say day or days by the count, fractions plural', () => {
    const short = (count: number) =>
      fillMessage('leaveBalanceShort', { count, type: 'Annual leave', year: 2026, days: 4 });
    expect(short(1)).toBe('Only 1 day of Annual leave left in 2026; this takes 4.');
    expect(short(0)).toBe('Only 0 days of Annual leave left in 2026; this takes 4.');
    expect(short(0.5)).toBe('Only 0.5 days of Annual leave left in 2026; this takes 4.');
    expect(short(2)).toBe('Only 2 days of Annual leave left in 2026; this takes 4.');
  });

  it('check each code’s values at compile time', () => {
    // @ts-expect-error leaveOverlapOwn needs its dates
    msg('leaveOverlapOwn');
    // @ts-expect-error a count is a number
    msg('bulkTooMany', { count: '3' });
    // @ts-expect-error notFound has no values
    msg('notFound', { name: 'x' });
    // @ts-expect-error no such code
    msg('noSuchMessage');
    expect(msg('bulkTooMany', { count: 3 })).toEqual({ code: 'bulkTooMany', params: { count: 3 } });
  });
});

describe('messages from the wire', () => {
  it('are read back with their values, a reason inside too', () => {
    const sent = { code: 'bulkRefused', params: { tickets: '#3', reason: { code: 'ticketClosedReopenFirst' } } };
    expect(parseMessage(sent)).toEqual(sent);
    expect(parseMessage({ code: 'leaveOverlapOwn', params: { from: '2026-01-05', to: '2026-01-06' } })).not.toBeNull();
  });

  it('are refused when the code is unknown or a value is missing or of the wrong kind', () => {
    expect(parseMessage({ code: 'somethingNewer' })).toBeNull();
    expect(parseMessage({ code: 'leaveOverlapOwn', params: { from: '2026-01-05' } })).toBeNull();
    expect(parseMessage({ code: 'leaveOverlapOwn', params: { from: '5 Jan', to: '2026-01-06' } })).toBeNull();
    expect(parseMessage({ code: 'bulkTooMany', params: { count: '3' } })).toBeNull();
    expect(parseMessage({ code: 'bulkRefused', params: { tickets: '#3', reason: { code: 'nope' } } })).toBeNull();
    expect(parseMessage('Not found.')).toBeNull();
  });
});

describe('validation issues by code', () => {
  const issues = (schema: z.ZodType, value: unknown) => {
    const r = schema.safeParse(value);
    return r.success ? [] : r.error.issues.map((i) => issueMessage(i));
  };

  it('name the schema’s own message', () => {
    expect(issues(contracts.ZCreateTicketRequest, { department: 'IT', subject: '', description: 'd' })).toContainEqual({
      code: 'subjectMissing',
    });
    expect(issues(contracts.ZPassword, 'short')).toEqual([{ code: 'passwordTooShort', params: { count: 8 } }]);
  });

  it('name the plain message with its limit, and tell a missing value from a wrong one', () => {
    expect(issues(contracts.ZText.max(100), 'x'.repeat(101))).toEqual([{ code: 'maxChars', params: { count: 100 } }]);
    expect(issues(z.object({ n: z.number() }), {})).toEqual([{ code: 'required' }]);
    expect(issues(z.object({ n: z.number() }), { n: 'x' })).toEqual([{ code: 'number' }]);
    expect(issues(z.object({ a: contracts.ZText }).strict(), { a: 'x', b: 1, c: 2 })).toEqual([
      { code: 'unknownField', params: { fields: 'b, c' } },
    ]);
  });

  it('fall back to "not valid" for a text no catalogue message says', () => {
    expect(
      issues(
        contracts.ZText.refine(() => false, 'Something unlisted.'),
        'x',
      ),
    ).toEqual([{ code: 'invalid' }]);
  });
});

/** Every message a schema states itself: its `error` option and those of its checks. */
function schemaTexts(schema: z.ZodType, seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const said = (error: unknown) => {
    if (typeof error !== 'function') return [];
    try {
      const text: unknown = error({});
      return typeof text === 'string' ? [text] : [];
    } catch {
      return [];
    }
  };
  const out = said(def.error);
  for (const check of (def.checks as { _zod: { def: { error?: unknown } } }[] | undefined) ?? []) {
    out.push(...said(check._zod.def.error));
  }
  const children: unknown[] = [
    ...Object.values((def.shape as Record<string, unknown> | undefined) ?? {}),
    ...((def.options as unknown[] | undefined) ?? []),
    ...((def.items as unknown[] | undefined) ?? []),
    def.element,
    def.innerType,
    def.in,
    def.out,
    def.left,
    def.right,
    def.keyType,
    def.valueType,
    def.catchall,
  ];
  for (const child of children) if (child instanceof z.ZodType) out.push(...schemaTexts(child, seen));
  return out;
}

describe('the contracts’ schemas', () => {
  it('say only catalogue messages of their own (built with schemaMessage)', () => {
    const texts = new Set<string>();
    const seen = new Set<unknown>();
    for (const value of Object.values(contracts)) {
      if (value instanceof z.ZodType) for (const text of schemaTexts(value, seen)) texts.add(text);
    }
    expect(texts.size).toBeGreaterThan(80);
    expect([...texts].filter((text) => !schemaMessageOf(text))).toEqual([]);
  });
});
