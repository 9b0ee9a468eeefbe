import {
  ZFollowSettings,
  ZIntegrationKeyList,
  ZInterpreter,
  ZInterpreterList,
  ZNewIntegrationKey,
  type TFollowRequest,
  type TFollowSettings,
  type TIntegrationKey,
  type TInterpreter,
  type TNewIntegrationKey,
} from '@portal/contracts';
import { api } from '../../../lib/api/api';

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
    interpreterBoard: build.query<TInterpreter[], void>({
      query: () => 'user/interpreters/',
      responseSchema: ZInterpreterList,
      providesTags: ['InterpreterBoard'],
    }),
    // The answer carries the new follower count: the slice takes it (no refetch).
    follow: build.mutation<TInterpreter, TFollowRequest>({
      query: (body) => ({ url: 'user/follow/', method: 'POST', body }),
      responseSchema: ZInterpreter,
    }),
    followSettings: build.query<TFollowSettings, void>({
      query: () => 'user/follow-settings/',
      responseSchema: ZFollowSettings,
      providesTags: ['FollowSettings'],
    }),
    saveFollowSettings: build.mutation<TFollowSettings, TFollowSettings>({
      query: (body) => ({ url: 'user/follow-settings/', method: 'PUT', body }),
      responseSchema: ZFollowSettings,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(interpretersApi.util.upsertQueryData('followSettings', undefined, data));
      },
    }),
    integrationKeys: build.query<TIntegrationKey[], void>({
      query: () => 'admin/integration-keys/',
      responseSchema: ZIntegrationKeyList,
      providesTags: ['IntegrationKey'],
    }),
    createIntegrationKey: build.mutation<TNewIntegrationKey, { name: string }>({
      query: (body) => ({ url: 'admin/integration-keys/', method: 'POST', body }),
      responseSchema: ZNewIntegrationKey,
      invalidatesTags: (result) => (result ? ['IntegrationKey'] : []),
    }),
    revokeIntegrationKey: build.mutation<void, number>({
      query: (id) => ({ url: `admin/integration-keys/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['IntegrationKey'],
    }),
  }),
});

export const {
  useInterpreterBoardQuery,
  useFollowMutation,
  useFollowSettingsQuery,
  useSaveFollowSettingsMutation,
  useIntegrationKeysQuery,
  useCreateIntegrationKeyMutation,
  useRevokeIntegrationKeyMutation,
} = interpretersApi;
