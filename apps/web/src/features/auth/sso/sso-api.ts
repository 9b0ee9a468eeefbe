import { ssoEndpoints, type TSsoExchangeRequest } from '@portal/contracts';
import { api } from '../../../lib/api/api';
import { fromContract } from '../../../lib/api/endpoint';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';

const S = ssoEndpoints;

/** The login page's sign-in choices, and spending the provider sign-in's one-time code. */
export const ssoApi = api.injectEndpoints({
  endpoints: (build) => ({
    ssoOptions: build.query({ ...fromContract(S.ssoOptions, (_: void) => ({})) }),
    // Answers exactly what a password sign-in answers: `sessionIssued` (auth-api) takes both alike.
    ssoExchange: build.mutation({
      ...fromContract(S.oidcExchange, (body: TSsoExchangeRequest) => ({ body })),
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          await queryFulfilled;
          writeStorage(STORAGE_KEYS.ssoSession, '1');
        } catch {
          // Refused: the landing page says so.
        }
      },
    }),
  }),
});

export const { useSsoOptionsQuery, useSsoExchangeMutation } = ssoApi;

/** Where the browser starts a provider sign-in (a full navigation, not a fetch: the provider's pages follow). */
export const oidcStartUrl = (next: string) =>
  `/api${S.oidcStart.path}${next === '/' ? '' : `?next=${encodeURIComponent(next)}`}`;

/**
 * After the person signs out of a session that came from the provider: the provider's own
 * sign-out (RP-initiated logout; the server knows its address), or null for other sessions.
 */
export function takeSsoSignOut(): string | null {
  const sso = readStorage(STORAGE_KEYS.ssoSession) === '1';
  writeStorage(STORAGE_KEYS.ssoSession, null);
  return sso ? `/api${S.oidcLogout.path}` : null;
}
