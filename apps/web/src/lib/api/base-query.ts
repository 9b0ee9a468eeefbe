import { createAction } from '@reduxjs/toolkit';
import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';

/** Spec §9: every HTTP call gives up after 20 s (reported as TIMEOUT_ERROR). */
export const HTTP_TIMEOUT_MS = 20_000;

/**
 * Dispatched when the server rejects our token (revoked session, deactivated account,
 * password reset by an admin). The auth slice listens: lib/ must not import features.
 */
export const sessionRejected = createAction<{ code?: string } | undefined>('api/sessionRejected');

/** The slice of state the base query needs; kept structural so lib/ knows no feature. */
interface TokenState {
  auth: { token: string };
}

/** Spec §7: the page's own origin plus /api/ (absolute, so it also works under jsdom). */
const apiBaseUrl = () => `${window.location.origin}/api/`;

const rawBaseQuery = fetchBaseQuery({
  timeout: HTTP_TIMEOUT_MS,
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as TokenState).auth.token;
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

/**
 * fetchBaseQuery already classifies failures as FETCH_ERROR (no answer), TIMEOUT_ERROR
 * and PARSING_ERROR (answer not JSON) — spec §8. On top it reports rejected sessions.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const request = typeof args === 'string' ? { url: args } : args;
  const result = await rawBaseQuery({ ...request, url: new URL(request.url, apiBaseUrl()).href }, api, extraOptions);
  const hadToken = !!(api.getState() as TokenState).auth.token;
  if (result.error?.status === 401 && hadToken) {
    // The refusal's code says why (a deactivated account) for the sign-in page to tell.
    const code = (result.error.data as { code?: unknown } | undefined)?.code;
    api.dispatch(sessionRejected(typeof code === 'string' ? { code } : undefined));
  }
  return result;
};
