import { messageDefinition, parseMessage, type TMessage } from '@portal/contracts';
import { formatCalendarDate, formatNumber } from '../format';
import { i18next } from './i18n';

// Unicode isolates around a name or other sent text inside a translated sentence, so a
// Latin name keeps its order in an Arabic one (and an Arabic name in an English one).
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * A message of the contracts' catalogue in the reader's language (`messages.<code>` in
 * the locales): dates and numbers in the app's formats, names isolated, a reason inside
 * said in turn, the plural form picked by `count`.
 */
export function translateMessage(m: TMessage): string {
  const kinds = messageDefinition(m.code).params;
  const params = (m.params ?? {}) as Record<string, string | number | TMessage>;
  const values: Record<string, string> = {};
  for (const [name, kind] of Object.entries(kinds)) {
    const value = params[name]!;
    if (kind === 'message') values[name] = translateMessage(value as TMessage);
    else if (kind === 'date') values[name] = formatCalendarDate(value as string, 'date');
    else if (kind === 'number' || kind === 'count') values[name] = formatNumber(value as number);
    else if (kind === 'year') values[name] = String(value);
    else values[name] = `${FSI}${String(value)}${PDI}`;
  }
  const count = typeof params.count === 'number' ? params.count : undefined;
  // `replace` holds the shown values; `count` (a number) picks the plural form.
  return i18next.t(`messages.${m.code}` as 'messages.notFound', {
    replace: values,
    ...(count === undefined ? {} : { count }),
  }) as string;
}

/**
 * What the server said, in the reader's language: by its code when this app knows it
 * (with valid values), else its English `message` (a code of a newer or older server).
 */
export function translateSaid(said: { message: string; code?: string; params?: unknown }): string {
  const m = parseMessage({ code: said.code, params: said.params });
  return m ? translateMessage(m) : said.message;
}
