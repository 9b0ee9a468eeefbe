import {
  userEndpoints,
  type TCreateAccountRequest,
  type TResetPasswordRequest,
  type TUpdateAccountRequest,
  type TUserListQuery,
} from '@portal/contracts';
import { api } from '../../../lib/api/api';
import { fromContract } from '../../../lib/api/endpoint';

const U = userEndpoints;

/**
 * Profiles and account administration (ADMIN endpoints are checked by the server too).
 * The feature's own cache tags: 'Profile' (public profiles) and 'Account' (the admin list).
 */
export const usersApi = api.enhanceEndpoints({ addTagTypes: ['Profile', 'Account'] }).injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query({
      ...fromContract(U.getProfile, (username: string) => ({ params: { username } })),
      providesTags: (_result, _error, username) => [{ type: 'Profile', id: username }],
    }),
    listAccounts: build.query({
      ...fromContract(U.listAccounts, (query: TUserListQuery) => ({ query })),
      providesTags: ['Account'],
    }),
    createAccount: build.mutation({
      // Spec §7's path; the admin console's POST admin/users/ is the same operation.
      ...fromContract(U.createAdminAccount, (body: TCreateAccountRequest) => ({ body })),
      invalidatesTags: ['Account'],
    }),
    updateAccount: build.mutation({
      ...fromContract(U.updateAccount, ({ id, changes }: { id: number; changes: TUpdateAccountRequest }) => ({
        params: { id },
        body: changes,
      })),
      invalidatesTags: (result) => ['Account', ...(result ? [{ type: 'Profile' as const, id: result.username }] : [])],
    }),
    resetPassword: build.mutation({
      ...fromContract(U.resetAccountPassword, ({ id, new_password }: { id: number } & TResetPasswordRequest) => ({
        params: { id },
        body: { new_password },
      })),
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
