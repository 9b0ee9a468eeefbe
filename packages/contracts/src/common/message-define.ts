/**
 * How one message of the catalogue is declared (see `messages.ts`): its English text and
 * the kind of each value it carries. A feature lists its messages with `message()` in its
 * own `<feature>-messages.ts`; the catalogue joins the lists.
 */

/**
 * What a value is, so every reader sees it in their own formats:
 * - `text`: shown as sent (a name, a leave type, a username, a field name);
 * - `date`: a calendar date `YYYY-MM-DD`, shown in the reader's date format;
 * - `number`: shown in the reader's number format;
 * - `count`: a number that also picks the plural form (only the value named `count`);
 * - `year`: a year, digits as they are (no grouping);
 * - `message`: another message of the catalogue (a reason), translated in turn.
 */
export type ParamKind = 'text' | 'date' | 'number' | 'count' | 'year' | 'message';

/** English forms of a message that counts: `one` for a count of 1, `other` for the rest. */
export interface PluralText {
  readonly one: string;
  readonly other: string;
}

export interface MessageDefinition<
  P extends Readonly<Record<string, ParamKind>> = Readonly<Record<string, ParamKind>>,
> {
  readonly en: string | PluralText;
  readonly params: P;
}

/**
 * One message: its English text with `{{name}}` placeholders, and the kind of each value.
 * A message with a `count` gives its two English forms (`{one, other}`); the web's
 * locales give each language's own forms (Arabic's six).
 */
export function message(en: string): MessageDefinition<Record<never, never>>;
export function message<const P extends Record<string, ParamKind>>(
  en: string | PluralText,
  params: P,
): MessageDefinition<P>;
export function message(en: string | PluralText, params: Record<string, ParamKind> = {}): MessageDefinition {
  return { en, params };
}
