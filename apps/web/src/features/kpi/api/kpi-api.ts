import {
  kpiEndpoints as K,
  ZKpiDefinition,
  type TKpiDefinition,
  type TKpiDefinitionRequest,
  type TKpiDefinitionsQuery,
  type TKpiMissingQuery,
  type TKpiRecordRequest,
  type TKpiRecordUpdateRequest,
  type TKpiRemindRequest,
  type TKpiScorecardQuery,
  type TKpiScoresQuery,
} from '@portal/contracts';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { api } from '../../../lib/api/api';
import { downloadServerFile } from '../../../lib/api/download';
import { contractRequest, fromContract } from '../../../lib/api/endpoint';

/**
 * KPIs. Own tags: 'KpiDefinition' (the definitions list), 'KpiRecord' (values:
 * a new or changed value also moves the scores, the missing list and scorecards, which
 * are all read from the records, so they share the tag), 'KpiMissing' (also moved by a
 * reminder, which stamps "last reminded").
 */
const kpiTaggedApi = api.enhanceEndpoints({ addTagTypes: ['KpiDefinition', 'KpiRecord', 'KpiMissing'] });

export const kpiApi = kpiTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    kpiDefinitions: build.query({
      ...fromContract(K.listKpiDefinitions, (query: TKpiDefinitionsQuery) => ({ query })),
      providesTags: ['KpiDefinition'],
    }),
    saveKpiDefinition: build.mutation<TKpiDefinition, { id: number | null; body: TKpiDefinitionRequest }>({
      query: ({ id, body }) =>
        id === null
          ? contractRequest(K.createKpiDefinition, { body })
          : contractRequest(K.updateKpiDefinition, { params: { id }, body }),
      // Parsed like the list (a missing name_ar reads as null): the answer's type is its output.
      responseSchema: ZKpiDefinition as unknown as StandardSchemaV1<TKpiDefinition>,
      // Which people a KPI applies to moves what is expected and missing.
      invalidatesTags: (r) => (r ? ['KpiDefinition', 'KpiRecord', 'KpiMissing'] : []),
    }),
    kpiScores: build.query({
      ...fromContract(K.getKpiScores, (query: TKpiScoresQuery) => ({ query })),
      providesTags: ['KpiRecord', 'KpiDefinition'],
    }),
    kpiMissing: build.query({
      ...fromContract(K.listMissingKpis, (query: TKpiMissingQuery) => ({ query })),
      providesTags: ['KpiMissing', 'KpiRecord', 'KpiDefinition'],
    }),
    remindKpi: build.mutation({
      ...fromContract(K.remindMissingKpis, (body: TKpiRemindRequest) => ({ body })),
      invalidatesTags: (r) => (r ? ['KpiMissing'] : []),
    }),
    kpiRecord: build.query({
      ...fromContract(K.getKpiRecord, (id: number) => ({ params: { id } })),
      providesTags: ['KpiRecord'],
    }),
    addKpiRecord: build.mutation({
      ...fromContract(K.createKpiRecord, (body: TKpiRecordRequest) => ({ body })),
      invalidatesTags: (r) => (r ? ['KpiRecord'] : []),
    }),
    updateKpiRecord: build.mutation({
      ...fromContract(K.updateKpiRecord, ({ id, body }: { id: number; body: TKpiRecordUpdateRequest }) => ({
        params: { id },
        body,
      })),
      invalidatesTags: (r) => (r ? ['KpiRecord'] : []),
    }),
    kpiScorecard: build.query({
      ...fromContract(K.getKpiScorecard, ({ username, ...query }: { username: string } & TKpiScorecardQuery) => ({
        params: { username },
        query,
      })),
      providesTags: ['KpiRecord', 'KpiDefinition'],
    }),
  }),
});

export const {
  useKpiDefinitionsQuery,
  useSaveKpiDefinitionMutation,
  useKpiScoresQuery,
  useKpiMissingQuery,
  useRemindKpiMutation,
  useKpiRecordQuery,
  useAddKpiRecordMutation,
  useUpdateKpiRecordMutation,
  useKpiScorecardQuery,
} = kpiApi;

/** The scores as the server's CSV, saved under the server's name. */
export function downloadKpiScoresCsv(query: Record<string, string>, token: string): Promise<void> {
  return downloadServerFile(
    `${K.exportKpiScoresCsv.path.slice(1)}?${new URLSearchParams(query)}`,
    token,
    'kpi-scores.csv',
  );
}
