import { z } from 'zod';
import type { ParamKind } from './message-define.js';
import {
  isMessageCode,
  messageDefinition,
  messageText,
  msg,
  schemaMessageOf,
  type MessageCode,
  type TMessage,
} from './messages.js';
import { ZText } from './text.js';

const ZParamValue = z.union([ZText, z.number()]);

/**
 * A message on the wire: its code and values (`common/messages.ts`). A value is a string,
 * a number, or another message (a reason) whose own values are strings and numbers.
 */
export const ZCodedMessage = z
  .object({
    code: ZText,
    params: z
      .record(ZText, z.union([ZParamValue, z.object({ code: ZText, params: z.record(ZText, ZParamValue).optional() })]))
      .optional(),
  })
  .meta({ id: 'CodedMessage' });
export type TCodedMessage = z.infer<typeof ZCodedMessage>;

/**
 * The one error shape of the whole API (spec §8): `message` always (English, for clients
 * that do not know the codes), `extra.fields` for field errors keyed by field name; beside
 * them `code` and `params` say the same message by code, and `extra.codes` each field
 * message, so a client shows them in its reader's language.
 */
export const ZApiError = z
  .object({
    message: ZText,
    code: ZText.meta({ description: 'The message by code (the catalogue in contracts common/messages.ts).' }),
    params: ZCodedMessage.shape.params,
    extra: z
      .object({
        fields: z.record(ZText, z.array(ZText)).optional(),
        codes: z
          .record(ZText, z.array(ZCodedMessage))
          .meta({ description: 'Each field message of `fields`, by code, in the same order.' })
          .optional(),
      })
      .optional(),
  })
  .meta({ id: 'ApiError' });
export type TApiError = z.infer<typeof ZApiError>;

export const NON_FIELD_ERRORS = 'non_field_errors';

const KIND_SCHEMAS: Record<Exclude<ParamKind, 'message'>, z.ZodType> = {
  text: ZText,
  date: ZText.regex(/^\d{4}-\d{2}-\d{2}$/),
  number: z.number().finite(),
  count: z.number().finite(),
  year: z.number().int(),
};

/**
 * A message from the wire as the catalogue knows it: its code known and every value it
 * declares of the right kind (values it does not declare are ignored). Null for anything
 * else — a code of a newer or older server — so the caller falls back to the English text.
 */
export function parseMessage(value: unknown): TMessage | null {
  const coded = ZCodedMessage.safeParse(value);
  if (!coded.success || !isMessageCode(coded.data.code)) return null;
  const code: MessageCode = coded.data.code;
  const sent: Record<string, unknown> = coded.data.params ?? {};
  const params: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(messageDefinition(code).params)) {
    const parsed = kind === 'message' ? parseMessage(sent[name]) : KIND_SCHEMAS[kind].safeParse(sent[name]).data;
    if (parsed === null || parsed === undefined) return null;
    params[name] = parsed;
  }
  return (Object.keys(params).length ? { code, params } : { code }) as TMessage;
}

/** An issue as zod raises it (with its input) or reports it (without). */
type Issue = {
  code?: string;
  message?: string;
  input?: unknown;
  origin?: string;
  maximum?: number | bigint | Date;
  minimum?: number | bigint | Date;
  expected?: string;
  format?: string;
  keys?: string[];
};

const TYPE_WORDS: Partial<Record<string, MessageCode>> = {
  number: 'number',
  int: 'wholeNumber',
  string: 'text',
  boolean: 'yesNo',
  array: 'list',
  object: 'object',
};

/**
 * The plain messages a zod issue may be said with (two for a wrong type: "required" when
 * the value is missing, which a reported issue no longer tells). Empty: none fits.
 */
function validationMessages(i: Issue): TMessage[] {
  const n = (v: unknown) => Number(v);
  const isList = i.origin === 'array' || i.origin === 'set';
  switch (i.code) {
    case 'invalid_type': {
      const typed = msg(TYPE_WORDS[i.expected ?? ''] ?? 'invalid');
      if (!('input' in i)) return [msg('required'), typed];
      return [i.input === undefined ? msg('required') : typed];
    }
    case 'too_big':
      if (i.origin === 'string') return [msg('maxChars', { count: n(i.maximum) })];
      if (isList) return [msg('maxItems', { count: n(i.maximum) })];
      return [msg('maxNumber', { limit: n(i.maximum) })];
    case 'too_small':
      if (i.origin === 'string') {
        return [n(i.minimum) <= 1 ? msg('blank') : msg('minChars', { count: n(i.minimum) })];
      }
      if (isList) return [msg('minItems', { limit: n(i.minimum) })];
      return [msg('minNumber', { limit: n(i.minimum) })];
    case 'invalid_format':
      if (i.format === 'email') return [msg('email')];
      if (i.format === 'datetime' || i.format === 'date') return [msg('dateTime')];
      return [msg('format')];
    case 'invalid_value':
      return [msg('choice')];
    case 'unrecognized_keys':
      return [msg('unknownField', { fields: (i.keys ?? []).join(', ') })];
    default:
      return [];
  }
}

/**
 * The plain message of a zod issue (zod's own wording — "Too big: expected string to have
 * <=100 characters" — never reaches people); undefined keeps the schema's own.
 */
export function plainIssueMessage(issue: Issue): string | undefined {
  const [first] = validationMessages(issue);
  return first && messageText(first);
}

/**
 * A validation issue by code: the message a schema gave it (`schemaMessage`), else the
 * plain one its text was made from; "not valid" when neither says its text.
 */
export function issueMessage(issue: Issue): TMessage {
  const text = issue.message ?? '';
  return schemaMessageOf(text) ?? validationMessages(issue).find((m) => messageText(m) === text) ?? msg('invalid');
}

z.config({ customError: (issue) => plainIssueMessage(issue) });
