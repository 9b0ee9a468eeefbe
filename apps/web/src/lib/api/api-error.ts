import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { NON_FIELD_ERRORS, ZApiError, type TApiError } from '@portal/contracts';
import { i18next } from '../i18n/i18n';

export type RequestError = FetchBaseQueryError | SerializedError | undefined;

/** The server's error body (spec §8 shape), when the failure carried one. */
export function apiErrorBody(error: RequestError): TApiError | null {
  if (!error || !('status' in error)) return null;
  const parsed = ZApiError.safeParse(error.data);
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

/** Generic message: the server's `message` (a 5xx's in plain words), else the failure's own. */
export function errorMessage(error: RequestError): string {
  const body = apiErrorBody(error);
  const status = error && 'status' in error ? error.status : undefined;
  // A 503 says what is wrong (the database is away); other 5xx only that something is.
  if (body && !(typeof status === 'number' && status >= 500 && status !== 503)) return body.message;
  return transportMessage(error);
}

/**
 * Spec §8, login and account errors: the first matching field wins, in this order.
 * Returned as i18n keys (translated by the caller) or, for the fallbacks, raw text.
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
  return { text: body?.message ?? transportMessage(error) };
}

/** Field errors of a 400, for showing under the form's inputs. */
export function fieldErrors(error: RequestError): Record<string, string[]> {
  return apiErrorBody(error)?.extra?.fields ?? {};
}
