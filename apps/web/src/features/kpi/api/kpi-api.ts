import {
  ZKpiDefinition,
  ZKpiDefinitionList,
  ZKpiMissing,
  ZKpiRecord,
  ZKpiRemindResult,
  ZKpiScorecard,
  ZKpiScores,
  type TKpiDefinition,
  type TKpiDefinitionRequest,
  type TKpiDefinitionsQuery,
  type TKpiMissing,
  type TKpiMissingQuery,
  type TKpiRecord,
  type TKpiRecordRequest,
  type TKpiRecordUpdateRequest,
  type TKpiRemindRequest,
  type TKpiScorecard,
  type TKpiScorecardQuery,
  type TKpiScores,
  type TKpiScoresQuery,
} from '@portal/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api/api';
import { downloadServerFile } from '../../../lib/api/download';

/**
 * KPIs. Own tags: 'KpiDefinition' (the definitions list), 'KpiRecord' (values:
 * a new or changed value also moves the scores, the missing list and scorecards, which
 * are all read from the records, so they share the tag), 'KpiMissing' (also moved by a
 * reminder, which stamps "last reminded").
 */
const kpiTaggedApi = api.enhanceEndpoints({ addTagTypes: ['KpiDefinition', 'KpiRecord', 'KpiMissing'] });

export const kpiApi = kpiTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    kpiDefinitions: build.query<TKpiDefinition[], TKpiDefinitionsQuery>({
      query: (params) => ({ url: 'kpi/definitions/', params }),
      responseSchema: ZKpiDefinitionList,
      providesTags: ['KpiDefinition'],
    }),
    saveKpiDefinition: build.mutation<TKpiDefinition, { id: number | null; body: TKpiDefinitionRequest }>({
      query: ({ id, body }) =>
        id === null
          ? { url: 'kpi/definitions/', method: 'POST', body }
          : { url: `kpi/definitions/${id}/`, method: 'PUT', body },
      responseSchema: ZKpiDefinition,
      // Which people a KPI applies to moves what is expected and missing.
      invalidatesTags: (r) => (r ? ['KpiDefinition', 'KpiRecord', 'KpiMissing'] : []),
    }),
    kpiScores: build.query<TKpiScores, TKpiScoresQuery>({
      query: (params) => ({ url: 'kpi/scores/', params }),
      responseSchema: ZKpiScores,
      providesTags: ['KpiRecord', 'KpiDefinition'],
    }),
    kpiMissing: build.query<TKpiMissing, TKpiMissingQuery>({
      query: (params) => ({ url: 'kpi/missing/', params }),
      responseSchema: ZKpiMissing,
      providesTags: ['KpiMissing', 'KpiRecord', 'KpiDefinition'],
    }),
    remindKpi: build.mutation<z.infer<typeof ZKpiRemindResult>, TKpiRemindRequest>({
      query: (body) => ({ url: 'kpi/missing/remind/', method: 'POST', body }),
      responseSchema: ZKpiRemindResult,
      invalidatesTags: (r) => (r ? ['KpiMissing'] : []),
    }),
    kpiRecord: build.query<TKpiRecord, number>({
      query: (id) => `kpi/records/${id}/`,
      responseSchema: ZKpiRecord,
      providesTags: ['KpiRecord'],
    }),
    addKpiRecord: build.mutation<TKpiRecord, TKpiRecordRequest>({
      query: (body) => ({ url: 'kpi/records/', method: 'POST', body }),
      responseSchema: ZKpiRecord,
      invalidatesTags: (r) => (r ? ['KpiRecord'] : []),
    }),
    updateKpiRecord: build.mutation<TKpiRecord, { id: number; body: TKpiRecordUpdateRequest }>({
      query: ({ id, body }) => ({ url: `kpi/records/${id}/`, method: 'PUT', body }),
      responseSchema: ZKpiRecord,
      invalidatesTags: (r) => (r ? ['KpiRecord'] : []),
    }),
    kpiScorecard: build.query<TKpiScorecard, { username: string } & TKpiScorecardQuery>({
      query: ({ username, ...params }) => ({ url: `kpi/users/${encodeURIComponent(username)}/scorecard/`, params }),
      responseSchema: ZKpiScorecard,
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
  return downloadServerFile(`kpi/scores/export.csv?${new URLSearchParams(query)}`, token, 'kpi-scores.csv');
}
