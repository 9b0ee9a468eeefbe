import {
  authEndpoints,
  userEndpoints,
  type TChangePasswordRequest,
  type TLoginRequest,
  type TUpdateMeRequest,
} from '@portal/contracts';
import { api } from '../../../lib/api/api';
import { fromContract } from '../../../lib/api/endpoint';

const A = authEndpoints;
const U = userEndpoints;

/**
 * Spec §7 auth calls. Answers are checked against the contract schemas at run time.
 * The feature's own cache tag: 'Me' (the signed-in user).
 */
export const authApi = api.enhanceEndpoints({ addTagTypes: ['Me'] }).injectEndpoints({
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
  }),
});

export const { useLoginMutation, useUpdateMeMutation, useChangePasswordMutation } = authApi;

/** Matches the signed-in user's own successful profile update (its answer is the new user). */
export const ownProfileUpdated = authApi.endpoints.updateMe.matchFulfilled;
