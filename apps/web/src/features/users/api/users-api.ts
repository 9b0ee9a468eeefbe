import {
  ZDetailResponse,
  ZPublicProfile,
  ZUser,
  ZUserListResponse,
  type TCreateAccountRequest,
  type TDetailResponse,
  type TPublicProfile,
  type TResetPasswordRequest,
  type TUpdateAccountRequest,
  type TUser,
  type TUserListQuery,
  type TUserListResponse,
} from '@portal/contracts';
import { api } from '../../../lib/api/api';

/**
 * Profiles and account administration (ADMIN endpoints are checked by the server too).
 * The feature's own cache tags: 'Profile' (public profiles) and 'Account' (the admin list).
 */
export const usersApi = api.enhanceEndpoints({ addTagTypes: ['Profile', 'Account'] }).injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<TPublicProfile, string>({
      query: (username) => `users/${encodeURIComponent(username)}/`,
      responseSchema: ZPublicProfile,
      providesTags: (_result, _error, username) => [{ type: 'Profile', id: username }],
    }),
    listAccounts: build.query<TUserListResponse, TUserListQuery>({
      query: (params) => ({ url: 'admin/users/', params }),
      responseSchema: ZUserListResponse,
      providesTags: ['Account'],
    }),
    createAccount: build.mutation<TUser, TCreateAccountRequest>({
      // Spec §7's path; the admin console's POST admin/users/ is the same operation.
      query: (body) => ({ url: 'user/create-admin/', method: 'POST', body }),
      responseSchema: ZUser,
      invalidatesTags: ['Account'],
    }),
    updateAccount: build.mutation<TUser, { id: number; changes: TUpdateAccountRequest }>({
      query: ({ id, changes }) => ({ url: `admin/users/${id}/`, method: 'PATCH', body: changes }),
      responseSchema: ZUser,
      invalidatesTags: (result) => ['Account', ...(result ? [{ type: 'Profile' as const, id: result.username }] : [])],
    }),
    resetPassword: build.mutation<TDetailResponse, { id: number } & TResetPasswordRequest>({
      query: ({ id, new_password }) => ({
        url: `admin/users/${id}/reset-password/`,
        method: 'POST',
        body: { new_password },
      }),
      responseSchema: ZDetailResponse,
    }),
  }),
});

export const {
  useGetProfileQuery,
  useListAccountsQuery,
  useCreateAccountMutation,
  useUpdateAccountMutation,
  useResetPasswordMutation,
} = usersApi;
