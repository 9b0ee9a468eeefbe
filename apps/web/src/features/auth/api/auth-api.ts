import {
  ZChangePasswordResponse,
  ZDetailResponse,
  ZLoginResponse,
  ZUser,
  type TChangePasswordRequest,
  type TChangePasswordResponse,
  type TDetailResponse,
  type TLoginRequest,
  type TLoginResponse,
  type TUpdateMeRequest,
  type TUser,
} from '@portal/contracts';
import { api } from '../../../lib/api/api';

/**
 * Spec §7 auth calls. Answers are checked against the contract schemas at run time.
 * The feature's own cache tag: 'Me' (the signed-in user).
 */
export const authApi = api.enhanceEndpoints({ addTagTypes: ['Me'] }).injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<TLoginResponse, TLoginRequest>({
      query: (body) => ({ url: 'auth/jwt/login/', method: 'POST', body }),
      responseSchema: ZLoginResponse,
    }),
    me: build.query<TUser, void>({
      query: () => 'auth/me/',
      responseSchema: ZUser,
      // Session bootstrap asks afresh each time; never serve another session's user.
      keepUnusedDataFor: 0,
      providesTags: ['Me'],
    }),
    updateMe: build.mutation<TUser, TUpdateMeRequest>({
      query: (body) => ({ url: 'auth/me/', method: 'POST', body }),
      responseSchema: ZUser,
      // The answer is the session's user (auth.slice); the users feature re-reads the
      // public profiles it caches when it sees `ownProfileUpdated`.
      invalidatesTags: ['Me'],
    }),
    logout: build.mutation<TDetailResponse, void>({
      query: () => ({ url: 'auth/jwt/logout/', method: 'POST' }),
      responseSchema: ZDetailResponse,
    }),
    changePassword: build.mutation<TChangePasswordResponse, TChangePasswordRequest>({
      query: (body) => ({ url: 'auth/change_password/', method: 'POST', body }),
      responseSchema: ZChangePasswordResponse,
    }),
  }),
});

export const { useLoginMutation, useUpdateMeMutation, useChangePasswordMutation } = authApi;

/** Matches the signed-in user's own successful profile update (its answer is the new user). */
export const ownProfileUpdated = authApi.endpoints.updateMe.matchFulfilled;
