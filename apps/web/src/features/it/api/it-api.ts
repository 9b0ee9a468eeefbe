import {
  ZAgentList,
  ZCategoryRule,
  ZCategoryRuleList,
  ZItDay,
  ZItList,
  ZRedactionRule,
  ZRedactionRuleList,
  type TAgent,
  type TCategoryRule,
  type TCategoryRuleRequest,
  type TItDay,
  type TItList,
  type TRedactionRule,
  type TRedactionRuleRequest,
} from '@portal/contracts';
import { api } from '../../../lib/api/api';

/**
 * The feature's own cache tags: 'ItList' (the board), 'ItDay' (one user's day), 'ItAgent'
 * (enrolled machines), 'ItRedactionRule' and 'ItCategoryRule' (what IT defines). Live
 * frames need no tag: they patch the `it` slice directly.
 */
const itTaggedApi = api.enhanceEndpoints({
  addTagTypes: ['ItList', 'ItDay', 'ItAgent', 'ItRedactionRule', 'ItCategoryRule'],
});

/** IT monitoring: the board, a user's day, agents, redaction and category rules. */
export const itApi = itTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    // Spec §7: the records keyed by username; the `it` slice takes the answer.
    itList: build.query<TItList, void>({
      query: () => 'script/it-list/',
      responseSchema: ZItList,
      providesTags: ['ItList'],
    }),
    itDay: build.query<TItDay, { username: string; date?: string }>({
      query: ({ username, date }) => ({
        url: `it/users/${encodeURIComponent(username)}/day/`,
        params: date ? { date } : undefined,
      }),
      responseSchema: ZItDay,
      providesTags: (_r, _e, { username }) => [{ type: 'ItDay', id: username }],
    }),
    itAgents: build.query<TAgent[], void>({
      query: () => 'it/agents/',
      responseSchema: ZAgentList,
      providesTags: ['ItAgent'],
    }),
    revokeItAgent: build.mutation<void, number>({
      query: (id) => ({ url: `it/agents/${id}/`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : ['ItAgent']),
    }),
    redactionRules: build.query<TRedactionRule[], void>({
      query: () => 'it/redaction-rules/',
      responseSchema: ZRedactionRuleList,
      providesTags: ['ItRedactionRule'],
    }),
    addRedactionRule: build.mutation<TRedactionRule, TRedactionRuleRequest>({
      query: (body) => ({ url: 'it/redaction-rules/', method: 'POST', body }),
      responseSchema: ZRedactionRule,
      invalidatesTags: (result) => (result ? ['ItRedactionRule'] : []),
    }),
    deleteRedactionRule: build.mutation<void, number>({
      query: (id) => ({ url: `it/redaction-rules/${id}/`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : ['ItRedactionRule']),
    }),
    categoryRules: build.query<TCategoryRule[], void>({
      query: () => 'it/category-rules/',
      responseSchema: ZCategoryRuleList,
      providesTags: ['ItCategoryRule'],
    }),
    // Categories change the day pages' totals: their answers are read again.
    addCategoryRule: build.mutation<TCategoryRule, TCategoryRuleRequest>({
      query: (body) => ({ url: 'it/category-rules/', method: 'POST', body }),
      responseSchema: ZCategoryRule,
      invalidatesTags: (result) => (result ? ['ItCategoryRule', 'ItDay'] : []),
    }),
    deleteCategoryRule: build.mutation<void, number>({
      query: (id) => ({ url: `it/category-rules/${id}/`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : ['ItCategoryRule', 'ItDay']),
    }),
  }),
});

export const {
  useItListQuery,
  useItDayQuery,
  useItAgentsQuery,
  useRevokeItAgentMutation,
  useRedactionRulesQuery,
  useAddRedactionRuleMutation,
  useDeleteRedactionRuleMutation,
  useCategoryRulesQuery,
  useAddCategoryRuleMutation,
  useDeleteCategoryRuleMutation,
} = itApi;
