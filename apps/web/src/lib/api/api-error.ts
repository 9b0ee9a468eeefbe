import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { NON_FIELD_ERRORS, parseMessage, ZApiError, type TApiError, type TMessage } from '@portal/contracts';
import { i18next } from '../i18n/i18n';
import { translateMessage, translateSaid } from '../i18n/messages';

export type RequestError = FetchBaseQueryError | SerializedError | undefined;

/** An error body as any server sends it: an older one says no `code`. */
const ZAnyApiError = ZApiError.partial({ code: true });
type AnyApiError = Omit<TApiError, 'code'> & { code?: string };

/** The server's error body (spec §8 shape), when the failure carried one. */
export function apiErrorBody(error: RequestError): AnyApiError | null {
  if (!error || !('status' in error)) return null;
  const parsed = ZAnyApiError.safeParse(error.data);
  return parsed.success ? parsed.data : null;
}

/**
 * Failures without a server body, in plain translated words: never "TypeError: Failed
 * to fetch". FETCH_ERROR / TIMEOUT_ERROR / PARSING_ERROR are spec §8's classes.
 */
function transportMessage(error: RequestError): string {
  if (error && 'status' in error) {
    if (error.status === 'FETCH_ERROR') return i18next.t('errors.network.fetch');
    if (error.status === 'TIMEOUT_ERROR') return i18next.t('errors.network.timeout');
    if (error.status === 'PARSING_ERROR') return i18next.t('errors.network.parsing');
    if (typeof error.status === 'number' && error.status >= 500) return i18next.t('errors.network.server');
  }
  return i18next.t('errors.network.unknown');
}

/** The body whose words to show: a 503 says what is wrong (the database is away); other 5xx only that something is. */
function shownBody(error: RequestError): AnyApiError | null {
  const body = apiErrorBody(error);
  const status = error && 'status' in error ? error.status : undefined;
  return body && !(typeof status === 'number' && status >= 500 && status !== 503) ? body : null;
}

/** Generic message in English: the server's `message` (a 5xx's in plain words), else the failure's own. */
export function errorMessage(error: RequestError): string {
  return shownBody(error)?.message ?? transportMessage(error);
}

/**
 * What went wrong, in the reader's language: the server's message by its code (its
 * English `message` when the code is unknown here), else the failure in plain words.
 */
export function errorText(error: RequestError): string {
  const body = shownBody(error);
  return body ? translateSaid(body) : transportMessage(error);
}

/**
 * Spec §8, login and account errors: the first matching field wins, in this order.
 * Returned as i18n keys (translated by the caller) or, for the fallbacks, text in the reader's language.
 */
const ACCOUNT_FIELD_MESSAGES = [
  [NON_FIELD_ERRORS, 'errors.credentials'],
  ['password', 'errors.password'],
  ['email', 'errors.email'],
  ['username', 'errors.username'],
] as const;

export type AccountErrorMessage = { key: (typeof ACCOUNT_FIELD_MESSAGES)[number][1] } | { text: string };

export function accountErrorMessage(error: RequestError): AccountErrorMessage {
  const body = apiErrorBody(error);
  const fields = body?.extra?.fields ?? {};
  for (const [field, key] of ACCOUNT_FIELD_MESSAGES) if (fields[field]) return { key };
  return { text: body ? translateSaid(body) : transportMessage(error) };
}

/** Field errors of a 400 in English (`extra.fields`): which fields, and the words old clients show. */
export function fieldErrors(error: RequestError): Record<string, string[]> {
  return apiErrorBody(error)?.extra?.fields ?? {};
}

/** A message the server said: by code when this app knows it (`said`), and its English `text`. */
export interface Said {
  text: string;
  said: TMessage | null;
}

/** A said message in the reader's language (its English when the code is unknown here). */
export const saidText = (m: Said): string => (m.said ? translateMessage(m.said) : m.text);

/** A failure as a said message: the server's, or the failure's own words (already translated). */
export function errorSaid(error: RequestError): Said {
  const body = shownBody(error);
  if (!body) return { text: transportMessage(error), said: null };
  return { text: body.message, said: parseMessage({ code: body.code, params: body.params }) };
}

/** Field errors of a 400, each with its code (`extra.codes`, in the order of `extra.fields`). */
export function fieldMessages(error: RequestError): Record<string, Said[]> {
  const body = apiErrorBody(error);
  const codes = body?.extra?.codes ?? {};
  return Object.fromEntries(
    Object.entries(body?.extra?.fields ?? {}).map(([field, texts]) => [
      field,
      texts.map((text, i) => ({ text, said: parseMessage(codes[field]?.[i]) })),
    ]),
  );
}

/** Field errors of a 400 in the reader's language, for showing under the form's inputs. */
export function fieldErrorTexts(error: RequestError): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(fieldMessages(error)).map(([field, messages]) => [field, messages.map(saidText)]),
  );
}
