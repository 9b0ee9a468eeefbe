import { ssoEndpoints, type TSsoExchangeRequest } from '@portal/contracts';
import { api } from '../../../lib/api/api';
import { fromContract } from '../../../lib/api/endpoint';

const S = ssoEndpoints;

/** The login page's sign-in choices, and spending the provider sign-in's one-time code. */
export const ssoApi = api.injectEndpoints({
  endpoints: (build) => ({
    ssoOptions: build.query({ ...fromContract(S.ssoOptions, (_: void) => ({})) }),
    // Answers exactly what a password sign-in answers: `sessionIssued` (auth-api) takes both alike.
    ssoExchange: build.mutation({ ...fromContract(S.oidcExchange, (body: TSsoExchangeRequest) => ({ body })) }),
  }),
});

export const { useSsoOptionsQuery, useSsoExchangeMutation } = ssoApi;

/** Where the browser starts a provider sign-in (a full navigation, not a fetch: the provider's pages follow). */
export const oidcStartUrl = (next: string) =>
  `/api${S.oidcStart.path}${next === '/' ? '' : `?next=${encodeURIComponent(next)}`}`;
