import {
  passkeyEndpoints,
  type TMfaPasskeyOptionsRequest,
  type TMfaPasskeyVerifyRequest,
  type TPasskeyAssertionRequest,
  type TPasskeyRegistrationOptionsRequest,
  type TPasskeyRegistrationRequest,
  type TPasskeyRemoveRequest,
} from '@portal/contracts';
import { api } from '../../../../lib/api/api';
import { fromContract } from '../../../../lib/api/endpoint';

const P = passkeyEndpoints;

/** Passkeys: the own list (cache tag 'Passkeys'), registering, removing, and signing in with one. */
export const passkeysApi = api.enhanceEndpoints({ addTagTypes: ['Passkeys'] }).injectEndpoints({
  endpoints: (build) => ({
    myPasskeys: build.query({
      ...fromContract(P.listPasskeys, (_: void) => ({})),
      providesTags: ['Passkeys'],
    }),
    passkeyRegistrationOptions: build.mutation({
      ...fromContract(P.passkeyRegistrationOptions, (body: TPasskeyRegistrationOptionsRequest) => ({ body })),
    }),
    registerPasskey: build.mutation({
      ...fromContract(P.registerPasskey, (body: TPasskeyRegistrationRequest) => ({ body })),
      invalidatesTags: ['Passkeys'],
    }),
    renamePasskey: build.mutation({
      ...fromContract(P.renamePasskey, ({ id, name }: { id: number; name: string }) => ({
        params: { id },
        body: { name },
      })),
      invalidatesTags: ['Passkeys'],
    }),
    passkeyReauthOptions: build.mutation({
      ...fromContract(P.passkeyReauthOptions, (_: void) => ({})),
    }),
    removePasskey: build.mutation({
      ...fromContract(P.removePasskey, ({ id, ...body }: TPasskeyRemoveRequest & { id: number }) => ({
        params: { id },
        body,
      })),
      invalidatesTags: ['Passkeys'],
    }),
    passkeyLoginOptions: build.mutation({
      ...fromContract(P.passkeyLoginOptions, (_: void) => ({})),
    }),
    passkeyLogin: build.mutation({
      ...fromContract(P.passkeyLogin, (body: TPasskeyAssertionRequest) => ({ body })),
    }),
    mfaPasskeyOptions: build.mutation({
      ...fromContract(P.mfaPasskeyOptions, (body: TMfaPasskeyOptionsRequest) => ({ body })),
    }),
    mfaPasskeyVerify: build.mutation({
      ...fromContract(P.mfaPasskeyVerify, (body: TMfaPasskeyVerifyRequest) => ({ body })),
    }),
  }),
});

export const {
  useMyPasskeysQuery,
  usePasskeyRegistrationOptionsMutation,
  useRegisterPasskeyMutation,
  useRenamePasskeyMutation,
  usePasskeyReauthOptionsMutation,
  useRemovePasskeyMutation,
  usePasskeyLoginOptionsMutation,
  usePasskeyLoginMutation,
  useMfaPasskeyOptionsMutation,
  useMfaPasskeyVerifyMutation,
} = passkeysApi;
