import {
  interpreterEndpoints as I,
  type TFollowRequest,
  type TFollowSettings,
  type TInterpreterProfileRequest,
} from '@portal/contracts';
import { api } from '../../../lib/api/api';
import { fromContract } from '../../../lib/api/endpoint';

/**
 * The feature's own cache tags: 'InterpreterBoard' (the list), 'FollowSettings' (my
 * notification switch), 'IntegrationKey' (ADMIN's keys). Live status needs no tag: frames
 * patch the interpreters slice directly.
 */
const interpretersTaggedApi = api.enhanceEndpoints({
  addTagTypes: ['InterpreterBoard', 'FollowSettings', 'IntegrationKey'],
});

/** Interpreters: the board, follow, follow settings and integration keys. */
export const interpretersApi = interpretersTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    interpreterBoard: build.query({
      ...fromContract(I.listInterpreters, (_: void) => ({})),
      providesTags: ['InterpreterBoard'],
    }),
    // The answer carries the new follower count: the slice takes it (no refetch).
    follow: build.mutation({
      ...fromContract(I.followInterpreters, (body: TFollowRequest) => ({ body })),
    }),
    followSettings: build.query({
      ...fromContract(I.getFollowSettings, (_: void) => ({})),
      providesTags: ['FollowSettings'],
    }),
    saveFollowSettings: build.mutation({
      ...fromContract(I.updateFollowSettings, (body: TFollowSettings) => ({ body })),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(interpretersApi.util.upsertQueryData('followSettings', undefined, data));
      },
    }),
    // The board re-reads (team names and the team filter); the caller refreshes its own page.
    updateInterpreterProfile: build.mutation({
      ...fromContract(
        I.updateInterpreterProfile,
        ({ username, body }: { username: string; body: TInterpreterProfileRequest }) => ({
          params: { username },
          body,
        }),
      ),
      invalidatesTags: (result) => (result ? ['InterpreterBoard'] : []),
    }),
    integrationKeys: build.query({
      ...fromContract(I.listIntegrationKeys, (_: void) => ({})),
      providesTags: ['IntegrationKey'],
    }),
    createIntegrationKey: build.mutation({
      ...fromContract(I.createIntegrationKey, (body: { name: string }) => ({ body })),
      invalidatesTags: (result) => (result ? ['IntegrationKey'] : []),
    }),
    revokeIntegrationKey: build.mutation({
      ...fromContract(I.revokeIntegrationKey, (id: number) => ({ params: { id } })),
      invalidatesTags: ['IntegrationKey'],
    }),
  }),
});

export const {
  useInterpreterBoardQuery,
  useFollowMutation,
  useFollowSettingsQuery,
  useSaveFollowSettingsMutation,
  useUpdateInterpreterProfileMutation,
  useIntegrationKeysQuery,
  useCreateIntegrationKeyMutation,
  useRevokeIntegrationKeyMutation,
} = interpretersApi;
