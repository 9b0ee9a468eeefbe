import {
  itAgentEndpoints,
  itEndpoints,
  type TCategoryRuleRequest,
  type TRedactionRuleRequest,
} from '@portal/contracts';
import { api } from '../../../lib/api/api';
import { fromContract } from '../../../lib/api/endpoint';

/**
 * The feature's own cache tags: 'ItList' (the board), 'ItDay' (one user's day), 'ItAgent'
 * (enrolled machines), 'ItRedactionRule' and 'ItCategoryRule' (what IT defines). Live
 * frames need no tag: they patch the `it` slice directly.
 */
const itTaggedApi = api.enhanceEndpoints({
  addTagTypes: ['ItList', 'ItDay', 'ItAgent', 'ItRedactionRule', 'ItCategoryRule'],
});

const I = itEndpoints;
const A = itAgentEndpoints;

/** IT monitoring: the board, a user's day, agents, redaction and category rules. */
export const itApi = itTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    // Spec §7: the records keyed by username; the `it` slice takes the answer.
    itList: build.query({
      ...fromContract(I.getItList, (_: void) => ({})),
      providesTags: ['ItList'],
    }),
    itDay: build.query({
      ...fromContract(I.getItUserDay, ({ username, date }: { username: string; date?: string }) => ({
        params: { username },
        query: date ? { date } : {},
      })),
      providesTags: (_r, _e, { username }) => [{ type: 'ItDay', id: username }],
    }),
    itAgents: build.query({
      ...fromContract(A.listAgents, (_: void) => ({})),
      providesTags: ['ItAgent'],
    }),
    revokeItAgent: build.mutation({
      ...fromContract(A.revokeAgent, (id: number) => ({ params: { id } })),
      invalidatesTags: (_r, error) => (error ? [] : ['ItAgent']),
    }),
    redactionRules: build.query({
      ...fromContract(I.listRedactionRules, (_: void) => ({})),
      providesTags: ['ItRedactionRule'],
    }),
    addRedactionRule: build.mutation({
      ...fromContract(I.createRedactionRule, (body: TRedactionRuleRequest) => ({ body })),
      invalidatesTags: (result) => (result ? ['ItRedactionRule'] : []),
    }),
    deleteRedactionRule: build.mutation({
      ...fromContract(I.deleteRedactionRule, (id: number) => ({ params: { id } })),
      invalidatesTags: (_r, error) => (error ? [] : ['ItRedactionRule']),
    }),
    categoryRules: build.query({
      ...fromContract(I.listCategoryRules, (_: void) => ({})),
      providesTags: ['ItCategoryRule'],
    }),
    // Categories change the day pages' totals: their answers are read again.
    addCategoryRule: build.mutation({
      ...fromContract(I.createCategoryRule, (body: TCategoryRuleRequest) => ({ body })),
      invalidatesTags: (result) => (result ? ['ItCategoryRule', 'ItDay'] : []),
    }),
    deleteCategoryRule: build.mutation({
      ...fromContract(I.deleteCategoryRule, (id: number) => ({ params: { id } })),
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
