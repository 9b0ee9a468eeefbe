import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZCreateAccountRequest, ZCreateTicketRequest, ZLoginRequest } from '../index.js';
import { VALIDATION_MESSAGES } from './common-messages.js';
import { ZText } from './text.js';

const messages = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.') || '_', i.message]));
};

describe('validation messages are plain words, the same on server and web', () => {
  it('says limits in words, never zod’s own text', () => {
    expect(messages(ZText.max(100), 'x'.repeat(101))._).toBe('At most 100 characters.');
    expect(messages(ZText.min(8), 'short')._).toBe('At least 8 characters.');
    expect(messages(ZText.min(1), '')._).toBe('This field may not be blank.');
    expect(messages(z.number().int().max(5), 9)._).toBe('At most 5.');
    expect(messages(z.array(ZText).min(1), [])._).toBe('Choose at least 1.');
    expect(messages(z.email(), 'not-an-email')._).toBe('Enter a valid email address.');
    expect(messages(z.number(), 'x')._).toBe('Enter a number.');
    expect(messages(z.enum(['a', 'b']), 'c')._).toBe('Choose one of the options.');
    expect(messages(z.object({ a: ZText }).strict(), { a: 'x', b: 1 })._).toBe('Unknown field: b.');
  });

  it('reports every field of a body at once, required ones included', () => {
    const got = messages(ZCreateAccountRequest, { username: 'x', email: 'nope', user_type: 'IT' });
    expect(Object.keys(got).sort()).toEqual(['email', 'password', 'username']);
    expect(got.password).toBe('This field is required.');
    expect(messages(ZLoginRequest, {})).toEqual({
      username: 'This field is required.',
      password: 'This field is required.',
    });
  });

  it('keeps a schema’s own message where it sets one', () => {
    expect(messages(ZCreateTicketRequest, { department: 'IT', subject: '', description: 'd' }).subject).toBe(
      'Write a subject.',
    );
  });

  it('has no message that leaks zod’s wording', () => {
    for (const { en } of Object.values(VALIDATION_MESSAGES))
      for (const text of typeof en === 'string' ? [en] : [en.one, en.other])
        expect(text).not.toMatch(/expected|Too big|Too small|Invalid input/);
  });
});
