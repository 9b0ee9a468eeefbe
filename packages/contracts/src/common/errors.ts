import { z } from 'zod';
import { ZText } from './text.js';

/**
 * The one error shape of the whole API (spec §8): `message` always, `extra.fields`
 * for field errors, keyed by field name, so the client's error catalogue can map it.
 */
export const ZApiError = z
  .object({
    message: ZText,
    extra: z.object({ fields: z.record(ZText, z.array(ZText)).optional() }).optional(),
  })
  .meta({ id: 'ApiError' });
export type TApiError = z.infer<typeof ZApiError>;

export const NON_FIELD_ERRORS = 'non_field_errors';

/**
 * Plain words for every validation problem, one wording on server and web alike (zod's
 * own messages — "Too big: expected string to have <=100 characters" — never reach
 * people). The web translates them: `validation.<key>` in its locales, with `{{n}}`.
 * A message a schema sets itself ("Write a subject.") wins over these.
 */
export const VALIDATION_MESSAGES = {
  required: 'This field is required.',
  blank: 'This field may not be blank.',
  maxChars: 'At most {{n}} characters.',
  minChars: 'At least {{n}} characters.',
  maxNumber: 'At most {{n}}.',
  minNumber: 'At least {{n}}.',
  maxItems: 'At most {{n}} items.',
  minItems: 'Choose at least {{n}}.',
  wholeNumber: 'Enter a whole number.',
  number: 'Enter a number.',
  text: 'Enter text.',
  yesNo: 'Choose yes or no.',
  list: 'Expected a list.',
  object: 'Expected a set of fields.',
  email: 'Enter a valid email address.',
  dateTime: 'Enter a date and time.',
  format: 'This value is not in the right format.',
  choice: 'Choose one of the options.',
  unknownField: 'Unknown field: {{n}}.',
  invalid: 'This value is not valid.',
} as const;
export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

export const validationMessage = (key: ValidationMessageKey, n?: string | number) =>
  VALIDATION_MESSAGES[key].replace('{{n}}', String(n ?? ''));

type Issue = z.core.$ZodRawIssue;

const TYPE_WORDS: Partial<Record<string, ValidationMessageKey>> = {
  number: 'number',
  int: 'wholeNumber',
  string: 'text',
  boolean: 'yesNo',
  array: 'list',
  object: 'object',
};

/** The plain message for a zod issue (undefined: keep the schema's own). */
export function plainIssueMessage(issue: Issue): string | undefined {
  const i = issue as Issue & {
    origin?: string;
    maximum?: number | bigint;
    minimum?: number | bigint;
    expected?: string;
    format?: string;
    keys?: string[];
  };
  switch (i.code) {
    case 'invalid_type':
      if (i.input === undefined) return validationMessage('required');
      return validationMessage(TYPE_WORDS[i.expected ?? ''] ?? 'invalid');
    case 'too_big':
      if (i.origin === 'string') return validationMessage('maxChars', String(i.maximum));
      if (i.origin === 'array' || i.origin === 'set') return validationMessage('maxItems', String(i.maximum));
      return validationMessage('maxNumber', String(i.maximum));
    case 'too_small':
      if (i.origin === 'string') {
        return Number(i.minimum) <= 1 ? validationMessage('blank') : validationMessage('minChars', String(i.minimum));
      }
      if (i.origin === 'array' || i.origin === 'set') return validationMessage('minItems', String(i.minimum));
      return validationMessage('minNumber', String(i.minimum));
    case 'invalid_format':
      if (i.format === 'email') return validationMessage('email');
      if (i.format === 'datetime' || i.format === 'date') return validationMessage('dateTime');
      return validationMessage('format');
    case 'invalid_value':
      return validationMessage('choice');
    case 'unrecognized_keys':
      return validationMessage('unknownField', (i.keys ?? []).join(', '));
    default:
      return undefined;
  }
}

z.config({ customError: (issue) => plainIssueMessage(issue) });
