import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { NON_FIELD_ERRORS, ZApiError, type TApiError } from '@portal/contracts';

export type RequestError = FetchBaseQueryError | SerializedError | undefined;

/** The server's error body (spec §8 shape), when the failure carried one. */
export function apiErrorBody(error: RequestError): TApiError | null {
  if (!error || !('status' in error)) return null;
  const parsed = ZApiError.safeParse(error.data);
  return parsed.success ? parsed.data : null;
}

/** The failure's own message, for failures that carry no server body. */
function transportMessage(error: RequestError): string {
  if (!error) return 'Unknown error';
  if ('status' in error) {
    if (typeof error.status === 'number') return `HTTP ${error.status}`;
    return error.error; // FETCH_ERROR / TIMEOUT_ERROR / PARSING_ERROR
  }
  return error.message ?? 'Unknown error';
}

/** Generic message: the server's `message`, else the failure's own message. */
export function errorMessage(error: RequestError): string {
  return apiErrorBody(error)?.message ?? transportMessage(error);
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
