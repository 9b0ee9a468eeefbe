import { z } from 'zod';
import { schemaMessage } from './messages.js';

// A lone surrogate: a high half not followed by a low half, or a low half not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Text PostgreSQL can store: no NUL and no lone surrogate (neither is valid in its UTF-8
 * text). Refused at the edge as a 400 on the field, never a 500 from the database.
 */
export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !LONE_SURROGATE.test(s);
}

export const UNSTORABLE_TEXT_MESSAGE = schemaMessage('unstorableText');

/**
 * Every string of every contract starts here (the lint refuses `z.string()` elsewhere in
 * contracts), so no route can forget the check: `ZText.trim().max(100)`, `ZText.regex(…)`.
 */
export const ZText = z.string().refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);

/** ZText whose "missing or not a string" message is `error` ("Write a subject."). */
export const textOr = (error: string) => z.string({ error }).refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);

/** The largest value of a PostgreSQL `integer` (int4) column: ids of every table. */
export const INT4_MAX = 2_147_483_647;

/** Marks an issue that means "no such record" (the server answers 404, not 400). */
export const NOT_FOUND_ISSUE = { notFound: true } as const;

/**
 * A record id in a path: canonical decimal digits only ("53"; never "0x35", "+53", " 53",
 * "5.3e1", "053"), a 400 otherwise. An id past its column's range cannot exist: 404, like
 * a missing record.
 */
export const ZId = ZText.regex(/^[1-9][0-9]*$/, schemaMessage('invalidId'))
  .transform(Number)
  .refine((n) => n <= INT4_MAX, { message: schemaMessage('notFound'), params: NOT_FOUND_ISSUE });

/** An id inside a JSON body (a number), bounded to the column's range. */
export const ZBodyId = z.number().int().positive().max(INT4_MAX);
