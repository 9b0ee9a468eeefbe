import {
  authEndpoints,
  mfaEndpoints,
  userEndpoints,
  type TChangePasswordRequest,
  type TLoginRequest,
  type TMfaVerifyRequest,
  type TRegenerateRecoveryCodesRequest,
  type TTotpConfirmRequest,
  type TTotpRemoveRequest,
  type TTotpSetupRequest,
  type TUpdateMeRequest,
} from '@portal/contracts';
import { createAction, isAnyOf } from '@reduxjs/toolkit';
import { api } from '../../../lib/api/api';
import { fromContract } from '../../../lib/api/endpoint';
import { passkeysApi } from '../passkeys/api/passkeys-api';
import { ssoApi } from '../sso/sso-api';

const A = authEndpoints;
const U = userEndpoints;
const M = mfaEndpoints;

/**
 * Spec §7 auth calls. Answers are checked against the contract schemas at run time.
 * The feature's own cache tag: 'Me' (the signed-in user).
 */
export const authApi = api.enhanceEndpoints({ addTagTypes: ['Me', 'MyMfa'] }).injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation({
      ...fromContract(A.login, (body: TLoginRequest) => ({ body })),
    }),
    me: build.query({
      ...fromContract(U.getMe, (_: void) => ({})),
      // Session bootstrap asks afresh each time; never serve another session's user.
      keepUnusedDataFor: 0,
      providesTags: ['Me'],
    }),
    updateMe: build.mutation({
      ...fromContract(U.updateMe, (body: TUpdateMeRequest) => ({ body })),
      // The answer is the session's user (auth.slice); the users feature re-reads the
      // public profiles it caches when it sees `ownProfileUpdated`.
      invalidatesTags: ['Me'],
    }),
    logout: build.mutation({
      ...fromContract(A.logout, (_: void) => ({})),
    }),
    changePassword: build.mutation({
      ...fromContract(A.changePassword, (body: TChangePasswordRequest) => ({ body })),
    }),
    // The second factor: the sign-in's second step, and the own factors (profile).
    verifyMfa: build.mutation({
      ...fromContract(M.verifyMfa, (body: TMfaVerifyRequest) => ({ body })),
    }),
    myMfa: build.query({
      ...fromContract(M.getMyMfa, (_: void) => ({})),
      providesTags: ['MyMfa'],
    }),
    setupTotp: build.mutation({
      ...fromContract(M.setupTotp, (body: TTotpSetupRequest) => ({ body })),
    }),
    confirmTotp: build.mutation({
      ...fromContract(M.confirmTotp, (body: TTotpConfirmRequest) => ({ body })),
      invalidatesTags: ['MyMfa'],
    }),
    removeTotp: build.mutation({
      ...fromContract(M.removeTotp, (body: TTotpRemoveRequest) => ({ body })),
      invalidatesTags: ['MyMfa'],
    }),
    regenerateRecoveryCodes: build.mutation({
      ...fromContract(M.regenerateRecoveryCodes, (body: TRegenerateRecoveryCodesRequest) => ({ body })),
      invalidatesTags: ['MyMfa'],
    }),
    resetAccountMfa: build.mutation({
      ...fromContract(M.resetAccountMfa, (id: number) => ({ params: { id } })),
    }),
  }),
});

export const {
  useLoginMutation,
  useUpdateMeMutation,
  useChangePasswordMutation,
  useVerifyMfaMutation,
  useMyMfaQuery,
  useSetupTotpMutation,
  useConfirmTotpMutation,
  useRemoveTotpMutation,
  useRegenerateRecoveryCodesMutation,
  useResetAccountMfaMutation,
} = authApi;

/**
 * Enrolment forced at sign-in is done and its recovery codes saved: the session its
 * confirmation answered begins (not at once, or the page would move on before the codes
 * are seen).
 */
export const mfaEnrolled = createAction<{ access: string }>('auth/mfaEnrolled');

/**
 * A call that ended with a session: the password step without a second factor, the
 * second factor proven, or enrolment forced at sign-in completed (its answer has `access`).
 */
export const sessionIssued = isAnyOf(
  authApi.endpoints.login.matchFulfilled,
  authApi.endpoints.verifyMfa.matchFulfilled,
  mfaEnrolled,
  passkeysApi.endpoints.passkeyLogin.matchFulfilled,
  passkeysApi.endpoints.mfaPasskeyVerify.matchFulfilled,
  ssoApi.endpoints.ssoExchange.matchFulfilled,
);

/** Matches the signed-in user's own successful profile update (its answer is the new user). */
export const ownProfileUpdated = authApi.endpoints.updateMe.matchFulfilled;
